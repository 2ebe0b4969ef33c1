// Steps for a stored run: copies of one pattern numbered from 0, each with the samples/s its
// samples and wall time make.
#pragma once

#include <vector>

#include "bridgebench/step_metrics.h"

namespace bb::test {

std::vector<StepMetrics> numberedSteps(int count, StepMetrics pattern);

}  // namespace bb::test
