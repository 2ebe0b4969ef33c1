// Identities for imported runs derived from what they hold, so that importing the same files
// again is recognised (the store skips uuids it has) whatever name the user gives the run.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "bridgebench/run_data.h"

namespace bb {

// An RFC 9562 version-8 UUID (custom) from two FNV-1a 64-bit hashes of `content`.
std::string contentUuid(std::string_view content);

// contentUuid() of content given a piece at a time: the same pieces give the same UUID as
// their concatenation, without holding it.
class ContentHasher {
public:
    void add(std::string_view bytes);
    // The fields of a step that importedRunUuid() counts, as it counts them.
    void addStep(const StepMetrics& step);
    std::string uuid() const;

private:
    std::uint64_t m_high = 0xcbf29ce484222325ULL;
    std::uint64_t m_low = 0x84222325cbf29ce4ULL;
};

// From the run's steps, summary and the format it came from (not its name or device, which the
// user may choose differently on a second import of the same files).
std::string importedRunUuid(const RunData& run, std::string_view format);
// The hasher importedRunUuid() starts from: the format and the summary, the steps to follow.
ContentHasher importedRunHasher(const nlohmann::json& summary, std::string_view format);

}  // namespace bb
