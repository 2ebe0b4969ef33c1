#include "data/coco_captions_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "data_test_support.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

TEST(CocoCaptions, OneSamplePerCaptionInFileOrder) {
    test::TempDir dir;
    const auto file = dir.file("captions.json");
    test::writeText(file, R"({"images": [{"id": 7, "file_name": "x.jpg"}, {"id": 9, "file_name": "y.jpg"}],
                              "annotations": [{"image_id": 9, "id": 1, "caption": "second image"},
                                              {"image_id": 7, "id": 2, "caption": "first image"},
                                              {"image_id": 9, "id": 3, "caption": "second again"}]})");
    const auto samples = readCocoCaptions(file, dir.file("imgs"));
    ASSERT_EQ(samples.size(), 3U);
    EXPECT_EQ(samples[0].imagePath, dir.file("imgs") / "y.jpg");
    EXPECT_EQ(samples[0].caption, "second image");
    EXPECT_EQ(samples[1].imagePath, dir.file("imgs") / "x.jpg");
    EXPECT_EQ(samples[2].caption, "second again");
}

TEST(CocoCaptions, DerivesTheImageFolderFromTheSplitName) {
    EXPECT_EQ(defaultCocoImageDir("/data/coco/annotations/captions_val2017.json"),
              std::filesystem::path("/data/coco/val2017"));
    EXPECT_EQ(defaultCocoImageDir("/data/mine/captions.json"), std::filesystem::path("/data/mine"));
}

TEST(CocoCaptions, NamesTheElementAtFault) {
    test::TempDir dir;
    const auto file = dir.file("captions.json");
    auto errorFor = [&](const std::string& text) -> std::string {
        test::writeText(file, text);
        try {
            readCocoCaptions(file, dir.path());
        } catch (const InputError& error) {
            return error.what();
        }
        return "no InputError";
    };
    EXPECT_THAT(errorFor(R"({"images": [], "annotations": [{"image_id": 1, "caption": "x"}]})"),
                HasSubstr("annotations[0].image_id: no image with id 1"));
    EXPECT_THAT(errorFor(R"({"images": [{"id": 1, "file_name": "a.jpg"}], "annotations": [{"image_id": 1, "caption": 3}]})"),
                HasSubstr("annotations[0].caption: expected a string"));
    EXPECT_THAT(errorFor(R"({"annotations": []})"), HasSubstr("missing \"images\""));
    EXPECT_THAT(errorFor("{\n  \"images\": [,]\n}"), HasSubstr(file.string() + ":2:"));
}

}  // namespace
}  // namespace bb
