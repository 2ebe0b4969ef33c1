#include "data/jpeg_decoder.h"

#include <cstdlib>

#include <gtest/gtest.h>

#include "data/image_decoder.h"
#include "data_test_support.h"

namespace bb {
namespace {

int maxDifference(const RgbImage& a, const RgbImage& b) {
    int worst = 0;
    for (std::size_t i = 0; i < a.byteCount(); ++i) {
        worst = std::max(worst, std::abs(int(a.data()[i]) - int(b.data()[i])));
    }
    return worst;
}

TEST(JpegDecoder, DecodesToRgbInTheOriginalChannelOrder) {
    const RgbImage original = test::rampImage(48, 32);
    const std::vector<std::uint8_t> jpeg = test::encodeJpeg(original, 100);
    JpegDecoder decoder;
    RgbImage decoded;
    std::string error;
    ASSERT_TRUE(decoder.decode(jpeg, decoded, error)) << error;
    ASSERT_EQ(decoded.widthPx(), 48);
    ASSERT_EQ(decoded.heightPx(), 32);
    // Quality 100 with 4:2:0 chroma: a few levels at most. A BGR swap would be off by ~100.
    EXPECT_LE(maxDifference(original, decoded), 6);
}

TEST(JpegDecoder, ReusesItsBufferForSmallerImages) {
    JpegDecoder decoder;
    RgbImage image;
    std::string error;
    ASSERT_TRUE(decoder.decode(test::encodeJpeg(test::rampImage(64, 64)), image, error));
    const std::uint8_t* buffer = image.data();
    ASSERT_TRUE(decoder.decode(test::encodeJpeg(test::rampImage(40, 30)), image, error));
    EXPECT_EQ(image.data(), buffer);
    EXPECT_EQ(image.widthPx(), 40);
}

TEST(JpegDecoder, ReadsTheHeaderFromAPrefix) {
    const std::vector<std::uint8_t> jpeg = test::encodeJpeg(test::rampImage(123, 45));
    JpegDecoder decoder;
    JpegHeader header;
    std::string error;
    ASSERT_TRUE(decoder.readHeader(std::span(jpeg).first(std::min<std::size_t>(jpeg.size(), 1024)), header, error))
        << error;
    EXPECT_EQ(header.widthPx, 123);
    EXPECT_EQ(header.heightPx, 45);
}

TEST(JpegDecoder, RejectsATruncatedFile) {
    std::vector<std::uint8_t> jpeg = test::encodeJpeg(test::rampImage(64, 64));
    jpeg.resize(jpeg.size() / 2);
    JpegDecoder decoder;
    RgbImage image;
    std::string error;
    EXPECT_FALSE(decoder.decode(jpeg, image, error));
    EXPECT_NE(error.find("corrupt JPEG"), std::string::npos) << error;
}

// The frame header (SOF0) holds the height and width as big-endian 16-bit numbers.
void setDimensions(std::vector<std::uint8_t>& jpeg, std::uint16_t widthPx, std::uint16_t heightPx) {
    for (std::size_t i = 0; i + 9 < jpeg.size(); ++i) {
        if (jpeg[i] == 0xFF && jpeg[i + 1] == 0xC0) {
            jpeg[i + 5] = heightPx >> 8;
            jpeg[i + 6] = heightPx & 0xFF;
            jpeg[i + 7] = widthPx >> 8;
            jpeg[i + 8] = widthPx & 0xFF;
            return;
        }
    }
    FAIL() << "no SOF0 marker";
}

// A file of a few hundred bytes claiming 65000 x 65000 once made decode() allocate 12.7 GB before
// failing (libjpeg itself refuses dimensions above 65500 only).
TEST(JpegDecoder, RefusesAHeaderOfMorePixelsThanTheLimitBeforeAllocating) {
    std::vector<std::uint8_t> jpeg = test::encodeJpeg(test::rampImage(16, 16));
    setDimensions(jpeg, 65000, 65000);
    JpegDecoder decoder;
    JpegHeader header;
    std::string error;
    EXPECT_FALSE(decoder.readHeader(jpeg, header, error));
    EXPECT_NE(error.find("65000 x 65000 pixels, more than the 178956970"), std::string::npos) << error;
    RgbImage image;
    EXPECT_FALSE(decoder.decode(jpeg, image, error));
    EXPECT_EQ(image.byteCount(), 0U);

    jpeg = test::encodeJpeg(test::rampImage(16, 16));
    setDimensions(jpeg, 13000, 13000);  // 169 million pixels: under the limit
    EXPECT_TRUE(decoder.readHeader(jpeg, header, error)) << error;
}

// libjpeg itself refuses a side over 65500 pixels, inside TurboJPEG, which then left its handle
// mid-stream: every later file, good ones included, failed with "two SOI markers".
TEST(JpegDecoder, AFileThatFailsInsideLibjpegLeavesTheDecoderGoodForTheNext) {
    std::vector<std::uint8_t> hostile = test::encodeJpeg(test::rampImage(16, 16));
    setDimensions(hostile, 65535, 65535);
    std::vector<std::uint8_t> truncated = test::encodeJpeg(test::rampImage(64, 64));
    truncated.resize(truncated.size() / 2);
    const std::vector<std::uint8_t> good = test::encodeJpeg(test::rampImage(24, 20));
    JpegDecoder decoder;
    for (const auto* bad : {&hostile, &truncated, &hostile}) {
        RgbImage image;
        std::string error;
        JpegHeader header;
        EXPECT_FALSE(decoder.readHeader(*bad, header, error));
        EXPECT_FALSE(decoder.decode(*bad, image, error));
        ASSERT_TRUE(decoder.readHeader(good, header, error)) << error;
        EXPECT_EQ(header.widthPx, 24);
        ASSERT_TRUE(decoder.decode(good, image, error)) << error;
        EXPECT_EQ(image.heightPx(), 20);
    }
}

TEST(ImageDecoder, SaysWhenBytesAreNoImage) {
    const std::string text = "caption,image\nnot,a picture\n";
    ImageDecoder decoder;
    RgbImage image;
    std::string error;
    EXPECT_FALSE(decoder.decode(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), image, error));
    EXPECT_EQ(error, "not an image");
}

// tests/data/tiny_rgb.png: 3 × 2 pixels, row-major (255,0,0) (0,255,0) (0,0,255) /
// (10,20,30) (200,100,50) (255,255,255).
TEST(ImageDecoder, DecodesPngWithImgcodecsAndSaysWhyNotWithout) {
    const std::vector<std::uint8_t> png = test::readBytes(std::filesystem::path(BB_TEST_DATA_DIR) / "tiny_rgb.png");
    ASSERT_FALSE(png.empty());
    ImageDecoder decoder;
    RgbImage image;
    std::string error;
    const bool decoded = decoder.decode(png, image, error);
#ifdef BB_HAVE_IMGCODECS
    ASSERT_TRUE(decoded) << error;
    ASSERT_EQ(image.widthPx(), 3);
    ASSERT_EQ(image.heightPx(), 2);
    const std::vector<std::uint8_t> expected{255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 200, 100, 50, 255, 255, 255};
    EXPECT_EQ(std::vector<std::uint8_t>(image.data(), image.data() + image.byteCount()), expected);
#else
    EXPECT_FALSE(decoded);
    EXPECT_EQ(error, "PNG needs a build with OpenCV imgcodecs");
#endif
}

}  // namespace
}  // namespace bb
