// nvJPEG on the GPU against the CPU decoder (TurboJPEG). Needs a CUDA device and an nvJPEG
// library (found as a run would find it: $BRIDGEBENCH_NVJPEG_LIBRARY, else the sonames).
#include "data/nvjpeg_decoder.h"

#include <gtest/gtest.h>
#include <torch/cuda.h>

#include "data/jpeg_decoder.h"
#include "data/jpeg_encoder.h"
#include "data/rgb_image.h"

namespace bb {
namespace {

RgbImage gradientImage(int widthPx, int heightPx, int seed) {
    RgbImage image;
    image.reshape(widthPx, heightPx);
    for (int y = 0; y < heightPx; ++y)
        for (int x = 0; x < widthPx; ++x) {
            std::uint8_t* p = image.data() + (static_cast<std::size_t>(y) * widthPx + x) * 3;
            p[0] = static_cast<std::uint8_t>((x * 255) / widthPx);
            p[1] = static_cast<std::uint8_t>((y * 255) / heightPx);
            p[2] = static_cast<std::uint8_t>(((x + y + seed * 37) * 7) % 256);
        }
    return image;
}

TEST(NvjpegDecoderCuda, MatchesTheCpuDecoderAndSkipsCorruptFiles) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    const NvjpegLoad load = loadNvjpeg("");
    if (!load.library) GTEST_SKIP() << "no nvJPEG: " << load.triedText();

    JpegEncoder encoder;
    std::vector<std::vector<std::uint8_t>> files;
    for (int i = 0; i < 3; ++i) {
        const auto bytes = encoder.encode(gradientImage(640 - 64 * i, 480 - 32 * i, i), 90);
        files.emplace_back(bytes.begin(), bytes.end());
    }
    files.insert(files.begin() + 1, std::vector<std::uint8_t>{0xFF, 0xD8, 0xFF, 0x00, 0x12});  // corrupt
    std::vector<std::span<const std::uint8_t>> spans(files.begin(), files.end());

    NvjpegDecoder decoder(load.library, torch::Device("cuda:0"));
    const DeviceDecoded decoded = decoder.decode(spans);
    ASSERT_EQ(decoded.failed, std::vector<std::size_t>{1}) << "backend " << decoder.backend();
    ASSERT_EQ(decoded.decoded, (std::vector<std::size_t>{0, 2, 3}));
    const torch::Tensor host = decoded.pixels.cpu();  // waits for the stream

    JpegDecoder cpu;
    for (std::size_t k = 0; k < decoded.images.size(); ++k) {
        RgbImage expected;
        std::string error;
        ASSERT_TRUE(cpu.decode(files[decoded.decoded[k]], expected, error)) << error;
        const RawImage& image = decoded.images[k];
        ASSERT_EQ(image.widthPx, expected.widthPx());
        ASSERT_EQ(image.heightPx, expected.heightPx());
        const torch::Tensor gpu = host.narrow(0, image.byteOffset, static_cast<std::int64_t>(expected.byteCount()))
                                      .to(torch::kInt);
        const torch::Tensor reference =
            torch::from_blob(expected.data(), {static_cast<std::int64_t>(expected.byteCount())}, torch::kUInt8)
                .to(torch::kInt);
        const torch::Tensor difference = (gpu - reference).abs();
        // nvJPEG's IDCT and chroma upsampling differ from libjpeg-turbo's: stated tolerance, a
        // mean of at most 1.5 levels and no pixel off by more than 24.
        EXPECT_LE(difference.to(torch::kFloat).mean().item<double>(), 1.5) << "image " << k << ", " << decoder.backend();
        EXPECT_LE(difference.max().item<int>(), 24) << "image " << k << ", " << decoder.backend();
    }
}

}  // namespace
}  // namespace bb
