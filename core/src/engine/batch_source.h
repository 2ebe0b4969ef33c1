// Where the trainer's batches come from, in the two phases a step's breakdown separates:
// fetch() is the data wait (blocked on the loader, or loading in place with workers = 0);
// prepare() puts the batch on the training device (the copy, plus the device-side transforms
// when they are on). Both run on the training thread.
#pragma once

#include <optional>

#include "bridgebench/skipped_samples.h"
#include "bridgebench/step_metrics.h"
#include "engine/training_model.h"

namespace bb {

class BatchSource {
public:
    virtual ~BatchSource() = default;
    // Blocks until the next batch is on the host; false when the source is exhausted.
    virtual bool fetch() = 0;
    // The fetched batch as model inputs on the training device. Asynchronous on CUDA.
    virtual ModelInputs prepare() = 0;
    // Fills the load* fields of `metrics`: what producing the fetched batch cost, wherever
    // it was produced.
    virtual void recordLoadCost(StepMetrics& /*metrics*/) const {}
    virtual SkippedSamples skipped() const { return {}; }
    // The run has taken its last batch: stop producing, so that nothing competes with what
    // runs after the last step.
    virtual void finish() {}

    // One batch through both image paths on the calling thread, timed: the loader's host
    // transform and the copy plus device-side transforms. std::nullopt for sources that have
    // no images to transform. Used once the run is over (PipelineProbe).
    struct TransformCosts {
        double loadMs = 0;    // building the batch on the host path
        double decodeMs = 0;  // building it on the device path (read + decode + collate; with
                              // device decoding, read + headers + collate)
        double hostTransformMs = 0;
        double deviceTransformMs = 0;
    };
    virtual std::optional<TransformCosts> probeTransforms() { return std::nullopt; }
};

}  // namespace bb
