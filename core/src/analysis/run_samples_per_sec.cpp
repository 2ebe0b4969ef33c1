#include "bridgebench/run_samples_per_sec.h"

namespace bb {

double runSamplesPerSec(const RunRecord& run) { return headlineSamplesPerSec(run.summary).value_or(0.0); }

}  // namespace bb
