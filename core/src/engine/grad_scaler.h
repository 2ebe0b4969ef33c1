// Dynamic loss scaling for fp16 autocast, as torch.cuda.amp.GradScaler does: fp16 gradients
// below ~6e-8 flush to zero, so backward starts from loss × scale and the gradients are divided
// by the scale before clipping and the optimizer. A step whose gradients hold an inf or NaN
// (the scale was too large) is skipped and the scale halves; after `growthInterval` clean steps
// in a row it doubles. bf16 has fp32's exponent range and needs none of this.
//
// With data parallel the gradients are already the world's mean when unscale() sees them, so
// every rank finds the same overflow and skips the same steps.
#pragma once

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>
#include <torch/torch.h>

namespace bb {

struct GradScalerOptions {
    double initialScale = 65536.0;  // 2^16, PyTorch's default
    double growthFactor = 2.0;
    double backoffFactor = 0.5;
    std::int64_t growthInterval = 2000;
};

class GradScaler {
public:
    explicit GradScaler(GradScalerOptions options = {});

    torch::Tensor scale(const torch::Tensor& loss) const;
    // Divides every defined gradient by the scale, in place. Returns false when any of them
    // holds an inf or NaN: the caller then skips the optimizer step. One host read per call.
    bool unscale(const std::vector<torch::Tensor>& parameters);
    // After each step, taken or skipped.
    void update(bool finite);

    double currentScale() const { return m_scale; }
    std::int64_t skippedSteps() const { return m_skipped; }
    // {"initial_scale", "final_scale", "skipped_steps", "growth_interval"} for the run's summary.
    nlohmann::json toJson() const;

private:
    GradScalerOptions m_options;
    double m_scale;
    std::int64_t m_cleanSteps = 0;
    std::int64_t m_skipped = 0;
};

}  // namespace bb
