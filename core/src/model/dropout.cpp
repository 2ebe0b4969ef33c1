#include "model/dropout.h"

#include <cstdint>
#include <mutex>

#include <ATen/CPUGeneratorImpl.h>
#include <torch/csrc/autograd/custom_function.h>

namespace bb {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// SplitMix64's output function applied to a Weyl sequence: a stateless hash of the counter, so
// every element's draw depends only on the seed and its index.
inline std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::uint64_t drawSeed() {
    auto generator = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(generator.mutex());
    return at::check_generator<at::CPUGeneratorImpl>(generator)->random64();
}

class FloatDropout : public torch::autograd::Function<FloatDropout> {
public:
    static at::Tensor forward(AutogradContext* ctx, const at::Tensor& input, double p) {
        const at::Tensor in = input.contiguous();
        at::Tensor out = at::empty_like(in);
        at::Tensor keep = at::empty(in.sizes(), in.options().dtype(at::kByte));
        // Keep when a uniform 32-bit draw falls below (1 - p) * 2^32.
        const auto threshold = static_cast<std::uint64_t>((1.0 - p) * 4294967296.0);
        const auto scale = static_cast<float>(1.0 / (1.0 - p));
        const std::uint64_t seed = drawSeed();
        const float* x = in.data_ptr<float>();
        float* y = out.data_ptr<float>();
        std::uint8_t* k = keep.data_ptr<std::uint8_t>();
        const int64_t count = in.numel();
        for (int64_t i = 0; i < count; i += 2) {
            const std::uint64_t bits = mix(seed + static_cast<std::uint64_t>(i / 2 + 1) * 0x9E3779B97F4A7C15ull);
            const bool first = (bits & 0xFFFFFFFFull) < threshold;
            k[i] = first;
            // A multiply even when dropped, as at::dropout's input * mask: NaN and inf stay NaN.
            y[i] = x[i] * (first ? scale : 0.0f);
            if (i + 1 < count) {
                const bool second = (bits >> 32) < threshold;
                k[i + 1] = second;
                y[i + 1] = x[i + 1] * (second ? scale : 0.0f);
            }
        }
        ctx->save_for_backward({keep});
        ctx->saved_data["scale"] = static_cast<double>(scale);
        return out;
    }

    static variable_list backward(AutogradContext* ctx, variable_list gradOutputs) {
        if (!gradOutputs[0].defined()) return {at::Tensor(), at::Tensor()};
        const at::Tensor keep = ctx->get_saved_variables()[0];
        const auto scale = static_cast<float>(ctx->saved_data["scale"].toDouble());
        const at::Tensor grad = gradOutputs[0].contiguous();
        at::Tensor gradInput = at::empty_like(grad);
        const float* g = grad.data_ptr<float>();
        const std::uint8_t* k = keep.data_ptr<std::uint8_t>();
        float* d = gradInput.data_ptr<float>();
        const int64_t count = grad.numel();
        for (int64_t i = 0; i < count; ++i) d[i] = g[i] * (static_cast<float>(k[i]) * scale);
        return {gradInput, at::Tensor()};
    }
};

}  // namespace

at::Tensor applyDropout(const at::Tensor& input, double p, bool training) {
    if (!training || p <= 0) return input;
    if (input.device().is_cpu() && input.scalar_type() == at::kFloat && p < 1) return FloatDropout::apply(input, p);
    return at::dropout(input, p, true);
}

}  // namespace bb
