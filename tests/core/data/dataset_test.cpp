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
    EXPECT_EQ(dataset.source(), dir.file("manifest.jsonl"));
    EXPECT_TRUE(std::filesystem::exists(dataset.sample(0).imagePath));
}

TEST(Dataset, SkipsUnusableFilesAndCountsThem) {
    test::TempDir dir;
    test::writeJpeg(dir.file("good.jpg"), 32, 24);
    test::writeText(dir.file("notes.jpg"), "just text");
    std::vector<std::uint8_t> truncated = test::encodeJpeg(test::rampImage(32, 24));
    truncated.resize(truncated.size() - 100);  // header intact: only the loader can tell
    test::writeBytes(dir.file("truncated.jpg"), truncated);
    test::writeText(dir.file("m.csv"), "image,caption\ngood.jpg,a\nmissing.jpg,b\nnotes.jpg,c\ntruncated.jpg,d\ngood.jpg,e\n");

    const Dataset dataset = Dataset::open(dir.file("m.csv"));
    ASSERT_EQ(dataset.size(), 3U);
    EXPECT_EQ(dataset.sample(1).imagePath, dir.file("truncated.jpg"));
    EXPECT_EQ(dataset.sample(2).caption, "e");
    ASSERT_EQ(dataset.skipped().count, 2);
    EXPECT_EQ(dataset.skipped().first[0].path, (dir.file("missing.jpg")).string());
    EXPECT_EQ(dataset.skipped().first[0].reason, "missing");
    EXPECT_EQ(dataset.skipped().first[1].reason, "not an image");
}

TEST(Dataset, FailsBeforeTrainingWhenNoSampleIsUsable) {
    test::TempDir dir;
    test::writeText(dir.file("m.jsonl"), "{\"image\": \"gone.jpg\", \"caption\": \"x\"}\n");
    try {
        Dataset::open(dir.file("m.jsonl"));
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("no usable sample (1 skipped; first: "));
        EXPECT_THAT(error.what(), HasSubstr("gone.jpg (missing)"));
    }
}

TEST(Dataset, RejectsUnknownKindsAndMissingPaths) {
    test::TempDir dir;
    test::writeText(dir.file("list.txt"), "a.jpg\n");
    EXPECT_THROW(Dataset::open(dir.file("list.txt")), InputError);
    EXPECT_THROW(Dataset::open(dir.file("absent.jsonl")), InputError);
    EXPECT_THROW(Dataset::open(dir.path()), InputError);  // folder without manifest.jsonl
}

TEST(Dataset, OpensCocoCaptionsWithTheDerivedImageFolder) {
    test::TempDir dir;
    std::filesystem::create_directories(dir.file("annotations"));
    std::filesystem::create_directories(dir.file("val2017"));
    test::writeJpeg(dir.file("val2017/000001.jpg"), 40, 30);
    test::writeText(dir.file("annotations/captions_val2017.json"),
                    R"({"images": [{"id": 1, "file_name": "000001.jpg"}, {"id": 2, "file_name": "000002.jpg"}],
                        "annotations": [{"image_id": 1, "caption": "a"}, {"image_id": 1, "caption": "b"},
                                        {"image_id": 2, "caption": "c"}]})");
    const Dataset dataset = Dataset::open(dir.file("annotations/captions_val2017.json"));
    EXPECT_EQ(dataset.size(), 2U);
    EXPECT_EQ(dataset.skipped().count, 1);
}

}  // namespace
}  // namespace bb
