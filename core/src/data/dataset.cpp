#include "data/dataset.h"

#include <optional>
#include <unordered_map>

#include "bridgebench/errors.h"
#include "data/coco_captions_reader.h"
#include "data/image_probe.h"
#include "data/manifest_reader.h"

namespace bb {

namespace {

std::string describeFirst(const SkippedSamples& skipped) {
    if (skipped.first.empty()) {
        return {};
    }
    const SkippedSample& first = skipped.first.front();
    return "; first: " + first.path + " (" + first.reason + ")";
}

std::string noUsableSampleMessage(const std::filesystem::path& source, const SkippedSamples& skipped) {
    if (skipped.count == 0) {
        return source.string() + ": no sample in it (an empty manifest, or only blank lines)";
    }
    return source.string() + ": no usable sample (" + std::to_string(skipped.count) + " skipped" +
           describeFirst(skipped) + ")";
}

// The manifest's samples, unprobed; `file` becomes the manifest that was read.
std::vector<DatasetSample> readSamples(const std::filesystem::path& path, const DatasetOpenOptions& options,
                                       std::filesystem::path& file) {
    std::error_code error;
    file = path;
    if (std::filesystem::is_directory(path, error)) {
        file = path / "manifest.jsonl";
        if (!std::filesystem::exists(file, error)) {
            throw InputError(path.string() + ": folder has no manifest.jsonl");
        }
    } else if (!std::filesystem::exists(path, error)) {
        throw InputError(path.string() + ": no such file or folder");
    }

    const std::string extension = file.extension().string();
    if (extension == ".jsonl") {
        return readJsonlManifest(file);
    }
    if (extension == ".csv") {
        return readCsvManifest(file);
    }
    if (extension == ".json") {
        const std::filesystem::path imageDir =
            options.cocoImageDir.empty() ? defaultCocoImageDir(file) : options.cocoImageDir;
        return readCocoCaptions(file, imageDir);
    }
    throw InputError(file.string() + ": unknown dataset kind; expected a folder, .jsonl, .csv or COCO captions .json");
}

}  // namespace

Dataset Dataset::open(const std::filesystem::path& path, const DatasetOpenOptions& options) {
    std::filesystem::path file;
    std::vector<DatasetSample> samples = readSamples(path, options, file);
    return fromSamples(std::move(samples), file);
}

void Dataset::checkUsable(const std::filesystem::path& path, const DatasetOpenOptions& options) {
    std::filesystem::path file;
    const std::vector<DatasetSample> samples = readSamples(path, options, file);
    SkippedSamples skipped;
    ImageProbe probe;
    for (const DatasetSample& sample : samples) {
        const std::optional<std::string> verdict = probe.check(sample.imagePath);
        if (!verdict) {
            return;
        }
        skipped.add(sample.imagePath.string(), *verdict);
    }
    throw InputError(noUsableSampleMessage(file, skipped));
}

Dataset Dataset::fromSamples(std::vector<DatasetSample> samples, std::filesystem::path source) {
    Dataset dataset;
    dataset.m_source = std::move(source);
    dataset.m_samples.reserve(samples.size());

    // COCO lists each image about five times (once per caption); probe each file once.
    std::unordered_map<std::string, std::optional<std::string>> verdicts;
    ImageProbe probe;
    for (DatasetSample& sample : samples) {
        const std::string key = sample.imagePath.string();
        auto [verdict, inserted] = verdicts.try_emplace(key);
        if (inserted) {
            verdict->second = probe.check(sample.imagePath);
        }
        if (verdict->second) {
            dataset.m_skipped.add(key, *verdict->second);
        } else {
            dataset.m_samples.push_back(std::move(sample));
        }
    }
    if (dataset.m_samples.empty()) {
        throw InputError(noUsableSampleMessage(dataset.m_source, dataset.m_skipped));
    }
    return dataset;
}

}  // namespace bb
