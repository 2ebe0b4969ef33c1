// The samples/s a stored run is listed, compared and charted by: what it delivered over time.
//
// A run's steps do not all take the same time. With loader workers ahead of an input-bound step
// they alternate: a step whose batch was waiting takes the compute alone, the next waits for two
// workers' worth of loading. The median step is then the fast one: mini-clip, batch 8, two
// workers on two cores read 2,197 samples/s at the median step and 1,472 as samples over time
// (1,095 over the elapsed time, before engine/step_cycle.h). Hugging Face's Trainer, and so the
// study, report samples over time as well. The median and p5/p95 stay in the summary as the
// steps' spread.
#pragma once

#include "bridgebench/run_record.h"

namespace bb {

// Total samples over the total time of the steps after warm-up (RunSummary::meanSamplesPerSec)
// for runs of the engine and imports with steps; the figure a source states where it states one
// (RunSummary::headline: the study's, an import's train_samples_per_second or headline column).
// 0 where the run has none (headlineSamplesPerSec() says so as nullopt). Never throws.
double runSamplesPerSec(const RunRecord& run);

}  // namespace bb
