#include "data/dataset.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "data_test_support.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

TEST(Dataset, OpensAFolderThroughItsManifest) {
    test::TempDir dir;
    test::makeSyntheticSet(dir.path(), 5);
    const Dataset dataset = Dataset::open(dir.path());
    EXPECT_EQ(dataset.size(), 5U);
    EXPECT_TRUE(dataset.skipped().empty());
    EXPECT_EQ(dataset.source(), dir / "manifest.jsonl");
    EXPECT_TRUE(std::filesystem::exists(dataset.sample(0).imagePath));
}

TEST(Dataset, SkipsUnusableFilesAndCountsThem) {
    test::TempDir dir;
    test::writeJpeg(dir / "good.jpg", 32, 24);
    test::writeText(dir / "notes.jpg", "just text");
    std::vector<std::uint8_t> truncated = test::encodeJpeg(test::rampImage(32, 24));
    truncated.resize(truncated.size() - 100);  // header intact: only the loader can tell
    test::writeBytes(dir / "truncated.jpg", truncated);
    test::writeText(dir / "m.csv", "image,caption\ngood.jpg,a\nmissing.jpg,b\nnotes.jpg,c\ntruncated.jpg,d\ngood.jpg,e\n");

    const Dataset dataset = Dataset::open(dir / "m.csv");
    ASSERT_EQ(dataset.size(), 3U);
    EXPECT_EQ(dataset.sample(1).imagePath, dir / "truncated.jpg");
    EXPECT_EQ(dataset.sample(2).caption, "e");
    ASSERT_EQ(dataset.skipped().count, 2);
    EXPECT_EQ(dataset.skipped().first[0].path, (dir / "missing.jpg").string());
    EXPECT_EQ(dataset.skipped().first[0].reason, "missing");
    EXPECT_EQ(dataset.skipped().first[1].reason, "not an image");
}

TEST(Dataset, FailsBeforeTrainingWhenNoSampleIsUsable) {
    test::TempDir dir;
    test::writeText(dir / "m.jsonl", "{\"image\": \"gone.jpg\", \"caption\": \"x\"}\n");
    try {
        Dataset::open(dir / "m.jsonl");
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("no usable sample (1 skipped; first: "));
        EXPECT_THAT(error.what(), HasSubstr("gone.jpg (missing)"));
    }
}

TEST(Dataset, RejectsUnknownKindsAndMissingPaths) {
    test::TempDir dir;
    test::writeText(dir / "list.txt", "a.jpg\n");
    EXPECT_THROW(Dataset::open(dir / "list.txt"), InputError);
    EXPECT_THROW(Dataset::open(dir / "absent.jsonl"), InputError);
    EXPECT_THROW(Dataset::open(dir.path()), InputError);  // folder without manifest.jsonl
}

TEST(Dataset, OpensCocoCaptionsWithTheDerivedImageFolder) {
    test::TempDir dir;
    std::filesystem::create_directories(dir / "annotations");
    std::filesystem::create_directories(dir / "val2017");
    test::writeJpeg(dir / "val2017/000001.jpg", 40, 30);
    test::writeText(dir / "annotations/captions_val2017.json",
                    R"({"images": [{"id": 1, "file_name": "000001.jpg"}, {"id": 2, "file_name": "000002.jpg"}],
                        "annotations": [{"image_id": 1, "caption": "a"}, {"image_id": 1, "caption": "b"},
                                        {"image_id": 2, "caption": "c"}]})");
    const Dataset dataset = Dataset::open(dir / "annotations/captions_val2017.json");
    EXPECT_EQ(dataset.size(), 2U);
    EXPECT_EQ(dataset.skipped().count, 1);
}

}  // namespace
}  // namespace bb
