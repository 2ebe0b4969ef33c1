#include "data/loader.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <mutex>
#include <set>
#include <thread>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "data/dataset.h"
#include "data/sample_order.h"
#include "data_test_support.h"

namespace bb {
namespace {

using Clock = std::chrono::steady_clock;

using test::toyEncode;

// Polls `condition` until it holds or `limit` passes; never sleeps a fixed time.
template <typename Condition>
bool eventually(Condition condition, std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    const auto deadline = Clock::now() + limit;
    while (!condition()) {
        if (Clock::now() > deadline) {
            return false;
        }
        std::this_thread::yield();
    }
    return true;
}

class LoaderTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_dir = new test::TempDir();
        test::makeSyntheticSet(s_dir->path(), 24, 64, 48);
        s_dataset = std::make_shared<const Dataset>(Dataset::open(s_dir->path()));
    }
    static void TearDownTestSuite() {
        s_dataset.reset();
        delete s_dir;
    }

    static LoaderOptions options(std::int64_t workers) {
        LoaderOptions options;
        options.batchSize = 4;
        options.workers = workers;
        options.imageSizePx = 32;
        options.maxTextLength = 12;
        options.seed = 5;
        options.textEncode = toyEncode;
        return options;
    }

    static inline test::TempDir* s_dir = nullptr;
    static inline std::shared_ptr<const Dataset> s_dataset;
};

TEST_F(LoaderTest, SameSamplesAndPixelsInTheSameOrderForAnyWorkerCount) {
    struct Delivered {
        std::vector<std::int64_t> samples;
        torch::Tensor pixels;
        torch::Tensor ids;
    };
    auto run = [&](std::int64_t workers) {
        LoaderOptions loaderOptions = options(workers);
        loaderOptions.epochs = 2;
        loaderOptions.augment = true;  // the random crops must not depend on the thread either
        Loader loader(s_dataset, loaderOptions);
        std::vector<Delivered> batches;
        while (std::optional<Batch> batch = loader.next()) {
            batches.push_back({batch->sampleIndices, batch->pixelValues, batch->inputIds});
        }
        return batches;
    };
    const std::vector<Delivered> reference = run(0);
    ASSERT_EQ(reference.size(), 12U);  // 24 samples / 4, two epochs
    for (int epoch = 0; epoch < 2; ++epoch) {
        std::set<std::int64_t> seen;
        for (int b = 0; b < 6; ++b) {
            seen.insert(reference[static_cast<std::size_t>(epoch * 6 + b)].samples.begin(),
                        reference[static_cast<std::size_t>(epoch * 6 + b)].samples.end());
        }
        EXPECT_EQ(seen.size(), 24U) << "epoch " << epoch;
    }
    EXPECT_NE(reference[0].samples, reference[6].samples);
    for (const std::int64_t workers : {1, 2, 3}) {
        const std::vector<Delivered> other = run(workers);
        ASSERT_EQ(other.size(), reference.size()) << workers << " workers";
        for (std::size_t i = 0; i < reference.size(); ++i) {
            EXPECT_EQ(other[i].samples, reference[i].samples) << workers << " workers, batch " << i;
            EXPECT_TRUE(torch::equal(other[i].pixels, reference[i].pixels)) << workers << " workers, batch " << i;
            EXPECT_TRUE(torch::equal(other[i].ids, reference[i].ids)) << workers << " workers, batch " << i;
        }
    }
}

TEST_F(LoaderTest, OrderDependsOnTheSeed) {
    LoaderOptions first = options(0);
    LoaderOptions second = options(0);
    second.seed = 6;
    Loader a(s_dataset, first);
    Loader b(s_dataset, second);
    EXPECT_NE(a.next()->sampleIndices, b.next()->sampleIndices);
}

TEST_F(LoaderTest, EndsAfterItsEpochsAndCountsWhatItDelivered) {
    LoaderOptions loaderOptions = options(2);
    loaderOptions.batchSize = 5;  // 24 samples: 4 full batches, 4 left out
    Loader loader(s_dataset, loaderOptions);
    EXPECT_EQ(loader.batchesPerEpoch(), 4);
    int batches = 0;
    while (std::optional<Batch> batch = loader.next()) {
        EXPECT_EQ(batch->size(), 5);
        EXPECT_EQ(batch->index, batches);
        EXPECT_EQ(batch->pixelValues.sizes(), (std::vector<std::int64_t>{5, 3, 32, 32}));
        ++batches;
    }
    EXPECT_EQ(batches, 4);
    EXPECT_FALSE(loader.next());
    const LoaderStats stats = loader.stats();
    EXPECT_EQ(stats.batches, 4);
    EXPECT_EQ(stats.samples, 20);
}

