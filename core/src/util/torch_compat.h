// The one place where LibTorch 1.13 (Debian) and 2.x (pip, CUDA) differ for the engine's use,
// other than c10d (distributed/c10d_compat.h). Keyed on <torch/version.h> so that the choice is
// made by the headers being compiled against, never by a build option that could disagree.
//
// - Autocast: 2.4 replaced the per-backend calls (is_enabled / set_enabled for CUDA,
//   is_cpu_enabled, get_autocast_gpu_dtype, ...) with calls taking the device type; the old
//   ones are deprecated there and warn on every call.
// - at::scaled_dot_product_attention (fused attention: flash, memory-efficient and cuDNN
//   kernels on CUDA) exists from 2.0 on.
#pragma once

#include <ATen/autocast_mode.h>
#include <torch/version.h>

#define BB_TORCH_VERSION_AT_LEAST(major, minor) \
    (TORCH_VERSION_MAJOR > (major) || (TORCH_VERSION_MAJOR == (major) && TORCH_VERSION_MINOR >= (minor)))

#if BB_TORCH_VERSION_AT_LEAST(2, 0)
#define BB_TORCH_HAS_SDPA 1
#else
#define BB_TORCH_HAS_SDPA 0
#endif

#if BB_TORCH_VERSION_AT_LEAST(2, 4)
#define BB_TORCH_AUTOCAST_BY_DEVICE_TYPE 1
#else
#define BB_TORCH_AUTOCAST_BY_DEVICE_TYPE 0
#endif

namespace bb::compat {

// Only CPU and CUDA autocast are used; other device types are a caller's bug.
inline bool autocastEnabled(c10::DeviceType type) {
#if BB_TORCH_AUTOCAST_BY_DEVICE_TYPE
    return at::autocast::is_autocast_enabled(type);
#else
    return type == c10::DeviceType::CUDA ? at::autocast::is_enabled() : at::autocast::is_cpu_enabled();
#endif
}

inline void setAutocastEnabled(c10::DeviceType type, bool enabled) {
#if BB_TORCH_AUTOCAST_BY_DEVICE_TYPE
    at::autocast::set_autocast_enabled(type, enabled);
#else
    if (type == c10::DeviceType::CUDA) at::autocast::set_enabled(enabled);
    else at::autocast::set_cpu_enabled(enabled);
#endif
}

inline at::ScalarType autocastDtype(c10::DeviceType type) {
#if BB_TORCH_AUTOCAST_BY_DEVICE_TYPE
    return at::autocast::get_autocast_dtype(type);
#else
    return type == c10::DeviceType::CUDA ? at::autocast::get_autocast_gpu_dtype() : at::autocast::get_autocast_cpu_dtype();
#endif
}

inline void setAutocastDtype(c10::DeviceType type, at::ScalarType dtype) {
#if BB_TORCH_AUTOCAST_BY_DEVICE_TYPE
    at::autocast::set_autocast_dtype(type, dtype);
#else
    if (type == c10::DeviceType::CUDA) at::autocast::set_autocast_gpu_dtype(dtype);
    else at::autocast::set_autocast_cpu_dtype(dtype);
#endif
}

// Whether this LibTorch has at::scaled_dot_product_attention (run-time form of the macro, for
// tests and the run's environment).
constexpr bool hasScaledDotProductAttention() { return BB_TORCH_HAS_SDPA != 0; }

}  // namespace bb::compat
