#include "bridgebench/speedup_figure.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace bb {

std::string speedupFigure(double speedup) {
    if (!std::isfinite(speedup)) return {};
    const double magnitude = std::abs(speedup);
    if (magnitude == 0 || (magnitude >= 0.1 && magnitude < 10)) return fmt::format("{:.2f}", speedup);
    const int decimals = std::max(0, 2 - static_cast<int>(std::floor(std::log10(magnitude))));
    return fmt::format("{:.{}f}", speedup, decimals);
}

}  // namespace bb