TEST_F(LoaderTest, PrefetchesAheadButNeverMoreThanWorkersTimesPrefetchFactor) {
    LoaderOptions loaderOptions = options(2);
    loaderOptions.batchSize = 2;
    loaderOptions.prefetchFactor = 2;
    loaderOptions.epochs = 3;  // 36 batches
    Loader loader(s_dataset, loaderOptions);
    // Without a consumer the workers fill the window, and stop there.
    ASSERT_TRUE(eventually([&] { return loader.stats().maxBatchesInFlight == 4; }));
    int batches = 0;
    while (loader.next()) {
        ++batches;
        ASSERT_LE(loader.stats().maxBatchesInFlight, 4);
    }
    EXPECT_EQ(batches, 36);
}

TEST_F(LoaderTest, StopsPromptlyAndNoThreadOutlivesIt) {
    const int before = test::threadCount();
    {
        LoaderOptions loaderOptions = options(3);
        loaderOptions.epochs = 0;  // endless: only destruction ends it
        auto loader = std::make_unique<Loader>(s_dataset, loaderOptions);
        ASSERT_TRUE(loader->next());
        // The workers and nothing else: OpenCV and LibTorch start no pools of their own here.
        EXPECT_EQ(test::threadCount(), before + 3);
        const Clock::time_point start = Clock::now();
        loader.reset();
        const double stopMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        EXPECT_LT(stopMs, 2000.0);
    }
    EXPECT_TRUE(eventually([&] { return test::threadCount() == before; }, std::chrono::seconds(5)))
        << test::threadCount() << " threads, " << before << " before";
}

