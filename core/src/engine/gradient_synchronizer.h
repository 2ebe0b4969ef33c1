// The trainer's one seam to data parallel. For one process it does nothing (this base);
// core/src/distributed/ implements it over c10d. The trainer calls, per run:
//   attach() once, before the first step;
//   per step: clearGradients(), beforeBackward(loss), loss.backward(), afterBackward(), the
//   optimizer step, combine();
//   finish() once after the last step (also after cancel), never after a failure.
// All calls come from the training thread. Failures of the other ranks surface as
// exceptions (bb::Error) naming the rank; the trainer fails the run with them.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/step_metrics.h"
#include "bridgebench/timeline.h"
#include "engine/training_model.h"

namespace bb {

class TimelineRecorder;

// Every gradient to none, as PyTorch 2's zero_grad(set_to_none=True), which Hugging Face's
// Trainer uses: autograd then hands each parameter its new gradient instead of the optimizer
// zero-filling every gradient and backward adding into it (two passes over all gradients per
// step), and a parameter that took no gradient keeps none, so AdamW leaves it alone. Also
// required with data parallel: afterBackward() leaves gradients as views of the all-reduce
// buckets, which LibTorch 1.13's Optimizer::zero_grad refuses (it calls detach_()).
inline void clearGradients(torch::nn::Module& module) {
    for (auto& parameter : module.parameters()) parameter.mutable_grad().reset();
}

class GradientSynchronizer {
public:
    virtual ~GradientSynchronizer() = default;

    virtual int rank() const { return 0; }
    virtual int worldSize() const { return 1; }

    // Makes every rank start from rank 0's parameters and buffers, and prepares the
    // gradient buckets.
    virtual void attach(torch::nn::Module& /*module*/) {}
    // `loss` is what backward will start from: its graph says which parameters this step uses.
    virtual void beforeBackward(const torch::Tensor& /*loss*/) {}
    // Every parameter's gradient is the mean over ranks once this returns. Returns the time
    // spent waiting for communication that backward did not hide, in ms.
    virtual double afterBackward() { return 0; }
    // This rank's step in, the world's step out (on rank 0 what the store keeps: all ranks'
    // samples, the slowest rank's times). stopRequested goes in as this rank's wish to stop
    // and comes out true when any rank wants to: all ranks then stop after this step.
    virtual StepMetrics combine(const StepMetrics& local, bool& /*stopRequested*/) { return local; }
    // After the last step, on every rank: per-rank medians and a timed full-size all-reduce,
    // as JSON for the summary (null for one process).
    virtual nlohmann::json finish() { return nullptr; }

    // The timeline (bridgebench/timeline.h). After attach(): the moment the run's spans count
    // from, on every rank the end of one collective they leave together.
    virtual std::chrono::steady_clock::time_point alignClocks() { return std::chrono::steady_clock::now(); }
    // Where the gradient buckets' spans go (none: not recorded).
    virtual void recordBuckets(std::shared_ptr<TimelineRecorder> /*recorder*/) {}
    // After the last step, before finish(), on every rank: rank 0 gets the other ranks' spans,
    // the others an empty list.
    virtual std::vector<TimelineSpan> gatherTimeline(const std::vector<TimelineSpan>& /*local*/) { return {}; }
};

}  // namespace bb
