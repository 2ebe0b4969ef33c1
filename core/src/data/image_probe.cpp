#include "data/image_probe.h"

#include "data/file_bytes.h"
#include "data/image_format.h"

namespace bb {

namespace {

// JPEG headers (quantisation and Huffman tables, SOF, SOS) fit in well under 4 KiB unless
// an EXIF thumbnail or ICC profile precedes them; then the probe reads the whole file.
constexpr std::size_t kHeadBytes = 4096;

}  // namespace

std::optional<std::string> ImageProbe::check(const std::filesystem::path& file) {
    const FileRead read = readFileBytes(file, m_head, kHeadBytes);
    if (!read.ok) {
        return read.error;
    }
    if (read.fileBytes == 0) {
        return "empty file";
    }
    const ImageFormat format = sniffImageFormat(m_head);
    if (format == ImageFormat::Unknown) {
        return "not an image";
    }
    if (!canDecode(format)) {
        return std::string(toString(format)) + " needs a build with OpenCV imgcodecs";
    }
    if (format != ImageFormat::Jpeg) {
        return std::nullopt;
    }
    JpegHeader header;
    std::string error;
    if (m_jpeg.readHeader(m_head, header, error)) {
        return std::nullopt;
    }
    if (read.fileBytes > m_head.size()) {
        const FileRead whole = readFileBytes(file, m_head);
        if (!whole.ok) {
            return whole.error;
        }
        if (m_jpeg.readHeader(m_head, header, error)) {
            return std::nullopt;
        }
    }
    return error;
}

}  // namespace bb
