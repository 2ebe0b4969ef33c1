#include "support/numbered_steps.h"

#include <cstdint>

namespace bb::test {

std::vector<StepMetrics> numberedSteps(int count, StepMetrics pattern) {
    pattern.samplesPerSec = samplesPerSecond(pattern.samples, pattern.wallMs);
    std::vector<StepMetrics> steps(static_cast<std::size_t>(count), pattern);
    for (std::size_t index = 0; index < steps.size(); ++index) steps[index].step = static_cast<std::int64_t>(index);
    return steps;
}

}  // namespace bb::test
