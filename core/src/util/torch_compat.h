// The one place where LibTorch 1.13 (Debian) and 2.x (pip, CUDA) differ for the engine's use,
// other than c10d (distributed/c10d_compat.h). Keyed on <torch/version.h> so that the choice is
// made by the headers being compiled against, never by a build option that could disagree.
//
// - Autocast: 2.4 replaced the per-backend calls (is_enabled / set_enabled for CUDA,
//   is_cpu_enabled, get_autocast_gpu_dtype, ...) with calls taking the device type; the old
//   ones are deprecated there and warn on every call.
// - at::scaled_dot_product_attention (fused attention: flash, memory-efficient and cuDNN
//   kernels on CUDA) exists from 2.0 on.
// - The profiler's KinetoEvent gives startUs() and durationUs() in 1.13 and startNs() and
//   durationNs() in 2.x (2.6 and 2.14 have no ...Us() left); asked of the type, not the version.
// - torch::optim::Optimizer's per-parameter state is keyed by the TensorImpl's address as text
//   in 1.13 and by the address itself in 2.x (2.6 and 2.14 checked by check-torch-headers.sh).
#pragma once

#include <ATen/autocast_mode.h>
#include <ATen/core/Tensor.h>
#include <torch/version.h>

#include <sstream>
#include <string>
#include <type_traits>

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

// The key under which torch::optim keeps a parameter's state in a map of type StateMap (an
// optimizer's state_), so that an optimizer of ours and LibTorch's own serialisation agree.
template <typename StateMap>
typename StateMap::key_type optimizerStateKey(const at::Tensor& parameter) {
    using Key = typename StateMap::key_type;
    if constexpr (std::is_same_v<Key, std::string>) {
        std::ostringstream text;  // as 1.13's c10::guts::to_string, which 2.x removed
        text << parameter.unsafeGetTensorImpl();
        return text.str();
    } else {
        return parameter.unsafeGetTensorImpl();
    }
}

namespace detail {
template <typename Event>
auto startNs(const Event& event, int) -> decltype(static_cast<std::int64_t>(event.startNs())) {
    return static_cast<std::int64_t>(event.startNs());
}
template <typename Event>
std::int64_t startNs(const Event& event, long) {
    return static_cast<std::int64_t>(event.startUs()) * 1000;
}
template <typename Event>
auto durationNs(const Event& event, int) -> decltype(static_cast<std::int64_t>(event.durationNs())) {
    return static_cast<std::int64_t>(event.durationNs());
}
template <typename Event>
std::int64_t durationNs(const Event& event, long) {
    return static_cast<std::int64_t>(event.durationUs()) * 1000;
}
}  // namespace detail

// A profiler event's start and duration in nanoseconds of its clock (the wall clock), whichever
// of the two pairs the event type has.
template <typename Event>
std::int64_t profiledStartNs(const Event& event) {
    return detail::startNs(event, 0);
}
template <typename Event>
std::int64_t profiledDurationNs(const Event& event) {
    return detail::durationNs(event, 0);
}

}  // namespace bb::compat
