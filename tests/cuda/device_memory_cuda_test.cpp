// The caching allocator's figures of a real run on the GPU: per-step allocated and peak bytes,
// and no cudaMalloc once warm-up is over.
#include <gtest/gtest.h>
#include <torch/cuda.h>

#include "tiny_cuda_run.h"

namespace bb {
namespace {

TEST(DeviceMemoryCuda, ASteadyStepAllocatesNothingNew) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    const TrainerResult result = test::trainTinyOnCuda("bf16", 10, 3);
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
