#include "data/image_probe.h"

#include <gtest/gtest.h>

#include "data_test_support.h"

namespace bb {
namespace {

TEST(ImageProbe, AcceptsAJpeg) {
    test::TempDir dir;
    test::writeJpeg(dir.file("ok.jpg"), 32, 24);
    ImageProbe probe;
    EXPECT_EQ(probe.check(dir.file("ok.jpg")), std::nullopt);
}

TEST(ImageProbe, NamesWhyAFileIsUnusable) {
    test::TempDir dir;
    test::writeText(dir.file("empty.jpg"), "");
    test::writeText(dir.file("text.jpg"), "hello, this is not a picture");
    const std::vector<std::uint8_t> header{0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
                                           0xFF, 0x12, 0x34};
    test::writeBytes(dir.file("garbled.jpg"), header);
    ImageProbe probe;
    EXPECT_EQ(probe.check(dir.file("absent.jpg")), "missing");
    EXPECT_EQ(probe.check(dir.file("empty.jpg")), "empty file");
    EXPECT_EQ(probe.check(dir.file("text.jpg")), "not an image");
    EXPECT_EQ(probe.check(dir.path()), "not a regular file");
    const auto garbled = probe.check(dir.file("garbled.jpg"));
    ASSERT_TRUE(garbled);
    EXPECT_TRUE(garbled->starts_with("corrupt JPEG")) << *garbled;
}

TEST(ImageProbe, ReadsPastALargeMetadataBlockToFindTheHeader) {
    // An APP1 segment of ~20 KiB (like an EXIF thumbnail) before the frame header.
    std::vector<std::uint8_t> jpeg = test::encodeJpeg(test::rampImage(40, 30));
    std::vector<std::uint8_t> app1{0xFF, 0xE1, 0x50, 0x00};
    app1.resize(2 + 0x5000, 0x20);
    jpeg.insert(jpeg.begin() + 2, app1.begin(), app1.end());
    test::TempDir dir;
    test::writeBytes(dir.file("exif.jpg"), jpeg);
    ImageProbe probe;
    EXPECT_EQ(probe.check(dir.file("exif.jpg")), std::nullopt);
}

}  // namespace
}  // namespace bb