// A text encoder that blocks until the test opens the gate, to hold workers mid-batch.
class Gate {
public:
    std::vector<std::int64_t> encode(std::string_view text) {
        std::unique_lock lock(m_mutex);
        ++m_entered;
        m_changed.notify_all();
        m_changed.wait(lock, [&] { return m_open; });
        return toyEncode(text);
    }
    bool waitForEntries(int count) {
        std::unique_lock lock(m_mutex);
        return m_changed.wait_for(lock, std::chrono::seconds(10), [&] { return m_entered >= count; });
    }
    void open() {
        std::lock_guard lock(m_mutex);
        m_open = true;
        m_changed.notify_all();
    }
    int entered() {
        std::lock_guard lock(m_mutex);
        return m_entered;
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    int m_entered = 0;
    bool m_open = false;
};

TEST_F(LoaderTest, CancelWakesABlockedNextAndWorkersStartNoFurtherSample) {
    Gate gate;
    LoaderOptions loaderOptions = options(2);
    loaderOptions.textEncode = [&](std::string_view text) { return gate.encode(text); };
    Loader loader(s_dataset, loaderOptions);
    ASSERT_TRUE(gate.waitForEntries(2));  // both workers are stuck in their first sample

    std::mutex mutex;
    std::condition_variable done;
    bool returned = false;
    bool gotBatch = true;
    std::jthread consumer([&] {
        const bool got = loader.next().has_value();
        std::lock_guard lock(mutex);
        gotBatch = got;
        returned = true;
        done.notify_all();
    });
    loader.cancel();
    {
        std::unique_lock lock(mutex);
        ASSERT_TRUE(done.wait_for(lock, std::chrono::seconds(10), [&] { return returned; }));
    }
    EXPECT_FALSE(gotBatch);
    gate.open();
    consumer.join();
    EXPECT_FALSE(loader.next());
    EXPECT_EQ(gate.entered(), 2);  // checked between samples: nobody began another one
}

TEST_F(LoaderTest, CancelFromAnotherThreadStopsAnInlineBatch) {
    Gate gate;
    LoaderOptions loaderOptions = options(0);
    loaderOptions.textEncode = [&](std::string_view text) { return gate.encode(text); };
    Loader loader(s_dataset, loaderOptions);
    std::jthread canceller([&] {
        gate.waitForEntries(1);
        loader.cancel();
        gate.open();
    });
    EXPECT_FALSE(loader.next());
    EXPECT_EQ(gate.entered(), 1);
}

TEST_F(LoaderTest, RethrowsAWorkerExceptionAtTheBatchWhereItHappened) {
    const std::string fatalCaption = s_dataset->sample(13).caption;
    for (const std::int64_t workers : {0, 2}) {
        LoaderOptions loaderOptions = options(workers);
        loaderOptions.textEncode = [&](std::string_view text) {
            if (text == fatalCaption) {
                throw std::runtime_error("tokenizer failed");
            }
            return toyEncode(text);
        };
        SampleOrder order(s_dataset->size(), 4, true, true, loaderOptions.seed);
        std::int64_t fatalBatch = -1;
        for (std::int64_t b = 0; b < order.batchesPerEpoch() && fatalBatch < 0; ++b) {
            for (const std::uint32_t sample : order.batch(b)) {
                if (s_dataset->sample(sample).caption == fatalCaption) {
                    fatalBatch = b;
                    break;
                }
            }
        }
        ASSERT_GE(fatalBatch, 0);
        Loader loader(s_dataset, loaderOptions);
        std::int64_t delivered = 0;
        try {
            while (loader.next()) {
                ++delivered;
            }
            ADD_FAILURE() << "no exception with " << workers << " workers";
        } catch (const std::runtime_error& error) {
            EXPECT_STREQ(error.what(), "tokenizer failed");
        }
        EXPECT_EQ(delivered, fatalBatch) << workers << " workers";
    }
}

TEST_F(LoaderTest, PadsTextAndReportsWhereTimeWent) {
    LoaderOptions loaderOptions = options(0);
    loaderOptions.maxTextLength = 6;
    Loader loader(s_dataset, loaderOptions);
    const std::optional<Batch> batch = loader.next();
    ASSERT_TRUE(batch);
    ASSERT_EQ(batch->inputIds.sizes(), (std::vector<std::int64_t>{4, 6}));
    const std::vector<std::int64_t> expected = toyEncode(s_dataset->sample(static_cast<std::size_t>(batch->sampleIndices[0])).caption);
    EXPECT_EQ(batch->inputIds[0][0].item<std::int64_t>(), 0);
    EXPECT_EQ(batch->inputIds[0][1].item<std::int64_t>(), expected[1]);
    EXPECT_EQ(batch->inputIds[0][5].item<std::int64_t>(), 2);  // captions are longer than 6 tokens
    EXPECT_EQ(batch->attentionMask.sum().item<std::int64_t>(), 24);
    const BatchTimings& timings = batch->timings;
    EXPECT_GT(timings.decodeMs, 0);
    EXPECT_GT(timings.transformMs, 0);
    EXPECT_GT(timings.tokenizeMs, 0);
    EXPECT_GE(timings.buildMs, timings.readMs + timings.decodeMs + timings.transformMs);
    // workers = 0: the training thread waited for the whole build.
    EXPECT_GE(timings.waitMs, timings.buildMs);
    EXPECT_DOUBLE_EQ(loader.stats().waitMs, timings.waitMs);
}

TEST_F(LoaderTest, DeviceTransformBatchesCarryDecodedImagesAndPlans) {
    LoaderOptions loaderOptions = options(1);
    loaderOptions.deviceTransforms = true;
    Loader loader(s_dataset, loaderOptions);
    const std::optional<Batch> batch = loader.next();
    ASSERT_TRUE(batch);
    EXPECT_FALSE(batch->hostTransformed());
    ASSERT_EQ(batch->rawImages.size(), 4U);
    ASSERT_EQ(batch->plans.size(), 4U);
    EXPECT_EQ(batch->rawPixels.numel(), 4 * 64 * 48 * 3);
    EXPECT_EQ(batch->rawImages[2].byteOffset, 2 * 64 * 48 * 3);
    EXPECT_EQ(batch->timings.transformMs, 0);
}

TEST_F(LoaderTest, RejectsOptionsNamingTheKey) {
    auto keyOf = [&](const LoaderOptions& loaderOptions) -> std::string {
        try {
            Loader loader(s_dataset, loaderOptions);
        } catch (const ConfigError& error) {
            return error.key();
        }
        return "accepted";
    };
    LoaderOptions tooLarge = options(0);
    tooLarge.batchSize = 25;
    EXPECT_EQ(keyOf(tooLarge), "batch_size");
    LoaderOptions negative = options(-1);
    EXPECT_EQ(keyOf(negative), "workers");
    LoaderOptions prefetch = options(1);
    prefetch.prefetchFactor = 0;
    EXPECT_EQ(keyOf(prefetch), "prefetch_factor");
    LoaderOptions pinned = options(0);
    pinned.pinMemory = true;
    EXPECT_EQ(keyOf(pinned), torch::cuda::is_available() ? "accepted" : "pin_memory");
}

TEST(Loader, SkipsCorruptImagesCountingEachFileOnce) {
    test::TempDir dir;
    std::string manifest;
    for (int i = 0; i < 8; ++i) {
        const std::string name = fmt::format("good{}.jpg", i);
        test::writeJpeg(dir.file(name), 40, 30);
        manifest += fmt::format("{{\"image\": \"{}\", \"caption\": \"x\"}}\n", name);
    }
    std::vector<std::uint8_t> truncated = test::encodeJpeg(test::rampImage(40, 30));
    truncated.resize(truncated.size() - 60);
    test::writeBytes(dir.file("bad.jpg"), truncated);
    manifest += "{\"image\": \"bad.jpg\", \"caption\": \"x\"}\n";
    test::writeText(dir.file("m.jsonl"), manifest);
    const auto dataset = std::make_shared<const Dataset>(Dataset::open(dir.file("m.jsonl")));
    ASSERT_EQ(dataset->size(), 9U);  // the header parses: only decoding finds the damage

    LoaderOptions loaderOptions;
    loaderOptions.batchSize = 3;
    loaderOptions.workers = 2;
    loaderOptions.imageSizePx = 16;
    loaderOptions.epochs = 2;
    Loader loader(dataset, loaderOptions);
    std::int64_t samples = 0;
    int shortBatches = 0;
    while (std::optional<Batch> batch = loader.next()) {
        samples += batch->size();
        if (batch->size() < 3) {
            ++shortBatches;
            ASSERT_EQ(batch->skipped.size(), 1U);
            EXPECT_EQ(batch->pixelValues.size(0), 2);
            EXPECT_TRUE(batch->skipped[0].sample.reason.starts_with("corrupt JPEG")) << batch->skipped[0].sample.reason;
        }
    }
    EXPECT_EQ(samples, 16);
    EXPECT_EQ(shortBatches, 2);
    const LoaderStats stats = loader.stats();
    EXPECT_EQ(stats.skipped.count, 1);
    EXPECT_EQ(stats.skipped.first.at(0).path, (dir.file("bad.jpg")).string());
}

// Each kind of file the dataset or the loader refuses, between good ones: a refusal must not
// cost any good file after it. A header of 65535 x 65535 once left the probe's and the
// workers' JPEG decoders broken, and 5 of 9 samples of a run were dropped without a word.
class LoaderAmongBadFiles : public ::testing::TestWithParam<std::int64_t> {};

// The frame header (SOF0) holds the height and width as big-endian 16-bit numbers.
std::vector<std::uint8_t> jpegClaiming(std::uint16_t widthPx, std::uint16_t heightPx) {
    std::vector<std::uint8_t> jpeg = test::encodeJpeg(test::rampImage(16, 16));
    for (std::size_t i = 0; i + 9 < jpeg.size(); ++i) {
        if (jpeg[i] == 0xFF && jpeg[i + 1] == 0xC0) {
            jpeg[i + 5] = static_cast<std::uint8_t>(heightPx >> 8);
            jpeg[i + 6] = static_cast<std::uint8_t>(heightPx & 0xFF);
            jpeg[i + 7] = static_cast<std::uint8_t>(widthPx >> 8);
            jpeg[i + 8] = static_cast<std::uint8_t>(widthPx & 0xFF);
            break;
        }
    }
    return jpeg;
}

TEST_P(LoaderAmongBadFiles, UsesEveryGoodFile) {
    test::TempDir dir;
    std::vector<std::uint8_t> truncated = test::encodeJpeg(test::rampImage(40, 30));
    truncated.resize(truncated.size() - 60);
    // name -> what the file is; an empty optional: no file at all.
    const std::vector<std::pair<std::string, std::function<void(const std::filesystem::path&)>>> bad = {
        {"over-65500.jpg", [](const auto& file) { test::writeBytes(file, jpegClaiming(65535, 65535)); }},
        {"missing.jpg", [](const auto&) {}},
        {"empty.jpg", [](const auto& file) { test::writeText(file, ""); }},
        {"folder.jpg", [](const auto& file) { std::filesystem::create_directory(file); }},
        {"text.jpg", [](const auto& file) { test::writeText(file, "caption,image\nnot,a picture\n"); }},
        {"over-the-pixel-limit.jpg", [](const auto& file) { test::writeBytes(file, jpegClaiming(65000, 65000)); }},
        {"truncated.jpg", [&](const auto& file) { test::writeBytes(file, truncated); }},
        {"zero-width.jpg", [](const auto& file) { test::writeBytes(file, jpegClaiming(0, 16)); }},
        {"over-65500-again.jpg", [](const auto& file) { test::writeBytes(file, jpegClaiming(65535, 100)); }},
    };
    std::string manifest;
    int good = 0;
    const auto addGood = [&] {
        const std::string name = fmt::format("good{}.jpg", good++);
        test::writeJpeg(dir.file(name), 40, 30);
        manifest += fmt::format("{{\"image\": \"{}\", \"caption\": \"x\"}}\n", name);
    };
    for (const auto& [name, make] : bad) {
        addGood();
        make(dir.file(name));
        manifest += fmt::format("{{\"image\": \"{}\", \"caption\": \"x\"}}\n", name);
        addGood();
    }
    test::writeText(dir.file("m.jsonl"), manifest);
    const auto dataset = std::make_shared<const Dataset>(Dataset::open(dir.file("m.jsonl")));
    // Only the truncated file's header parses; the probe refuses the rest at open.
    EXPECT_EQ(dataset->size(), static_cast<std::size_t>(good) + 1);
    EXPECT_EQ(dataset->skipped().count, static_cast<std::int64_t>(bad.size()) - 1);

    LoaderOptions loaderOptions;
    loaderOptions.batchSize = 1;
    loaderOptions.workers = GetParam();
    loaderOptions.imageSizePx = 16;
    loaderOptions.epochs = 2;
    Loader loader(dataset, loaderOptions);
    std::int64_t samples = 0;
    while (std::optional<Batch> batch = loader.next()) samples += batch->size();
    EXPECT_EQ(samples, 2 * good);
    const LoaderStats stats = loader.stats();
    // The dataset's refusals at open, and the truncated file once for both epochs.
    EXPECT_EQ(stats.skipped.count, static_cast<std::int64_t>(bad.size()));
}

INSTANTIATE_TEST_SUITE_P(Workers, LoaderAmongBadFiles, ::testing::Values(0, 1, 2));

// A run's loader has no last epoch: with no usable sample it once looped for ever.
class LoaderWithNoUsableSample : public ::testing::TestWithParam<std::tuple<std::int64_t, bool>> {};

TEST_P(LoaderWithNoUsableSample, NextThrowsNamingTheDatasetAndTheReasonInBoundedTime) {
    const auto [workers, deviceTransforms] = GetParam();
    test::TempDir dir;
    std::vector<std::uint8_t> truncated = test::encodeJpeg(test::rampImage(40, 30));
    truncated.resize(truncated.size() - 60);
    test::writeBytes(dir.file("bad.jpg"), truncated);
    test::writeText(dir.file("m.jsonl"), "{\"image\": \"bad.jpg\", \"caption\": \"x\"}\n");
    const auto dataset = std::make_shared<const Dataset>(Dataset::open(dir.file("m.jsonl")));

    LoaderOptions loaderOptions;
    loaderOptions.batchSize = 1;  // a larger one is refused up front: drop_last leaves no batch
    loaderOptions.workers = workers;
    loaderOptions.deviceTransforms = deviceTransforms;
    loaderOptions.imageSizePx = 16;
    loaderOptions.epochs = 0;  // endless, as in a run
    Loader loader(dataset, loaderOptions);
    auto next = std::async(std::launch::async, [&] { return loader.next(); });
    if (next.wait_for(std::chrono::seconds(30)) != std::future_status::ready) {
        loader.cancel();  // lets next() return, so the test ends either way
        next.wait();
        FAIL() << "next() did not return within 30 s";
    }
    try {
        next.get();
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(dir.file("m.jsonl").string() + ": no sample could be loaded"), std::string::npos) << message;
        EXPECT_NE(message.find("bad.jpg (corrupt JPEG"), std::string::npos) << message;
    }
}

INSTANTIATE_TEST_SUITE_P(WorkersAndTransforms, LoaderWithNoUsableSample,
                         ::testing::Combine(::testing::Values(std::int64_t{0}, std::int64_t{2}), ::testing::Bool()));

}  // namespace
}  // namespace bb
