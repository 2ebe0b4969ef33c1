// The two batched products of multi-head attention, taken per head straight from the packed
// [batch, length, heads * headDim] layout the projections produce, through BLAS.
//
// Why: LibTorch builds without MKL (Debian's) run at::bmm as a loop over the batch that goes
// through the dispatcher for every matrix (three selects and an addmm each), and attention needs
// its heads split into a contiguous [batch * heads, ...] copy first and merged back after. On the
// tiny preset that is ~2000 small matrices per training step. Here each matrix is one sgemm call
// on strided pointers: no split or merge copies, no per-matrix dispatch.
//
// Available only for float32 CPU tensors whose last dimension is dense, on builds with a BLAS and
// without MKL (whose at::bmm is batched already); callers check headProductsApply() and take the
// ATen path otherwise. The results are at::baddbmm's / at::bmm's up to float rounding. Gradients
// are first order only: the backward passes are not themselves differentiable.
#pragma once

#include <ATen/ATen.h>

namespace bb {

bool headProductsApply(const at::Tensor& query, const at::Tensor& key, const at::Tensor& value,
                       const at::Tensor& keyMask);

// scale * q_h k_hᵀ (+ keyMask) for every batch entry and head: [B * heads, Lq, Lk].
// query [B, Lq, heads * d] and key [B, Lk, heads * d], each with a unit stride in the last
// dimension; keyMask broadcastable to the result (it gets no gradient), or undefined.
at::Tensor headScores(const at::Tensor& query, const at::Tensor& key, int64_t heads, double scale,
                      const at::Tensor& keyMask);

// probs_h v_h, written into [B, Lq, heads * d]. probs [B * heads, Lq, Lk]; value [B, Lk, heads * d]
// with a unit stride in the last dimension.
at::Tensor headContext(const at::Tensor& probs, const at::Tensor& value, int64_t heads);

}  // namespace bb
