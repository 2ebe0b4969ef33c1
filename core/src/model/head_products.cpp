#include "model/head_products.h"

#include <climits>

#include <ATen/Context.h>
#include <torch/csrc/autograd/custom_function.h>

// Fortran BLAS, as LibTorch itself calls it. Weak, so that builds without a BLAS still link (the
// symbol is then null and attention takes the ATen path).
extern "C" void sgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
                       const float* alpha, const float* a, const int* lda, const float* b, const int* ldb,
                       const float* beta, float* c, const int* ldc) __attribute__((weak));

namespace bb {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// C = alpha * op(A) op(B) + beta * C for row-major matrices (M x K by K x N) with row strides
// lda, ldb, ldc; op transposes the matrix as stored. A column-major BLAS sees every row-major
// matrix transposed, so it is asked for Cᵀ = op(B)ᵀ op(A)ᵀ.
void gemmRowMajor(bool transA, bool transB, int64_t m, int64_t n, int64_t k, float alpha, const float* a,
                  int64_t lda, const float* b, int64_t ldb, float beta, float* c, int64_t ldc) {
    const char ta = transA ? 'T' : 'N';
    const char tb = transB ? 'T' : 'N';
    const int im = static_cast<int>(m), in = static_cast<int>(n), ik = static_cast<int>(k);
    const int ilda = static_cast<int>(lda), ildb = static_cast<int>(ldb), ildc = static_cast<int>(ldc);
    sgemm_(&tb, &ta, &in, &im, &ik, &alpha, b, &ildb, a, &ilda, &beta, c, &ildc);
}

bool fitsBlas(const at::Tensor& t) {
    if (t.numel() >= INT_MAX) return false;
    for (const int64_t stride : t.strides())
        if (stride >= INT_MAX) return false;
    return true;
}

bool packedOperand(const at::Tensor& t) {
    return t.defined() && t.device().is_cpu() && t.scalar_type() == at::kFloat && t.dim() == 3 && t.stride(2) == 1 &&
           t.size(1) > 0 && t.size(2) > 0 && t.stride(1) >= t.size(2) && fitsBlas(t);
}

// Per batch entry b and head h: the [rows, headDim] block of a packed [B, rows, heads * headDim]
// tensor starts at b * stride(0) + h * headDim and steps stride(1) floats from row to row.
struct Packed {
    float* data;
    int64_t batchStride;
    int64_t rowStride;
    int64_t headDim;
    float* block(int64_t b, int64_t h) const { return data + b * batchStride + h * headDim; }
};

Packed packed(const at::Tensor& t, int64_t heads) {
    return {t.data_ptr<float>(), t.stride(0), t.stride(1), t.size(2) / heads};
}

class HeadScores : public torch::autograd::Function<HeadScores> {
public:
    static at::Tensor forward(AutogradContext* ctx, const at::Tensor& query, const at::Tensor& key, int64_t heads,
                              double scale, const c10::optional<at::Tensor>& keyMask) {
        const int64_t batch = query.size(0), queries = query.size(1), keys = key.size(1);
        at::Tensor scores = at::empty({batch * heads, queries, keys}, query.options());
        // As at::baddbmm does: the mask first, then the product accumulated onto it.
        float beta = 0;
        if (keyMask.has_value()) {
            scores.copy_(keyMask->expand_as(scores));
            beta = 1;
        }
        const Packed q = packed(query, heads), k = packed(key, heads);
        float* out = scores.data_ptr<float>();
        for (int64_t b = 0; b < batch; ++b)
            for (int64_t h = 0; h < heads; ++h)
                gemmRowMajor(false, true, queries, keys, q.headDim, static_cast<float>(scale), q.block(b, h),
                             q.rowStride, k.block(b, h), k.rowStride, beta, out + (b * heads + h) * queries * keys,
                             keys);
        ctx->save_for_backward({query, key});
        ctx->saved_data["heads"] = heads;
        ctx->saved_data["scale"] = scale;
        return scores;
    }

