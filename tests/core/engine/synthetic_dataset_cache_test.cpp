#include "engine/synthetic_dataset_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <thread>

#include "support/temp_dir.h"

namespace bb {
namespace {

SyntheticDatasetOptions smallSet() {
    SyntheticDatasetOptions options;
    options.count = 40;
    options.widthPx = 64;
    options.heightPx = 48;
    options.seed = 3;
    return options;
}

std::int64_t manifestLines(const std::filesystem::path& manifest) {
    std::ifstream stream(manifest);
    std::int64_t lines = 0;
    for (std::string line; std::getline(stream, line);) lines += line.empty() ? 0 : 1;
    return lines;
}

TEST(SyntheticDatasetCache, SecondRequestReusesTheSetWithoutWriting) {
    test::TempDir dir;
    std::int64_t written = 0;
    const auto first = ensureSyntheticDataset(dir.path(), smallSet(), [&](std::int64_t, std::int64_t) { ++written; });
    EXPECT_EQ(written, 40);
    const auto again = ensureSyntheticDataset(dir.path(), smallSet(), [&](std::int64_t, std::int64_t) { ++written; });
    EXPECT_EQ(again, first);
    EXPECT_EQ(written, 40) << "a reused set reports no generation";
    EXPECT_EQ(manifestLines(first), 40);
}

TEST(SyntheticDatasetCache, DifferentOptionsGetTheirOwnFolder) {
    test::TempDir dir;
    SyntheticDatasetOptions other = smallSet();
    other.seed = 4;
    EXPECT_NE(ensureSyntheticDataset(dir.path(), smallSet()).parent_path(),
              ensureSyntheticDataset(dir.path(), other).parent_path());
}

TEST(SyntheticDatasetCache, ConcurrentCallersShareOneGeneration) {
    test::TempDir dir;
    std::atomic<std::int64_t> written{0};
    std::filesystem::path manifests[3];
    {
        std::vector<std::jthread> callers;
        for (auto& manifest : manifests)
            callers.emplace_back([&] {
                manifest = ensureSyntheticDataset(dir.path(), smallSet(), [&](std::int64_t, std::int64_t) { ++written; });
            });
    }
    EXPECT_EQ(written.load(), 40) << "exactly one caller generated, the others reused its set";
    EXPECT_EQ(manifests[0], manifests[1]);
    EXPECT_EQ(manifests[1], manifests[2]);
    EXPECT_EQ(manifestLines(manifests[0]), 40);
}

TEST(SyntheticDatasetCache, AnUnwritableCacheIsNamed) {
    test::TempDir dir;
    std::ofstream(dir.file("blocker")) << "a file where the cache folder should be";
    try {
        ensureSyntheticDataset(dir.file("blocker"), smallSet());
        FAIL() << "expected an error";
    } catch (const std::exception& error) {
        EXPECT_NE(std::string(error.what()).find("blocker"), std::string::npos) << error.what();
    }
}

}  // namespace
}  // namespace bb
