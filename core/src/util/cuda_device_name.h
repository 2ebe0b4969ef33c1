// Whether a `device` key's value names a CUDA device, for the checks that take the key as text
// (validation, the backend and AdamW choices) before or without LibTorch's own parser.
#pragma once

#include <string_view>

namespace bb {

inline bool namesCudaDevice(std::string_view device) { return device == "cuda" || device.rfind("cuda:", 0) == 0; }

}  // namespace bb
