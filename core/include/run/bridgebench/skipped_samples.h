// Inputs that a dataset or a loader left out (missing, unreadable, corrupt or non-image
// files): how many, and the first few with the reason, for the run summary. Skipped inputs
// are data, not log lines. A plain value: not thread-safe; the loader guards its own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace bb {

struct SkippedSample {
    std::string path;
    std::string reason;  // "missing", "not an image", "corrupt JPEG: ...", ...
};

struct SkippedSamples {
    static constexpr std::size_t kListed = 5;

    std::int64_t count = 0;
    std::vector<SkippedSample> first;  // at most kListed, in the order they were found

    void add(std::string path, std::string reason);
    void merge(const SkippedSamples& other);
    bool empty() const noexcept { return count == 0; }
};

// {"count": N, "first": [{"path": ..., "reason": ...}, ...]}
void to_json(nlohmann::json& out, const SkippedSamples& skipped);

}  // namespace bb
