#include "model/functional.h"

#include <cmath>
#include <limits>

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>

#include "model/dropout.h"
#include "model/fused_attention.h"
#include "model/head_products.h"

namespace bb {
namespace {

// [B, L, H*d] -> [B*H, L, d]; a view when H == 1, else one copy.
at::Tensor splitHeads(const at::Tensor& x, int64_t heads) {
    const int64_t batch = x.size(0);
    const int64_t length = x.size(1);
    const int64_t headDim = x.size(2) / heads;
    return x.view({batch, length, heads, headDim}).transpose(1, 2).reshape({batch * heads, length, headDim});
}

}  // namespace

at::Tensor applyActivation(const at::Tensor& input, Activation activation) {
    switch (activation) {
        case Activation::kGelu: return at::gelu(input);
        case Activation::kGeluTanh: return at::gelu(input, "tanh");
        case Activation::kRelu: return at::relu(input);
        case Activation::kQuickGelu: return input * at::sigmoid(input * 1.702);
        case Activation::kSilu: return at::silu(input);
    }
    return input;
}

at::Tensor additiveKeyMask(const at::Tensor& attentionMask, int64_t heads, at::ScalarType dtype) {
    const int64_t batch = attentionMask.size(0);
    const int64_t keys = attentionMask.size(1);
    // HF uses finfo(dtype).min of the model's dtype; float's would round to -inf in bf16/fp16.
    double lowest = std::numeric_limits<float>::lowest();
    if (dtype == at::kDouble) lowest = std::numeric_limits<double>::lowest();
    else if (dtype == at::kBFloat16) lowest = static_cast<float>(std::numeric_limits<c10::BFloat16>::lowest());
    else if (dtype == at::kHalf) lowest = static_cast<float>(std::numeric_limits<c10::Half>::lowest());
    const at::Tensor additive = (1.0 - attentionMask.to(dtype)) * lowest;
    return additive.view({batch, 1, 1, keys}).expand({batch, heads, 1, keys}).reshape({batch * heads, 1, keys});
}

at::Tensor multiHeadAttention(const at::Tensor& query, const at::Tensor& key, const at::Tensor& value, int64_t heads,
                              const at::Tensor& keyMask, double dropoutProb, bool training) {
    if (fusedAttentionApplies(query))
        return fusedMultiHeadAttention(query, key, value, heads, keyMask, dropoutProb, training);
    return eagerMultiHeadAttention(query, key, value, heads, keyMask, dropoutProb, training);
}

at::Tensor eagerMultiHeadAttention(const at::Tensor& query, const at::Tensor& key, const at::Tensor& value,
                                   int64_t heads, const at::Tensor& keyMask, double dropoutProb, bool training) {
    const int64_t batch = query.size(0);
    const int64_t queries = query.size(1);
    const int64_t width = query.size(2);
    const int64_t headDim = width / heads;
    const double scale = 1.0 / std::sqrt(static_cast<double>(headDim));
    if (headProductsApply(query, key, value, keyMask)) {
        at::Tensor probs = at::softmax(headScores(query, key, heads, scale, keyMask), -1);
        probs = applyDropout(probs, dropoutProb, training);
        return headContext(probs, value, heads);
    }
    const at::Tensor q = splitHeads(query, heads);
    const at::Tensor k = splitHeads(key, heads);
    const at::Tensor v = splitHeads(value, heads);
    // One fused product: scale * q kᵀ + mask. Without a mask, beta = 0 ignores the stand-in
    // input; it only has to broadcast.
    const at::Tensor scores = keyMask.defined()
                                  ? at::baddbmm(keyMask, q, k.transpose(1, 2), 1.0, scale)
                                  : at::baddbmm(at::zeros({1, 1, 1}, q.options()), q, k.transpose(1, 2), 0.0, scale);
    at::Tensor probs = at::softmax(scores, -1);
    probs = applyDropout(probs, dropoutProb, training);
    const at::Tensor context = at::bmm(probs, v);
    return context.view({batch, heads, queries, headDim}).transpose(1, 2).reshape({batch, queries, width});
}

}  // namespace bb
