// Takes a finished run's PipelineProbe: the cores other processes leave it (0.2 s of busy
// threads), forward + backward of its last batch at each compute thread count that another
// worker setting would give it, and one batch built alone through the host and the device
// image paths. (A CPU's peak for MFU is the machine's, not the run's: machine_peak_probe.h.)
// Costs about four training steps per thread count plus four batches of loading, against the
// dozens of steps a run has; it is what turns the diagnosis's
// predictions from assumed scaling into measured scaling.
#pragma once

#include "bridgebench/pipeline_probe.h"
#include "bridgebench/run_config.h"
#include "engine/batch_source.h"
#include "engine/run_control.h"
#include "engine/training_model.h"

namespace bb {

// The compute thread counts the diagnosis needs for a run with this config on `cores` cores:
// the engine's choice for workers 0, 1 and 2, plus one thread (the serial end of the curve).
// Empty when the config fixes `threads` (workers then leave the thread count alone).
std::vector<int> probeThreadCounts(const RunConfig& config, int cores);

// `computeThreads`: the run's own count, which the probe leaves in place. Stops early, with what it has, when the run is cancelled meanwhile.
// Throws what LibTorch or the source throws.
PipelineProbe probePipeline(TrainingModel& model, const ModelInputs& batch, BatchSource& source,
                            const RunConfig& config, int computeThreads, double runComputeMs, RunControl& control);

}  // namespace bb
