// Stateless pieces the BridgeTower modules share: activations and multi-head attention.
#pragma once

#include <ATen/ATen.h>

#include "bridgebench/bridgetower_config.h"

namespace bb {

at::Tensor applyActivation(const at::Tensor& input, Activation activation);

// HF's extended attention mask, (1 - mask) * finfo(float).min, repeated per head in the layout
// multiHeadAttention() takes: [batch * heads, 1, keys]. attentionMask: [batch, keys], 1 = attend.
at::Tensor additiveKeyMask(const at::Tensor& attentionMask, int64_t heads, at::ScalarType dtype);

// softmax(q kᵀ / sqrt(d) + keyMask) v over `heads` heads. query [B, Lq, H*d], key and value
// [B, Lk, H*d] (they may be strided views, e.g. chunks of a packed projection); keyMask as
// additiveKeyMask() returns, or undefined for "attend everywhere". Returns [B, Lq, H*d].
// CUDA tensors go through at::scaled_dot_product_attention where this LibTorch has it
// (model/fused_attention.h), everything else through eagerMultiHeadAttention().
at::Tensor multiHeadAttention(const at::Tensor& query, const at::Tensor& key, const at::Tensor& value, int64_t heads,
                              const at::Tensor& keyMask, double dropoutProb, bool training);

// The same with ATen's batched products and softmax, and the CPU's packed-operand kernels
// (model/head_products.h) where they apply: what every CPU figure was measured with.
at::Tensor eagerMultiHeadAttention(const at::Tensor& query, const at::Tensor& key, const at::Tensor& value,
                                   int64_t heads, const at::Tensor& keyMask, double dropoutProb, bool training);

}  // namespace bb
