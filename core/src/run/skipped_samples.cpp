#include "bridgebench/skipped_samples.h"

#include <nlohmann/json.hpp>

namespace bb {

void SkippedSamples::add(std::string path, std::string reason) {
    ++count;
    if (first.size() < kListed) {
        first.push_back({std::move(path), std::move(reason)});
    }
}

void SkippedSamples::merge(const SkippedSamples& other) {
    count += other.count;
    for (const SkippedSample& sample : other.first) {
        if (first.size() == kListed) {
            break;
        }
        first.push_back(sample);
    }
}

void to_json(nlohmann::json& out, const SkippedSamples& skipped) {
    nlohmann::json listed = nlohmann::json::array();
    for (const SkippedSample& sample : skipped.first) {
        listed.push_back({{"path", sample.path}, {"reason", sample.reason}});
    }
    out = {{"count", skipped.count}, {"first", std::move(listed)}};
}

}  // namespace bb
