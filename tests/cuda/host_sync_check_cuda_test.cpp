// No host synchronisation inside a steady step (issue 52): with BRIDGEBENCH_CUDA_SYNC_CHECK=1 a
// run's forward to optimizer runs under CUDA's synchronisation check set to error, so that a wait
// for the device there fails the run. The guard itself is checked first: a .item() under it fails.
#include "engine/host_sync_check.h"

#include <gtest/gtest.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <cstdlib>

#include "tiny_cuda_run.h"

namespace bb::host_sync_check_cuda_test {
namespace {

TEST(HostSyncCheckCuda, AWaitForTheDeviceUnderTheGuardFailsAndNotAfterIt) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    const torch::Tensor value = torch::ones({4}, torch::Device("cuda:0")).sum();
    {
        const HostSyncCheck check(true);
        EXPECT_ANY_THROW(value.item<float>());
    }
    EXPECT_EQ(value.item<float>(), 4.0F);
}

// The study's settings in small: bf16 (no loss scaler), the loader's copy stream, device-side
// transforms, AdamW's fused kernel where this LibTorch has it.
TEST(HostSyncCheckCuda, ASteadyStepOfTheEngineNeverWaitsForTheDevice) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    ::setenv("BRIDGEBENCH_CUDA_SYNC_CHECK", "1", 1);
    ASSERT_TRUE(hostSyncCheckRequested());
    for (const bool deviceTransforms : {false, true}) {
        const TrainerResult result = test::trainWithoutObserver(test::tinyLoaderRunOnCuda(deviceTransforms, 8, 3));
        EXPECT_EQ(result.status, RunStatus::Completed) << "device transforms " << deviceTransforms << ": " << result.error;
    }
    ::unsetenv("BRIDGEBENCH_CUDA_SYNC_CHECK");
}

}  // namespace
}  // namespace bb::host_sync_check_cuda_test
