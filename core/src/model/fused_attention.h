// Multi-head attention through at::scaled_dot_product_attention, LibTorch's fused kernels
// (flash, memory-efficient, cuDNN on CUDA; a fused CPU kernel too). It exists from LibTorch 2.0
// (util/torch_compat.h); multiHeadAttention() takes it for CUDA tensors where it exists and its
// own eager path everywhere else, so the CPU figures keep the path they were measured with.
#pragma once

#include <ATen/ATen.h>

namespace bb {

// Whether this LibTorch has the fused operator at all.
bool fusedAttentionAvailable() noexcept;

// Whether multiHeadAttention() sends these inputs through the fused operator: CUDA tensors on a
// LibTorch that has it.
bool fusedAttentionApplies(const at::Tensor& query) noexcept;

// Same contract as multiHeadAttention() (model/functional.h): query [B, Lq, H*d], key and value
// [B, Lk, H*d], keyMask [B*H, 1, Lk] additive or undefined; returns [B, Lq, H*d]. Dropout on the
// attention probabilities is the operator's own (its random stream, not applyDropout's).
// Throws std::logic_error on a LibTorch without the operator: check fusedAttentionAvailable().
at::Tensor fusedMultiHeadAttention(const at::Tensor& query, const at::Tensor& key, const at::Tensor& value,
                                   int64_t heads, const at::Tensor& keyMask, double dropoutProb, bool training);

}  // namespace bb
