// nvJPEG on the GPU against the CPU decoder (TurboJPEG). Needs a CUDA device and an nvJPEG
// library (found as a run would find it: $BRIDGEBENCH_NVJPEG_LIBRARY, else the sonames).
#include "data/nvjpeg_decoder.h"

#include <gtest/gtest.h>
#include <torch/cuda.h>
#include <turbojpeg.h>

#include <iostream>

#include "data/jpeg_decoder.h"
#include "data/jpeg_encoder.h"
#include "data/rgb_image.h"

namespace bb {
namespace {

// Sharp: a blue sawtooth that wraps from 255 to 0 every 37 diagonal pixels, the worst case
// for 4:2:0 chroma (edges sharper than the half-resolution chroma can hold). Smooth: gradients
// only, as most of a photograph is.
RgbImage testImage(int widthPx, int heightPx, int seed, bool sharp) {
    RgbImage image;
    image.reshape(widthPx, heightPx);
    for (int y = 0; y < heightPx; ++y)
        for (int x = 0; x < widthPx; ++x) {
            std::uint8_t* p = image.data() + (static_cast<std::size_t>(y) * widthPx + x) * 3;
            p[0] = static_cast<std::uint8_t>((x * 255) / widthPx);
            p[1] = static_cast<std::uint8_t>((y * 255) / heightPx);
            p[2] = sharp ? static_cast<std::uint8_t>(((x + y + seed * 37) * 7) % 256)
                         : static_cast<std::uint8_t>(((x + y) * 255) / (widthPx + heightPx));
        }
    return image;
}

// TurboJPEG with the given flags (0: the CPU decoder's smooth upsampling; TJFLAG_FASTUPSAMPLE:
// chroma samples replicated), for telling IDCT differences from upsampling ones.
std::vector<std::uint8_t> turboDecode(const std::vector<std::uint8_t>& file, int widthPx, int heightPx, int flags) {
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(widthPx) * heightPx * 3);
    tjhandle handle = tjInitDecompress();
    const int rc = tjDecompress2(handle, file.data(), static_cast<unsigned long>(file.size()), rgb.data(), widthPx, 0,
                                 heightPx, TJPF_RGB, flags);
    tjDestroy(handle);
    EXPECT_EQ(rc, 0);
    return rgb;
}

struct Agreement {
    double mean = 0;
    int max = 0;
};

Agreement agreement(const torch::Tensor& gpu, std::vector<std::uint8_t> cpu) {
    const torch::Tensor reference =
        torch::from_blob(cpu.data(), {static_cast<std::int64_t>(cpu.size())}, torch::kUInt8).to(torch::kInt);
    const torch::Tensor difference = (gpu - reference).abs();
    return {difference.to(torch::kFloat).mean().item<double>(), difference.max().item<int>()};
}

TEST(NvjpegDecoderCuda, MatchesTheCpuDecoderAndSkipsCorruptFiles) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    const NvjpegLoad load = loadNvjpeg("");
    if (!load.library) GTEST_SKIP() << "no nvJPEG: " << load.triedText();

    JpegEncoder encoder;
    std::vector<std::vector<std::uint8_t>> files;
    std::vector<bool> sharp;
    for (int i = 0; i < 4; ++i) {
        sharp.push_back(i % 2 == 0);
        const auto bytes = encoder.encode(testImage(640 - 64 * i, 480 - 32 * i, i, sharp.back()), 90);
        files.emplace_back(bytes.begin(), bytes.end());
    }
    files.insert(files.begin() + 1, std::vector<std::uint8_t>{0xFF, 0xD8, 0xFF, 0x00, 0x12});  // corrupt
    sharp.insert(sharp.begin() + 1, false);
    std::vector<std::span<const std::uint8_t>> spans(files.begin(), files.end());

    NvjpegDecoder decoder(load.library, torch::Device("cuda:0"));
    const DeviceDecoded decoded = decoder.decode(spans);
    ASSERT_EQ(decoded.failed, std::vector<std::size_t>{1}) << "backend " << decoder.backend();
    ASSERT_EQ(decoded.decoded, (std::vector<std::size_t>{0, 2, 3, 4}));
    const torch::Tensor host = decoded.pixels.cpu();  // waits for the stream

    JpegDecoder cpu;
    for (std::size_t k = 0; k < decoded.images.size(); ++k) {
        const std::vector<std::uint8_t>& file = files[decoded.decoded[k]];
        RgbImage expected;
        std::string error;
        ASSERT_TRUE(cpu.decode(file, expected, error)) << error;
        const RawImage& image = decoded.images[k];
        ASSERT_EQ(image.widthPx, expected.widthPx());
        ASSERT_EQ(image.heightPx, expected.heightPx());
        const torch::Tensor gpu = host.narrow(0, image.byteOffset, static_cast<std::int64_t>(expected.byteCount()))
                                      .to(torch::kInt);
        const Agreement smooth = agreement(gpu, {expected.data(), expected.data() + expected.byteCount()});
        const Agreement replicated =
            agreement(gpu, turboDecode(file, image.widthPx, image.heightPx, TJFLAG_FASTUPSAMPLE));
        const char* kind = sharp[decoded.decoded[k]] ? "sharp chroma" : "smooth";
        std::cout << "[ nvjpeg   ] " << decoder.backend() << ", image " << k << " (" << kind
                  << "): against TurboJPEG's smooth upsampling mean " << smooth.mean << " max " << smooth.max
                  << "; against replicated chroma mean " << replicated.mean << " max " << replicated.max << "\n";
        // Stated tolerance, against whichever CPU upsampling nvJPEG's is nearer: nvJPEG's IDCT
        // and colour conversion differ from libjpeg-turbo's by a level or two, a mean of at most
        // 1.5 levels and no pixel off by more than 24.
        const Agreement& nearer = smooth.mean <= replicated.mean ? smooth : replicated;
        EXPECT_LE(nearer.mean, 1.5) << "image " << k << " (" << kind << "), " << decoder.backend();
        EXPECT_LE(nearer.max, 24) << "image " << k << " (" << kind << "), " << decoder.backend();
    }
}

}  // namespace
}  // namespace bb
