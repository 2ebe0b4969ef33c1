// Mixed precision for one forward pass, the C++ counterpart of `torch.autocast`: enabled for
// the guard's lifetime, cast cache cleared on exit (as Python's context manager does, or the
// cached casts would keep stale weights alive across optimizer steps).
#pragma once

#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <string>

namespace bb {

class AutocastGuard {
public:
    // precision: fp32 (no-op), bf16, fp16. Validation has already refused fp16 on a CPU.
    AutocastGuard(const std::string& precision, const torch::Device& device) {
        if (precision == "fp32") return;
        const auto dtype = precision == "bf16" ? at::kBFloat16 : at::kHalf;
        m_cuda = device.is_cuda();
        m_active = true;
        if (m_cuda) {
            m_previousEnabled = at::autocast::is_enabled();
            m_previousDtype = at::autocast::get_autocast_gpu_dtype();
            at::autocast::set_autocast_gpu_dtype(dtype);
            at::autocast::set_enabled(true);
        } else {
            m_previousEnabled = at::autocast::is_cpu_enabled();
            m_previousDtype = at::autocast::get_autocast_cpu_dtype();
            at::autocast::set_autocast_cpu_dtype(dtype);
            at::autocast::set_cpu_enabled(true);
        }
        at::autocast::increment_nesting();
    }
    ~AutocastGuard() {
        if (!m_active) return;
        if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
        if (m_cuda) {
            at::autocast::set_enabled(m_previousEnabled);
            at::autocast::set_autocast_gpu_dtype(m_previousDtype);
        } else {
            at::autocast::set_cpu_enabled(m_previousEnabled);
            at::autocast::set_autocast_cpu_dtype(m_previousDtype);
        }
    }
    AutocastGuard(const AutocastGuard&) = delete;
    AutocastGuard& operator=(const AutocastGuard&) = delete;

private:
    bool m_active = false;
    bool m_cuda = false;
    bool m_previousEnabled = false;
    at::ScalarType m_previousDtype = at::kFloat;
};

}  // namespace bb
