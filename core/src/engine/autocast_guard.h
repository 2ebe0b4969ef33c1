// Mixed precision for one forward pass, the C++ counterpart of `torch.autocast`: enabled for
// the guard's lifetime, cast cache cleared on exit (as Python's context manager does, or the
// cached casts would keep stale weights alive across optimizer steps).
#pragma once

#include <torch/torch.h>

#include <string>

#include "util/torch_compat.h"

namespace bb {

class AutocastGuard {
public:
    // precision: fp32 (no-op), bf16, fp16. Validation has already refused fp16 on a CPU.
    AutocastGuard(const std::string& precision, const torch::Device& device) {
        if (precision == "fp32") return;
        const auto dtype = precision == "bf16" ? at::kBFloat16 : at::kHalf;
        m_type = device.is_cuda() ? c10::DeviceType::CUDA : c10::DeviceType::CPU;
        m_active = true;
        m_previousEnabled = compat::autocastEnabled(m_type);
        m_previousDtype = compat::autocastDtype(m_type);
        compat::setAutocastDtype(m_type, dtype);
        compat::setAutocastEnabled(m_type, true);
        at::autocast::increment_nesting();
    }
    ~AutocastGuard() {
        if (!m_active) return;
        if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
        compat::setAutocastEnabled(m_type, m_previousEnabled);
        compat::setAutocastDtype(m_type, m_previousDtype);
    }
    AutocastGuard(const AutocastGuard&) = delete;
    AutocastGuard& operator=(const AutocastGuard&) = delete;

private:
    bool m_active = false;
    c10::DeviceType m_type = c10::DeviceType::CPU;
    bool m_previousEnabled = false;
    at::ScalarType m_previousDtype = at::kFloat;
};

}  // namespace bb
