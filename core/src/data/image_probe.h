// The cheap check a dataset runs on every file when it opens: present, readable, an image
// format this build decodes, and (for JPEG) headers that parse. It reads a few KiB, not the
// whole file; a file whose scan data is corrupt passes here and is skipped by the loader.
// One instance per thread.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "data/jpeg_decoder.h"

namespace bb {

class ImageProbe {
public:
    // std::nullopt when the file looks usable, else why it is not.
    std::optional<std::string> check(const std::filesystem::path& file);
    // The same checks on a whole file's bytes in memory.
    std::optional<std::string> check(std::span<const std::uint8_t> file);

private:
    struct HeadVerdict {
        std::optional<std::string> problem;  // nullopt: usable
        bool needsWholeFile = false;         // the JPEG headers may continue past `head`
    };
    HeadVerdict checkHead(std::span<const std::uint8_t> head, std::size_t fileBytes);
    std::optional<std::string> checkJpegHeaders(std::span<const std::uint8_t> bytes);

    JpegDecoder m_jpeg;
    std::vector<std::uint8_t> m_head;
};

}  // namespace bb
