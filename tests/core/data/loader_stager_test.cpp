// The loader's stager seam (batch_stager.h) on the host: where and when a stager runs, what its
// failure does, and that DevicePreparer reads a staged batch only after ordering it. The CUDA
// copy stream behind this seam is tested in tests/cuda/copy_stream_stager_cuda_test.cpp.
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "data/batch_stager.h"
#include "data/dataset.h"
#include "data/device_preparer.h"
#include "data/loader.h"
#include "data_test_support.h"

namespace bb {
namespace {

// Does on the host what the copy stream does on a GPU, with the copy held back until it is
// ordered: stage() leaves zeros in the batch's tensors, and orderBefore() fills in the values.
// A consumer that read before ordering would see the zeros.
class HeldCopy final : public StagedCopy {
public:
    void hold(torch::Tensor& field) {
        if (!field.defined()) return;
        m_sources.push_back(field);
        field = torch::zeros_like(field);
        m_copies.push_back(field);
    }
    void orderBefore() override {
        ++ordered;
        for (std::size_t i = 0; i < m_copies.size(); ++i) m_copies[i].copy_(m_sources[i]);
        m_sources.clear();
        m_copies.clear();
    }
    void waitForCopies() const override {}
    int ordered = 0;

private:
    std::vector<torch::Tensor> m_sources;
    std::vector<torch::Tensor> m_copies;
};

class HeldCopyStager final : public BatchStager {
public:
    explicit HeldCopyStager(std::int64_t failAt = -1) : m_failAt(failAt) {}

    void stage(Batch& batch) const override {
        if (batch.index == m_failAt) throw std::runtime_error("copy of batch " + std::to_string(batch.index) + " failed");
        auto copy = std::make_shared<HeldCopy>();
        for (torch::Tensor* field : {&batch.pixelValues, &batch.rawPixels, &batch.inputIds, &batch.attentionMask})
            copy->hold(*field);
        batch.staged = copy;
        std::lock_guard lock(m_mutex);
        m_threads[batch.index] = std::this_thread::get_id();
    }

    std::map<std::int64_t, std::thread::id> threads() const {
        std::lock_guard lock(m_mutex);
        return m_threads;
    }

private:
    std::int64_t m_failAt;
    mutable std::mutex m_mutex;
    mutable std::map<std::int64_t, std::thread::id> m_threads;
};

using test::toyEncode;

class LoaderStager : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_dir = new test::TempDir();
        test::makeSyntheticSet(s_dir->path(), 16, 64, 48);
        s_dataset = std::make_shared<const Dataset>(Dataset::open(s_dir->path()));
    }
    static void TearDownTestSuite() {
        s_dataset.reset();
        delete s_dir;
    }

    static LoaderOptions options(std::int64_t workers, bool deviceTransforms) {
        LoaderOptions options;
        options.batchSize = 4;
        options.workers = workers;
        options.deviceTransforms = deviceTransforms;
        options.imageSizePx = 32;
        options.maxTextLength = 12;
        options.seed = 3;
        options.textEncode = toyEncode;
        return options;
    }

    static inline test::TempDir* s_dir = nullptr;
    static inline std::shared_ptr<const Dataset> s_dataset;
};

TEST_F(LoaderStager, StagesEachBatchOnTheThreadThatBuiltIt) {
    for (const std::int64_t workers : {0, 2}) {
        auto stager = std::make_shared<HeldCopyStager>();
        Loader loader(s_dataset, options(workers, false), stager);
        std::int64_t delivered = 0;
        while (std::optional<Batch> batch = loader.next()) {
            EXPECT_NE(batch->staged, nullptr) << "batch " << batch->index;
            ++delivered;
        }
        const auto threads = stager->threads();
        ASSERT_EQ(static_cast<std::int64_t>(threads.size()), delivered) << workers << " workers";
        for (const auto& [index, thread] : threads) {
            // workers = 0: the consumer builds, so it stages; otherwise the worker does, ahead of it.
            if (workers == 0) EXPECT_EQ(thread, std::this_thread::get_id()) << "batch " << index;
            else EXPECT_NE(thread, std::this_thread::get_id()) << "batch " << index;
        }
    }
}

TEST_F(LoaderStager, AFailedStageIsRethrownAtItsBatch) {
    for (const std::int64_t workers : {0, 2}) {
        Loader loader(s_dataset, options(workers, true), std::make_shared<HeldCopyStager>(2));
        std::int64_t delivered = 0;
        try {
            while (loader.next()) ++delivered;
            ADD_FAILURE() << "no exception with " << workers << " workers";
        } catch (const std::runtime_error& error) {
            EXPECT_STREQ(error.what(), "copy of batch 2 failed");
        }
        EXPECT_EQ(delivered, 2) << workers << " workers";
    }
}

// Both image paths: host-transformed pixels are handed over as they are, raw images go through
// the device transforms; either way the result must be what an unstaged batch gives.
TEST_F(LoaderStager, DevicePreparerOrdersAStagedBatchBeforeReadingIt) {
    for (const bool deviceTransforms : {false, true}) {
        Loader plain(s_dataset, options(0, deviceTransforms));
        Loader staged(s_dataset, options(0, deviceTransforms), std::make_shared<HeldCopyStager>());
        DevicePreparer preparer(torch::kCPU);
        for (int b = 0; b < 2; ++b) {
            const std::optional<Batch> expected = plain.next();
            const std::optional<Batch> batch = staged.next();
            ASSERT_TRUE(expected && batch);
            const DeviceBatch want = preparer.prepare(*expected);
            const torch::Tensor wantPixels = want.pixelValues.clone();  // the pool recycles outputs
            const DeviceBatch got = preparer.prepare(*batch);
            EXPECT_EQ(static_cast<HeldCopy&>(*batch->staged).ordered, 1);
            EXPECT_TRUE(torch::equal(got.pixelValues, wantPixels)) << "device transforms " << deviceTransforms;
            EXPECT_TRUE(torch::equal(got.inputIds, want.inputIds));
            EXPECT_TRUE(torch::equal(got.attentionMask, want.attentionMask));
        }
    }
}

}  // namespace
}  // namespace bb