    static variable_list backward(AutogradContext* ctx, variable_list gradOutputs) {
        const auto saved = ctx->get_saved_variables();
        const at::Tensor& query = saved[0];
        const at::Tensor& key = saved[1];
        const int64_t heads = ctx->saved_data["heads"].toInt();
        const auto scale = static_cast<float>(ctx->saved_data["scale"].toDouble());
        if (!gradOutputs[0].defined()) return {at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor()};
        const at::Tensor gradScores = gradOutputs[0].contiguous();
        const int64_t batch = query.size(0), queries = query.size(1), keys = key.size(1);
        const int64_t width = query.size(2);
        const Packed q = packed(query, heads), k = packed(key, heads);
        const float* dS = gradScores.data_ptr<float>();
        at::Tensor gradQuery, gradKey;
        // Every head writes its own columns, so the gradients need no zeroing.
        if (ctx->needs_input_grad(0)) {
            gradQuery = at::empty({batch, queries, width}, query.options());
            float* dQ = gradQuery.data_ptr<float>();
            for (int64_t b = 0; b < batch; ++b)
                for (int64_t h = 0; h < heads; ++h)
                    gemmRowMajor(false, false, queries, q.headDim, keys, scale,
                                 dS + (b * heads + h) * queries * keys, keys, k.block(b, h), k.rowStride, 0,
                                 dQ + b * queries * width + h * q.headDim, width);
        }
        if (ctx->needs_input_grad(1)) {
            gradKey = at::empty({batch, keys, width}, key.options());
            float* dK = gradKey.data_ptr<float>();
            for (int64_t b = 0; b < batch; ++b)
                for (int64_t h = 0; h < heads; ++h)
                    gemmRowMajor(true, false, keys, q.headDim, queries, scale,
                                 dS + (b * heads + h) * queries * keys, keys, q.block(b, h), q.rowStride, 0,
                                 dK + b * keys * width + h * q.headDim, width);
        }
        return {gradQuery, gradKey, at::Tensor(), at::Tensor(), at::Tensor()};
    }
};

class HeadContext : public torch::autograd::Function<HeadContext> {
public:
    static at::Tensor forward(AutogradContext* ctx, const at::Tensor& probs, const at::Tensor& value,
                              int64_t heads) {
        const at::Tensor p = probs.contiguous();
        const int64_t batch = value.size(0), queries = p.size(1), keys = p.size(2), width = value.size(2);
        at::Tensor context = at::empty({batch, queries, width}, value.options());
        const Packed v = packed(value, heads);
        const float* pData = p.data_ptr<float>();
        float* out = context.data_ptr<float>();
        for (int64_t b = 0; b < batch; ++b)
            for (int64_t h = 0; h < heads; ++h)
                gemmRowMajor(false, false, queries, v.headDim, keys, 1.0f, pData + (b * heads + h) * queries * keys,
                             keys, v.block(b, h), v.rowStride, 0, out + b * queries * width + h * v.headDim, width);
        ctx->save_for_backward({p, value});
        ctx->saved_data["heads"] = heads;
        return context;
    }

    static variable_list backward(AutogradContext* ctx, variable_list gradOutputs) {
        const auto saved = ctx->get_saved_variables();
        const at::Tensor& probs = saved[0];
        const at::Tensor& value = saved[1];
        const int64_t heads = ctx->saved_data["heads"].toInt();
        if (!gradOutputs[0].defined()) return {at::Tensor(), at::Tensor(), at::Tensor()};
        const at::Tensor gradContext = gradOutputs[0].contiguous();
        const int64_t batch = value.size(0), queries = probs.size(1), keys = probs.size(2), width = value.size(2);
        const Packed v = packed(value, heads);
        const float* p = probs.data_ptr<float>();
        const float* dC = gradContext.data_ptr<float>();
        at::Tensor gradProbs, gradValue;
        if (ctx->needs_input_grad(0)) {
            gradProbs = at::empty({batch * heads, queries, keys}, probs.options());
            float* dP = gradProbs.data_ptr<float>();
            for (int64_t b = 0; b < batch; ++b)
                for (int64_t h = 0; h < heads; ++h)
                    gemmRowMajor(false, true, queries, keys, v.headDim, 1.0f, dC + b * queries * width + h * v.headDim,
                                 width, v.block(b, h), v.rowStride, 0, dP + (b * heads + h) * queries * keys, keys);
        }
        if (ctx->needs_input_grad(1)) {
            gradValue = at::empty({batch, keys, width}, value.options());
            float* dV = gradValue.data_ptr<float>();
            for (int64_t b = 0; b < batch; ++b)
                for (int64_t h = 0; h < heads; ++h)
                    gemmRowMajor(true, false, keys, v.headDim, queries, 1.0f, p + (b * heads + h) * queries * keys,
                                 keys, dC + b * queries * width + h * v.headDim, width, 0,
                                 dV + b * keys * width + h * v.headDim, width);
        }
        return {gradProbs, gradValue, at::Tensor()};
    }
};

}  // namespace

bool headProductsApply(const at::Tensor& query, const at::Tensor& key, const at::Tensor& value,
                       const at::Tensor& keyMask) {
    // MKL builds batch at::bmm themselves; a missing BLAS leaves sgemm_ null.
    if (sgemm_ == nullptr || at::hasMKL()) return false;
    if (!packedOperand(query) || !packedOperand(key) || !packedOperand(value)) return false;
    if (key.size(0) != query.size(0) || value.sizes() != key.sizes() || key.size(2) != query.size(2)) return false;
    if (keyMask.defined() && (keyMask.scalar_type() != at::kFloat || !keyMask.device().is_cpu())) return false;
    return true;
}

at::Tensor headScores(const at::Tensor& query, const at::Tensor& key, int64_t heads, double scale,
                      const at::Tensor& keyMask) {
    // Optional, not an undefined tensor: autograd functions take no undefined tensor inputs.
    return HeadScores::apply(query, key, heads, scale,
                             keyMask.defined() ? c10::optional<at::Tensor>(keyMask) : c10::nullopt);
}

at::Tensor headContext(const at::Tensor& probs, const at::Tensor& value, int64_t heads) {
    return HeadContext::apply(probs, value, heads);
}

}  // namespace bb
