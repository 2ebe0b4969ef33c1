// Whether a figure that enters from someone's files or options is one a run can have: finite and
// within a stated range. One wording for every reader that refuses one (Trainer results, CSV cells,
// TensorBoard scalars), so that they all name the value and the range alike.
#pragma once

#include <cmath>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace bb {

// "-5 is not a figure a step can have (expected 0 to 1e+12)"; empty where `value` fits. `whose`:
// "run" or "step".
inline std::string figureRangeProblem(double value, double least, double most, std::string_view whose) {
    if (std::isfinite(value) && value >= least && value <= most) return {};
    return fmt::format("{:.6g} is not a figure a {} can have (expected {:g} to {:g})", value, whose, least, most);
}

}  // namespace bb
