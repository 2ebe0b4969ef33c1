#include "bridgebench/synthetic_dataset.h"

#include <regex>

#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "data/dataset.h"
#include "data/image_decoder.h"
#include "data_test_support.h"

namespace bb {
namespace {

SyntheticDatasetOptions smallOptions(std::int64_t count, std::uint64_t seed = 3) {
    SyntheticDatasetOptions options;
    options.count = count;
    options.seed = seed;
    options.widthPx = 96;
    options.heightPx = 64;
    return options;
}

TEST(SyntheticDataset, WritesDecodableJpegsAndAManifestThatOpens) {
    test::TempDir dir;
    const SyntheticDatasetResult result = generateSyntheticDataset(dir.path(), smallOptions(6));
    EXPECT_FALSE(result.reused);
    EXPECT_EQ(result.manifest, dir.file("manifest.jsonl"));
    const Dataset dataset = Dataset::open(dir.path());
    ASSERT_EQ(dataset.size(), 6U);
    ImageDecoder decoder;
    RgbImage image;
    std::string error;
    ASSERT_TRUE(decoder.decode(test::readBytes(dataset.sample(0).imagePath), image, error)) << error;
    EXPECT_EQ(image.widthPx(), 96);
    EXPECT_EQ(image.heightPx(), 64);
}

TEST(SyntheticDataset, CaptionsNameSizeColourShapeAndPlace) {
    test::TempDir dir;
    generateSyntheticDataset(dir.path(), smallOptions(20));
    const Dataset dataset = Dataset::open(dir.path());
    const std::regex phrase(
        "(large|small) (red|green|blue|yellow|orange|purple|pink|white|black|cyan) "
        "(circle|square|triangle|diamond|star) (in the top left|at the top|in the top right|on the left|"
        "in the center|on the right|in the bottom left|at the bottom|in the bottom right)");
    for (const DatasetSample& sample : dataset.samples()) {
        const auto phrases = std::distance(std::sregex_iterator(sample.caption.begin(), sample.caption.end(), phrase),
                                           std::sregex_iterator());
        EXPECT_GE(phrases, 1) << sample.caption;
        EXPECT_LE(phrases, 3) << sample.caption;
    }
}

TEST(SyntheticDataset, SameSeedGivesTheSameBytesAndImageIDoesNotDependOnCount) {
    test::TempDir a;
    test::TempDir b;
    test::TempDir c;
    generateSyntheticDataset(a.path(), smallOptions(4));
    generateSyntheticDataset(b.path(), smallOptions(2));
    generateSyntheticDataset(c.path(), smallOptions(4, 99));
    EXPECT_EQ(test::readBytes(a.file("images/000001.jpg")), test::readBytes(b.file("images/000001.jpg")));
    EXPECT_NE(test::readBytes(a.file("images/000001.jpg")), test::readBytes(c.file("images/000001.jpg")));
}

TEST(SyntheticDataset, ReusesAMatchingSetAndRegeneratesOtherwise) {
    test::TempDir dir;
    generateSyntheticDataset(dir.path(), smallOptions(5));
    // A marker in an image shows whether the next call rewrote it.
    test::writeText(dir.file("images/000000.jpg"), "marker");
    EXPECT_TRUE(generateSyntheticDataset(dir.path(), smallOptions(5)).reused);
    EXPECT_EQ(test::readBytes(dir.file("images/000000.jpg")).size(), 6U);

    const SyntheticDatasetResult smaller = generateSyntheticDataset(dir.path(), smallOptions(3));
    EXPECT_FALSE(smaller.reused);
    EXPECT_GT(test::readBytes(dir.file("images/000000.jpg")).size(), 6U);
    EXPECT_FALSE(std::filesystem::exists(dir.file("images/000004.jpg")));
    EXPECT_EQ(Dataset::open(dir.path()).size(), 3U);

    std::filesystem::remove(dir.file("images/000002.jpg"));
    EXPECT_FALSE(generateSyntheticDataset(dir.path(), smallOptions(3)).reused);
    EXPECT_TRUE(std::filesystem::exists(dir.file("images/000002.jpg")));
}

TEST(SyntheticDataset, ValidatesOptionsNamingTheField) {
    SyntheticDatasetOptions options = smallOptions(0);
    try {
        validate(options);
        FAIL() << "expected ConfigError";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "count");
    }
    options = smallOptions(1);
    options.quality = 101;
    EXPECT_THROW(validate(options), ConfigError);
    options.quality = 90;
    options.widthPx = 8;
    EXPECT_THROW(validate(options), ConfigError);
}

TEST(SyntheticDataset, ReportsProgressOncePerImage) {
    test::TempDir dir;
    std::vector<std::int64_t> seen;
    generateSyntheticDataset(dir.path(), smallOptions(3), [&](std::int64_t written, std::int64_t total) {
        EXPECT_EQ(total, 3);
        seen.push_back(written);
    });
    EXPECT_EQ(seen, (std::vector<std::int64_t>{1, 2, 3}));
}

}  // namespace
}  // namespace bb
