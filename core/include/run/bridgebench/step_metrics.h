#pragma once

#include <cstdint>
#include <limits>

namespace bb {

// What one training step measured. Times are milliseconds of wall clock on the host,
// taken after the device finished the work they cover (never around async launches).
struct StepMetrics {
    std::int64_t step = 0;          // 0-based index within the run
    double timestampMs = 0;         // Unix epoch ms when the step ended
    // The whole step, data wait included, and the record of the step before it
    // (engine/step_cycle.h): the steps' walls add up to the run's time.
    double wallMs = 0;
    std::int64_t samples = 0;       // samples consumed by this step (all ranks, when stored)
    double samplesPerSec = 0;       // derived by bb::samplesPerSecond() only
    double dataWaitMs = 0;          // blocked waiting for the next batch
    double hostToDeviceMs = 0;
    double deviceTransformMs = 0;   // resize/crop/normalise on the device (device_transforms on)
    double forwardMs = 0;
    double backwardMs = 0;
    double optimizerMs = 0;
    // Data parallel: waiting for the gradient all-reduce after backward returned (what
    // overlapping it with backward did not hide). 0 for one process.
    double commMs = 0;
    double loss = 0;
    std::int64_t rssBytes = 0;      // process resident set size after the step
    double cpuUtilisation = 0;      // process CPU time / wall time over the step (1.0 = one core)
    // CPU time other processes took on the cores this process may use, per wall time, over the
    // latest quarter second up to the step's end (1.0 = one core; engine/other_cpu_meter.h).
    // NaN: not measured (data parallel, where the other ranks are other processes; imports; runs
    // stored before schema 6).
    double otherCpuCores = std::numeric_limits<double>::quiet_NaN();
    std::int64_t deviceMemoryBytes = 0;  // allocated on the training device after the step (0 on CPU)
    std::int64_t deviceMemoryPeakBytes = 0;  // the most allocated at any moment of the step (0 on CPU)

    // What producing this step's batch cost, wherever it was produced (a loader worker or,
    // with workers = 0, the training thread inside dataWaitMs). The diagnosis models the
    // pipeline from these; they are not part of wallMs when a worker paid them.
    double loadMs = 0;              // read + decode + transform + collate
    double readMs = 0;
    double decodeMs = 0;
    double transformMs = 0;
    double collateMs = 0;
};

// The one place throughput is derived from raw fields.
double samplesPerSecond(std::int64_t samples, double wallMs);

}  // namespace bb
