// COCO captions (annotations/captions_*.json): one sample per caption annotation, in the
// file's order, as the Hugging Face contrastive-image-text example reads COCO. Throws
// InputError naming the file and the element at fault (annotations[12].caption) when the
// JSON is malformed; does not look at the image files.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "data/dataset.h"

namespace bb {

// root/annotations/captions_<split>.json → root/<split>/; otherwise the file's folder.
std::filesystem::path defaultCocoImageDir(const std::filesystem::path& annotations);

std::vector<DatasetSample> readCocoCaptions(const std::filesystem::path& annotations,
                                            const std::filesystem::path& imageDir);
// The same for the file's contents in memory; messages name `annotations`.
std::vector<DatasetSample> parseCocoCaptions(const std::string& text, const std::filesystem::path& annotations,
                                             const std::filesystem::path& imageDir);

}  // namespace bb
