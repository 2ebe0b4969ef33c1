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

namespace {

// The next nice step below `step` (5 -> 2.5 -> 2 -> 1 -> 0.5 ...; no 2.5 on integer axes).
double finerStep(double step, bool integerSteps) {
    const double magnitude = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    const double factor = step / magnitude;
    if (factor > 4.9) return (integerSteps ? 2.0 : 2.5) * magnitude;
    if (factor > 2.4) return 2.0 * magnitude;
    if (factor > 1.9) return 1.0 * magnitude;
    return 0.5 * magnitude;
}

int multiplesInside(double low, double high, double step) {
    const double tolerance = 1e-9;
    return static_cast<int>(std::floor(high / step + tolerance) - std::ceil(low / step - tolerance)) + 1;
}

}  // namespace

double niceStepInside(double low, double high, int roughCount, bool integerSteps) {
    double step = niceAxisTicks(low, high, roughCount, integerSteps).step;
    if (!std::isfinite(low) || !std::isfinite(high) || high <= low) return step;
    // Two multiples fit once the step is at most the range, a few finer steps away at most.
    for (int finer = 0; finer < 8 && multiplesInside(low, high, step) < 2; ++finer) {
        const double next = finerStep(step, integerSteps);
        if (integerSteps && next < 1) break;
        step = next;
    }
    return step;
}

}  // namespace bb
