#include "model/fused_attention.h"

#include <stdexcept>

#include "util/torch_compat.h"

namespace bb {

namespace {

// [B, L, H*d] -> [B, H, L, d], a view: the fused kernels take strided inputs, so the packed
// projection's chunks need no copy here (the eager path copies them into [B*H, L, d]).
[[maybe_unused]] at::Tensor headsView(const at::Tensor& x, int64_t heads) {
    return x.view({x.size(0), x.size(1), heads, x.size(2) / heads}).transpose(1, 2);
}

}  // namespace

bool fusedAttentionAvailable() noexcept { return compat::hasScaledDotProductAttention(); }

bool fusedAttentionApplies(const at::Tensor& query) noexcept {
    return fusedAttentionAvailable() && query.defined() && query.is_cuda();
}

at::Tensor fusedMultiHeadAttention(const at::Tensor& query, const at::Tensor& key, const at::Tensor& value,
                                   int64_t heads, const at::Tensor& keyMask, double dropoutProb, bool training) {
#if BB_TORCH_HAS_SDPA
    const int64_t batch = query.size(0);
    const int64_t queries = query.size(1);
    const int64_t width = query.size(2);
    c10::optional<at::Tensor> mask;
    // additiveKeyMask's [B*H, 1, Lk] is [B, H, 1, Lk] row-major; the operator broadcasts it over
    // the queries.
    if (keyMask.defined()) mask = keyMask.view({batch, heads, 1, keyMask.size(-1)});
    // The operator's default scale is 1 / sqrt(d), the eager path's; passing it explicitly
    // would need the `scale` argument that 2.0 lacks (it came in 2.1).
    const at::Tensor context = at::scaled_dot_product_attention(
        headsView(query, heads), headsView(key, heads), headsView(value, heads), mask,
        training ? dropoutProb : 0.0, /*is_causal=*/false);
    return context.transpose(1, 2).reshape({batch, queries, width});
#else
    (void)query, (void)key, (void)value, (void)heads, (void)keyMask, (void)dropoutProb, (void)training;
    throw std::logic_error("at::scaled_dot_product_attention needs LibTorch 2.0 or newer");
#endif
}

}  // namespace bb
