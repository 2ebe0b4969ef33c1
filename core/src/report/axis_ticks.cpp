#include "bridgebench/axis_ticks.h"

#include <algorithm>
#include <cmath>

namespace bb {

int AxisTicks::count() const { return std::max(2, static_cast<int>(std::lround((max - min) / step)) + 1); }

AxisTicks niceAxisTicks(double low, double high, int roughCount, bool integerSteps) {
    if (!std::isfinite(low)) low = 0;
    if (!std::isfinite(high) || high < low) high = low;
    if (high == low) high = low + 1;
    const double rough = (high - low) / std::max(1, roughCount);
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    AxisTicks ticks;
    ticks.step = 10 * magnitude;
    for (const double factor : {1.0, 2.0, 2.5, 5.0}) {
        // 2.5 steps would put ticks between whole steps.
        if (integerSteps && factor == 2.5) continue;
        if (factor * magnitude >= rough) {
            ticks.step = factor * magnitude;
            break;
        }
    }
    if (integerSteps) ticks.step = std::max(1.0, std::round(ticks.step));
    // A relative tolerance keeps 1000 from becoming 1250 because 1000 / 250 is 4.0000000001.
    const double tolerance = 1e-9;
    ticks.min = std::floor(low / ticks.step + tolerance) * ticks.step;
    ticks.max = std::ceil(high / ticks.step - tolerance) * ticks.step;
    if (ticks.max <= ticks.min) ticks.max = ticks.min + ticks.step;
    ticks.decimals = 0;
    for (double scaled = ticks.step; ticks.decimals < 12 && std::abs(scaled - std::round(scaled)) > 1e-6 * scaled;
         scaled *= 10)
        ++ticks.decimals;
    return ticks;
}

}  // namespace bb
