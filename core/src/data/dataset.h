// A list of image–caption pairs that passed the open-time probe, read from a JSONL or CSV
// manifest, a COCO captions file, or built in memory.
//
// Thread contract: immutable once constructed; any number of threads (the loader's
// workers) may read it at the same time. Share it through std::shared_ptr<const Dataset>.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "bridgebench/skipped_samples.h"

namespace bb {

struct DatasetSample {
    std::filesystem::path imagePath;  // absolute, or relative to the working directory
    std::string caption;
};

struct DatasetOpenOptions {
    // COCO only: where the images are. Empty: derived from the annotation file's name
    // (root/annotations/captions_val2017.json → root/val2017/), else its own folder.
    std::filesystem::path cocoImageDir;
};

class Dataset {
public:
    // `path` is a directory holding manifest.jsonl, a .jsonl or .csv manifest, or a COCO
    // captions .json. Throws InputError naming the file (and line, for manifests) when it is
    // unreadable or malformed, or when no sample is usable; skipped files are in skipped().
    static Dataset open(const std::filesystem::path& path, const DatasetOpenOptions& options = {});

    // The checks of open() that need no more than one usable image: the path, the manifest
    // (every line), and that some sample passes the probe. For a run to refuse its dataset
    // before it records anything, without probing a large dataset's files twice.
    static void checkUsable(const std::filesystem::path& path, const DatasetOpenOptions& options = {});

    // Probes `samples` like open() does. `source` names the dataset in messages.
    static Dataset fromSamples(std::vector<DatasetSample> samples, std::filesystem::path source);

    std::size_t size() const noexcept { return m_samples.size(); }
    const DatasetSample& sample(std::size_t index) const { return m_samples.at(index); }
    const std::vector<DatasetSample>& samples() const noexcept { return m_samples; }
    // Files left out when the dataset was opened (the loader reports those it skips later).
    const SkippedSamples& skipped() const noexcept { return m_skipped; }
    const std::filesystem::path& source() const noexcept { return m_source; }

private:
    Dataset() = default;

    std::vector<DatasetSample> m_samples;
    SkippedSamples m_skipped;
    std::filesystem::path m_source;
};

}  // namespace bb
