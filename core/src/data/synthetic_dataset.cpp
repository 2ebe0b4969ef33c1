#include "bridgebench/synthetic_dataset.h"

#include <chrono>
#include <fstream>
#include <iterator>
#include <system_error>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "data/jpeg_encoder.h"
#include "data/rgb_image.h"
#include "data/synthetic_scene.h"
#include "util/json_text.h"

namespace bb {

namespace {

// Bump when the pictures or captions change, so that old sets are regenerated.
constexpr int kGeneratorVersion = 1;
constexpr const char* kStampName = ".bridgebench-synthetic.json";
constexpr const char* kManifestName = "manifest.jsonl";

nlohmann::json stampFor(const SyntheticDatasetOptions& options) {
    return {{"generator", kGeneratorVersion}, {"count", options.count},   {"seed", options.seed},
            {"width", options.widthPx},       {"height", options.heightPx}, {"quality", options.quality}};
}

std::string imageName(std::int64_t index, std::int64_t count) {
    const int digits = std::max(6, static_cast<int>(std::to_string(std::max<std::int64_t>(count - 1, 0)).size()));
    return fmt::format("images/{:0{}d}.jpg", index, digits);
}

std::optional<nlohmann::json> readStamp(const std::filesystem::path& dir) {
    std::ifstream stream(dir / kStampName);
    if (!stream) {
        return std::nullopt;
    }
    const std::string text{std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
    std::string why;
    auto stamp = parseStoredJsonText(text, why);  // a stamp that does not read is made again
    if (!stamp || !stamp->is_object()) {
        return std::nullopt;
    }
    return stamp;
}

bool isComplete(const std::filesystem::path& dir, const SyntheticDatasetOptions& options) {
    const std::optional<nlohmann::json> stamp = readStamp(dir);
    if (!stamp || *stamp != stampFor(options)) {
        return false;
    }
    std::error_code error;
    if (!std::filesystem::is_regular_file(dir / kManifestName, error)) {
        return false;
    }
    for (std::int64_t i = 0; i < options.count; ++i) {
        if (!std::filesystem::is_regular_file(dir / imageName(i, options.count), error)) {
            return false;
        }
    }
    return true;
}

[[noreturn]] void cannotWrite(const std::filesystem::path& path, const std::string& why) {
    throw InputError(path.string() + ": cannot write: " + why);
}

void writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
    std::ofstream stream(path, std::ios::binary | std::ios::trunc);
    stream.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!stream) {
        cannotWrite(path, "write failed");
    }
}

// Images a previous, larger set left behind would otherwise sit beside the new manifest.
void removeStaleImages(const std::filesystem::path& dir, const std::optional<nlohmann::json>& oldStamp,
                       std::int64_t count) {
    if (!oldStamp || !oldStamp->contains("count") || !(*oldStamp)["count"].is_number_integer()) {
        return;
    }
    const auto oldCount = (*oldStamp)["count"].get<std::int64_t>();
    std::error_code ignored;
    for (std::int64_t i = count; i < oldCount; ++i) {
        std::filesystem::remove(dir / imageName(i, oldCount), ignored);
    }
}

}  // namespace

void validate(const SyntheticDatasetOptions& options) {
    if (options.count < 1 || options.count > 10'000'000) {
        throw ConfigError("count", "must be between 1 and 10,000,000");
    }
    if (options.widthPx < 16 || options.widthPx > 8192) {
        throw ConfigError("width", "must be between 16 and 8192 pixels");
    }
    if (options.heightPx < 16 || options.heightPx > 8192) {
        throw ConfigError("height", "must be between 16 and 8192 pixels");
    }
    if (options.quality < 1 || options.quality > 100) {
        throw ConfigError("quality", "must be between 1 and 100");
    }
}

SyntheticDatasetResult generateSyntheticDataset(const std::filesystem::path& dir,
                                                const SyntheticDatasetOptions& options,
                                                const SyntheticProgressFn& progress) {
    validate(options);
    const auto start = std::chrono::steady_clock::now();
    SyntheticDatasetResult result;
    result.manifest = dir / kManifestName;
    result.count = options.count;
    if (isComplete(dir, options)) {
        result.reused = true;
        return result;
    }

    std::error_code error;
    std::filesystem::create_directories(dir / "images", error);
    if (error) {
        cannotWrite(dir, error.message());
    }
    const std::optional<nlohmann::json> oldStamp = readStamp(dir);
    // Without its stamp, a set interrupted from here on is regenerated, never reused.
    std::filesystem::remove(dir / kStampName, error);
    if (error) {
        cannotWrite(dir / kStampName, error.message());
    }
    removeStaleImages(dir, oldStamp, options.count);

    const std::filesystem::path partialManifest = dir / (std::string(kManifestName) + ".partial");
    std::ofstream manifest(partialManifest, std::ios::binary | std::ios::trunc);
    if (!manifest) {
        cannotWrite(partialManifest, "cannot create");
    }
    RgbImage image;
    JpegEncoder encoder;
    const SyntheticSceneRenderer renderer;
    for (std::int64_t i = 0; i < options.count; ++i) {
        const std::string caption = renderer.draw(options.seed, i, static_cast<int>(options.widthPx),
                                                  static_cast<int>(options.heightPx), image);
        const std::string name = imageName(i, options.count);
        writeFile(dir / name, encoder.encode(image, static_cast<int>(options.quality)));
        manifest << nlohmann::json{{"image", name}, {"caption", caption}}.dump() << '\n';
        if (progress) {
            progress(i + 1, options.count);
        }
    }
    manifest.close();
    if (!manifest) {
        cannotWrite(partialManifest, "write failed");
    }
    std::filesystem::rename(partialManifest, result.manifest, error);
    if (error) {
        cannotWrite(result.manifest, error.message());
    }
    std::ofstream stamp(dir / kStampName, std::ios::trunc);
    stamp << stampFor(options).dump(2) << '\n';
    stamp.close();
    if (!stamp) {
        cannotWrite(dir / kStampName, "write failed");
    }
    result.elapsedMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace bb
