// The generated JPEG set that `dataset = synthetic` trains on, kept in the cache directory and
// shared by every run (and every process) that asks for the same options.
#pragma once

#include <filesystem>

#include "bridgebench/synthetic_dataset.h"

namespace bb {

// The options runs use: the study-like default (640×480 JPEGs at quality 90).
SyntheticDatasetOptions defaultSyntheticDatasetOptions(std::uint64_t seed);

// The manifest of a generated set for `options` under cacheRoot, generating it first when it is
// missing or incomplete. Safe when several processes ask at once (parallel tests, a GUI run
// beside a CLI sweep): an exclusive lock on a file next to the set serialises generation, and
// the loser of the race finds the finished set and reuses it. `progress` as in
// generateSyntheticDataset (not called when the set is reused).
std::filesystem::path ensureSyntheticDataset(const std::filesystem::path& cacheRoot,
                                             const SyntheticDatasetOptions& options,
                                             const SyntheticProgressFn& progress = {});

}  // namespace bb
