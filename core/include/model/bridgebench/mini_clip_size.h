// The image size the engine's own mini-clip model trains at: it has no config a run could store,
// so a comparison reads the size here (a sweep of mini-clip runs refused every speedup as "image
// size unknown" without it), and the model takes its default from the same figure.
#pragma once

#include <cstdint>

namespace bb {

inline constexpr std::int64_t kMiniClipImageSizePx = 64;

}  // namespace bb
