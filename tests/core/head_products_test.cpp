#include "model/head_products.h"

#include <cmath>

#include <gtest/gtest.h>

#include <torch/torch.h>

#include "model/functional.h"

namespace bb::head_products_test {
namespace {

// The ATen formulation the head products replace: split heads, baddbmm, softmax, bmm, merge.
at::Tensor referenceAttention(const at::Tensor& query, const at::Tensor& key, const at::Tensor& value, int64_t heads,
                              const at::Tensor& keyMask) {
    const auto split = [heads](const at::Tensor& x) {
        return x.view({x.size(0), x.size(1), heads, x.size(2) / heads})
            .transpose(1, 2)
            .reshape({x.size(0) * heads, x.size(1), x.size(2) / heads});
    };
    const double scale = 1.0 / std::sqrt(static_cast<double>(query.size(2) / heads));
    at::Tensor scores = at::bmm(split(query), split(key).transpose(1, 2)) * scale;
    if (keyMask.defined()) scores = scores + keyMask;
    const at::Tensor context = at::bmm(at::softmax(scores, -1), split(value));
    return context.view({query.size(0), heads, query.size(1), -1}).transpose(1, 2).reshape(query.sizes());
}

struct Inputs {
    at::Tensor packed;  // [B, L, 3 * width]: query, key and value as strided chunks, as CLIP packs them
    at::Tensor query, key, value;
};

Inputs makeInputs(int64_t batch, int64_t queries, int64_t keys, int64_t width) {
    Inputs in;
    in.query = torch::randn({batch, queries, width}, torch::requires_grad());
    in.packed = torch::randn({batch, keys, 3 * width}, torch::requires_grad());
    const auto chunks = in.packed.chunk(3, -1);
    in.key = chunks[1];
    in.value = chunks[2];
    return in;
}

void expectAttentionMatchesReference(bool masked) {
    torch::manual_seed(3);
    const int64_t batch = 3, queries = 5, keys = 7, heads = 4, width = 32;
    Inputs fast = makeInputs(batch, queries, keys, width);
    Inputs slow;
    slow.query = fast.query.detach().clone().requires_grad_(true);
    slow.packed = fast.packed.detach().clone().requires_grad_(true);
    slow.key = slow.packed.chunk(3, -1)[1];
    slow.value = slow.packed.chunk(3, -1)[2];
    at::Tensor keyMask;
    if (masked) {
        at::Tensor attend = torch::ones({batch, keys}, torch::kLong);
        attend.index_put_({1, torch::indexing::Slice(4, torch::indexing::None)}, 0);
        keyMask = additiveKeyMask(attend, heads, at::kFloat);
    }
    if (!headProductsApply(fast.query, fast.key, fast.value, keyMask))
        GTEST_SKIP() << "this LibTorch build takes the ATen path (MKL or no BLAS)";

    const double scale = 1.0 / std::sqrt(static_cast<double>(width / heads));
    const at::Tensor probs = at::softmax(headScores(fast.query, fast.key, heads, scale, keyMask), -1);
    const at::Tensor out = headContext(probs, fast.value, heads);
    const at::Tensor expected = referenceAttention(slow.query, slow.key, slow.value, heads, keyMask);
    ASSERT_EQ(out.sizes(), expected.sizes());
    EXPECT_TRUE(torch::allclose(out, expected, 1e-5, 1e-6));

    const at::Tensor weights = torch::randn(out.sizes());
    (out * weights).sum().backward();
    (expected * weights).sum().backward();
    EXPECT_TRUE(torch::allclose(fast.query.grad(), slow.query.grad(), 1e-5, 1e-6));
    EXPECT_TRUE(torch::allclose(fast.packed.grad(), slow.packed.grad(), 1e-5, 1e-6));
    EXPECT_GT(fast.packed.grad().abs().sum().item<double>(), 0.0);
}

TEST(HeadProducts, MatchBatchedMatmulsAndTheirGradientsWithStridedInputs) { expectAttentionMatchesReference(false); }

TEST(HeadProducts, MatchBatchedMatmulsAndTheirGradientsWithAKeyMask) { expectAttentionMatchesReference(true); }

TEST(HeadProducts, LeaveOtherDtypesToATen) {
    const at::Tensor x = torch::randn({2, 3, 8}, torch::kDouble);
    EXPECT_FALSE(headProductsApply(x, x, x, {}));
}

}  // namespace
}  // namespace bb::head_products_test
