// The copy-stream stager on a GPU: staged batches hold the loader's tensors on the device, the
// copies run beside the training stream rather than behind it, and a run through the loader
// completes on it.
#include "data/copy_stream_stager.h"

#include <gtest/gtest.h>
#include <torch/cuda.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/data/data_test_support.h"
#include "data/dataset.h"
#include "data/loader.h"
#include "tiny_cuda_run.h"

namespace bb::copy_stream_stager_cuda_test {
namespace {

const torch::Device kGpu("cuda:0");

using test::toyEncode;

LoaderOptions loaderOptions(std::int64_t workers, bool deviceTransforms, bool pinned) {
    LoaderOptions options;
    options.batchSize = 8;
    options.workers = workers;
    options.deviceTransforms = deviceTransforms;
    options.imageSizePx = 64;
    options.maxTextLength = 16;
    options.seed = 11;
    options.textEncode = toyEncode;
    options.pinMemory = pinned;
    return options;
}

std::shared_ptr<const Dataset> smallDataset(const test::TempDir& dir) {
    test::makeSyntheticSet(dir.path(), 32, 160, 120);
    return std::make_shared<const Dataset>(Dataset::open(dir.path()));
}

TEST(CopyStreamStagerCuda, StagedBatchesHoldTheLoadersTensorsOnTheDevice) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    const test::TempDir dir;
    const auto dataset = smallDataset(dir);
    for (const bool deviceTransforms : {false, true}) {
        Loader plain(dataset, loaderOptions(2, deviceTransforms, false));
        Loader staged(dataset, loaderOptions(2, deviceTransforms, true), makeCopyStreamStager(kGpu));
        for (int b = 0; b < 3; ++b) {
            const std::optional<Batch> expected = plain.next();
            const std::optional<Batch> batch = staged.next();
            ASSERT_TRUE(expected && batch);
            ASSERT_NE(batch->staged, nullptr);
            batch->staged->orderBefore();
            const torch::Tensor& images = deviceTransforms ? batch->rawPixels : batch->pixelValues;
            const torch::Tensor& want = deviceTransforms ? expected->rawPixels : expected->pixelValues;
            ASSERT_TRUE(images.is_cuda()) << "device transforms " << deviceTransforms;
            ASSERT_TRUE(batch->inputIds.is_cuda());
            EXPECT_TRUE(torch::equal(images.cpu(), want)) << "batch " << b << ", device transforms " << deviceTransforms;
            EXPECT_TRUE(torch::equal(batch->inputIds.cpu(), expected->inputIds));
            EXPECT_TRUE(torch::equal(batch->attentionMask.cpu(), expected->attentionMask));
        }
    }
}

// Queues seconds of matrix products on the training stream, then stages a batch: its copies
// must be done long before those products are. Copies queued on the training stream itself
// would finish only after them. (This test binary is built without CUDA headers too, so it
// compares host times around the waits instead of querying events.) The products' length is
// measured first, so that the margin is seconds against a copy of a few megabytes on any GPU,
// in few enough kernels (8192² each) that queueing them never blocks on the launch queue.
TEST(CopyStreamStagerCuda, CopiesRunBesideTheTrainingStream) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    using Clock = std::chrono::steady_clock;
    const auto msSince = [](Clock::time_point from) {
        return std::chrono::duration<double, std::milli>(Clock::now() - from).count();
    };
    const test::TempDir dir;
    const auto dataset = smallDataset(dir);
    Loader staged(dataset, loaderOptions(0, true, true), makeCopyStreamStager(kGpu));
    ASSERT_TRUE(staged.next());  // first batch: the loader's and the allocator's first costs

    const torch::Tensor a = torch::randn({8192, 8192}, torch::TensorOptions().device(kGpu));
    torch::Tensor product = torch::empty_like(a);
    torch::mm_out(product, a, a);
    torch::cuda::synchronize();
    Clock::time_point start = Clock::now();
    for (int i = 0; i < 4; ++i) torch::mm_out(product, a, a);
    torch::cuda::synchronize();
    const double fourMs = msSince(start);
    const int count = std::clamp(static_cast<int>(std::ceil(4.0 * 3000.0 / std::max(fourMs, 0.01))), 4, 900);

    start = Clock::now();
    for (int i = 0; i < count; ++i) torch::mm_out(product, a, a);
    const std::optional<Batch> batch = staged.next();  // workers = 0: staged on this thread, now
    ASSERT_TRUE(batch && batch->staged);
    batch->staged->waitForCopies();
    const double copiedMs = msSince(start);
    torch::cuda::synchronize();
    const double computedMs = msSince(start);
    EXPECT_LT(copiedMs, computedMs / 3) << count << " products of 8192² (4 took " << fourMs << " ms)";
}

// Also the "a step allocates nothing new after warm-up" on the path a real run takes:
// copies on the copy stream, their memory handed to the training stream by record_stream.
TEST(CopyStreamStagerCuda, ARunThroughTheLoaderCompletesOnItAndAllocatesNothingAfterWarmUp) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    for (const bool deviceTransforms : {false, true}) {
        const TrainerResult result = test::trainWithoutObserver(test::tinyLoaderRunOnCuda(deviceTransforms, 12, 4));
        ASSERT_EQ(result.status, RunStatus::Completed) << result.error;
        ASSERT_EQ(result.steps.size(), 12U);
        for (const StepMetrics& step : result.steps) {
            EXPECT_TRUE(std::isfinite(step.loss)) << "step " << step.step;
            EXPECT_EQ(step.samples, 8) << "step " << step.step;
        }
        ASSERT_TRUE(result.deviceMemory.is_object());
        EXPECT_EQ(result.deviceMemory["device_allocations_after_warmup"], 0)
            << "device transforms " << deviceTransforms << ": " << result.deviceMemory.dump();
    }
}

}  // namespace
}  // namespace bb::copy_stream_stager_cuda_test
