// Manifests: one image–caption pair per JSONL line or CSV record. Image paths are relative
// to the manifest's folder unless absolute. Both readers throw InputError naming the file and
// the line of the first broken entry; they do not look at the image files themselves.
#pragma once

#include <filesystem>
#include <istream>
#include <vector>

#include "data/dataset.h"

namespace bb {

// Each non-blank line is an object with "image" (or "image_path", "file_name") and
// "caption" (or "text") strings.
std::vector<DatasetSample> readJsonlManifest(const std::filesystem::path& manifest);
// The same for a manifest's bytes from `stream`; messages and relative paths go by `manifest`.
std::vector<DatasetSample> readJsonlManifest(std::istream& stream, const std::filesystem::path& manifest);

// RFC 4180: a header row naming an image column and a caption column (same names as
// above, any order, other columns ignored), quoted fields may hold commas, quotes ("") and
// line breaks.
std::vector<DatasetSample> readCsvManifest(const std::filesystem::path& manifest);
std::vector<DatasetSample> readCsvManifest(std::istream& stream, const std::filesystem::path& manifest);

}  // namespace bb
