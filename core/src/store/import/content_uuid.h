// Identities for imported runs derived from what they hold, so that importing the same files
// again is recognised (the store skips uuids it has) whatever name the user gives the run.
#pragma once

#include <string>
#include <string_view>

#include "bridgebench/run_data.h"

namespace bb {

// An RFC 9562 version-8 UUID (custom) from two FNV-1a 64-bit hashes of `content`.
std::string contentUuid(std::string_view content);

// From the run's steps, summary and the format it came from (not its name or device, which the
// user may choose differently on a second import of the same files).
std::string importedRunUuid(const RunData& run, std::string_view format);

}  // namespace bb
