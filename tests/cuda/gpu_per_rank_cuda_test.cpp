// Data parallel asking for more ranks than the machine has GPUs: refused before the run has a
// row, on a real CUDA machine (the lent H200 has one GPU).
#include <gtest/gtest.h>
#include <torch/cuda.h>

#include <filesystem>

#include "bridgebench/errors.h"
#include "bridgebench/run_session.h"
#include "support/recording_observer.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

TEST(GpuPerRankCuda, MoreRanksThanGpusAreRefusedBeforeTheRunIsStored) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    test::TempDir dir;
    test::RecordingObserver observer;
    RunConfig config;
    config.model = "tiny";
    config.dataset = "synthetic-tensors";
    config.device = "cuda:0";
    config.steps = 2;
    config.devices = static_cast<std::int64_t>(torch::cuda::device_count()) + 1;
    try {
        RunSession session(dir.file("runs.db"), config, observer);
        ADD_FAILURE() << "a run with " << config.devices << " ranks started on " << torch::cuda::device_count()
                      << " GPUs";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "devices") << error.what();
    }
    EXPECT_EQ(observer.startedCalls(), 0);
    EXPECT_FALSE(std::filesystem::exists(dir.file("runs.db")));
}

}  // namespace
}  // namespace bb
