// Round ticks for a chart axis, shared by the GUI's charts and the reports' so both read alike:
// steps of 1, 2, 2.5 or 5 times a power of ten (1, 2 or 5 for integer axes such as steps).
#pragma once

namespace bb {

struct AxisTicks {
    double min = 0;   // first tick, a multiple of step at or below the data's low end
    double max = 1;   // last tick, a multiple of step at or above the data's high end
    double step = 1;  // > 0
    // Digits after the point that every tick needs (0 for 250, 1 for 2.5, 2 for 0.25).
    int decimals = 0;
    int count() const;  // ticks from min to max inclusive, >= 2
};

// Ticks covering [low, high] with about `roughCount` intervals. A non-finite or empty range
// gives [low, low + 1] (or [0, 1]); integerSteps keeps step >= 1 and whole.
AxisTicks niceAxisTicks(double low, double high, int roughCount, bool integerSteps = false);

// The tick step for an axis that ends at the data's own ends rather than at ticks (the live
// charts' step axis): niceAxisTicks' step, made finer until at least two of its multiples lie in
// [low, high]. Without it a narrow plot over steps 0..45 got step 50 and showed a lone "0".
double niceStepInside(double low, double high, int roughCount, bool integerSteps = false);

}  // namespace bb
