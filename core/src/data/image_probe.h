// The cheap check a dataset runs on every file when it opens: present, readable, an image
// format this build decodes, and (for JPEG) headers that parse. It reads a few KiB, not the
// whole file; a file whose scan data is corrupt passes here and is skipped by the loader.
// One instance per thread.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "data/jpeg_decoder.h"

namespace bb {

class ImageProbe {
public:
    // std::nullopt when the file looks usable, else why it is not.
    std::optional<std::string> check(const std::filesystem::path& file);

private:
    JpegDecoder m_jpeg;
    std::vector<std::uint8_t> m_head;
};

}  // namespace bb
