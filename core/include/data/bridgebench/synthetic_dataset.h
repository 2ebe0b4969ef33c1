// The embedded default dataset: photo-like JPEGs of coloured shapes on noisy gradients, with
// captions that say what is drawn where (so that a contrastive loss can fall), and a
// manifest.jsonl the loader reads like any other. Deterministic: image i depends only on the
// seed, i and the size, never on count.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>

namespace bb {

struct SyntheticDatasetOptions {
    std::int64_t count = 1000;
    std::uint64_t seed = 0;
    std::int64_t widthPx = 640;
    std::int64_t heightPx = 480;
    std::int64_t quality = 90;  // JPEG quality, 1..100
};

// Throws ConfigError naming the field ("count", "width", "height", "quality").
void validate(const SyntheticDatasetOptions& options);

struct SyntheticDatasetResult {
    std::filesystem::path manifest;  // DIR/manifest.jsonl
    std::int64_t count = 0;
    bool reused = false;             // an existing set made with the same options was kept
    double elapsedMs = 0;
};

// Called on the calling thread after each written image; must not throw.
using SyntheticProgressFn = std::function<void(std::int64_t written, std::int64_t total)>;

// Writes DIR/images/NNNNNN.jpg, DIR/manifest.jsonl and a stamp file recording the options.
// A directory whose stamp matches `options` (and whose files are all present) is reused as
// it is. The stamp is written last, so an interrupted generation is redone, not reused.
// Throws ConfigError for invalid options and InputError when DIR cannot be written.
SyntheticDatasetResult generateSyntheticDataset(const std::filesystem::path& dir,
                                                const SyntheticDatasetOptions& options,
                                                const SyntheticProgressFn& progress = {});

}  // namespace bb
