#include "cli/figure_text.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace bb::cli {

std::string samplesPerSecText(double value) {
    if (!std::isfinite(value)) return "-";
    if (value == 0 || std::abs(value) >= 10) return fmt::format("{:.1f}", value);
    const int decimals = std::max(0, 2 - static_cast<int>(std::floor(std::log10(std::abs(value)))));
    return fmt::format("{:.{}f}", value, decimals);
}

}  // namespace bb::cli
