// Helpers shared by the data tests: small JPEG files, a generated dataset, the process's
// thread count. Temporary folders come from tests/support (TempDir).
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include <dirent.h>

#include "bridgebench/synthetic_dataset.h"
#include "data/jpeg_encoder.h"
#include "data/rgb_image.h"
#include "support/temp_dir.h"

namespace bb::test {

inline void writeText(const std::filesystem::path& file, const std::string& text) {
    std::ofstream stream(file, std::ios::binary | std::ios::trunc);
    stream << text;
}

inline void writeBytes(const std::filesystem::path& file, std::span<const std::uint8_t> bytes) {
    std::ofstream stream(file, std::ios::binary | std::ios::trunc);
    stream.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

inline std::vector<std::uint8_t> readBytes(const std::filesystem::path& file) {
    std::ifstream stream(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
}

// A smooth colour ramp (JPEG keeps it within a few levels at high quality).
inline RgbImage rampImage(int widthPx, int heightPx) {
    RgbImage image;
    image.reshape(widthPx, heightPx);
    for (int y = 0; y < heightPx; ++y) {
        for (int x = 0; x < widthPx; ++x) {
            std::uint8_t* pixel = image.data() + 3 * (y * widthPx + x);
            pixel[0] = static_cast<std::uint8_t>(40 + 160 * x / std::max(1, widthPx - 1));
            pixel[1] = static_cast<std::uint8_t>(60 + 120 * y / std::max(1, heightPx - 1));
            pixel[2] = 128;
        }
    }
    return image;
}

inline std::vector<std::uint8_t> encodeJpeg(const RgbImage& image, int quality = 95) {
    JpegEncoder encoder;
    const auto bytes = encoder.encode(image, quality);
    return {bytes.begin(), bytes.end()};
}

inline void writeJpeg(const std::filesystem::path& file, int widthPx, int heightPx, int quality = 95) {
    writeBytes(file, encodeJpeg(rampImage(widthPx, heightPx), quality));
}

// A generated set of `count` small images; returns its folder's manifest.
inline std::filesystem::path makeSyntheticSet(const std::filesystem::path& dir, std::int64_t count,
                                              std::int64_t widthPx = 64, std::int64_t heightPx = 48,
                                              std::uint64_t seed = 7) {
    SyntheticDatasetOptions options;
    options.count = count;
    options.widthPx = widthPx;
    options.heightPx = heightPx;
    options.seed = seed;
    return generateSyntheticDataset(dir, options).manifest;
}

// Deterministic stand-in for the tokenizer (a LoaderOptions::textEncode): <s>, one id per byte, </s>.
inline std::vector<std::int64_t> toyEncode(std::string_view text) {
    std::vector<std::int64_t> ids{0};
    for (const char c : text) ids.push_back(3 + static_cast<unsigned char>(c) % 90);
    ids.push_back(2);
    return ids;
}

// Threads of this process right now (Linux).
inline int threadCount() {
    int count = 0;
    if (DIR* tasks = ::opendir("/proc/self/task")) {
        while (const dirent* entry = ::readdir(tasks)) {
            if (entry->d_name[0] != '.') {
                ++count;
            }
        }
        ::closedir(tasks);
    }
    return count;
}

}  // namespace bb::test
