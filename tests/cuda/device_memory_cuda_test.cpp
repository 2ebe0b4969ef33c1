// The caching allocator's figures of a real run on the GPU: per-step allocated and peak bytes,
// and no cudaMalloc once warm-up is over.
#include <gtest/gtest.h>
#include <torch/cuda.h>

#include "bridgebench/run_observer.h"
#include "engine/run_control.h"
#include "engine/trainer.h"

namespace bb {
namespace {

class NoObserver : public RunObserver {
public:
    void step(const StepMetrics& /*metrics*/) override {}
    void finished(const RunOutcome& /*outcome*/) override {}
};

TEST(DeviceMemoryCuda, ASteadyStepAllocatesNothingNew) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    RunConfig config;
    config.model = "tiny";
    config.dataset = "synthetic-tensors";
    config.device = "cuda:0";
    config.precision = "bf16";
    config.batchSize = 4;
    config.steps = 10;
    config.warmupSteps = 3;
    config.probe = false;
    NoObserver observer;
    RunControl control;
    const TrainerResult result = train(config, observer, control);
    ASSERT_EQ(result.status, RunStatus::Completed) << result.error;
    for (const StepMetrics& step : result.steps) {
        EXPECT_GT(step.deviceMemoryBytes, 0) << "step " << step.step;
        EXPECT_GE(step.deviceMemoryPeakBytes, step.deviceMemoryBytes) << "step " << step.step;
    }
    ASSERT_TRUE(result.deviceMemory.is_object());
    EXPECT_EQ(result.deviceMemory["device_allocations_after_warmup"], 0) << result.deviceMemory.dump();
    EXPECT_GT(result.deviceMemory["peak_bytes"].get<std::int64_t>(), 0);
}

}  // namespace
}  // namespace bb
