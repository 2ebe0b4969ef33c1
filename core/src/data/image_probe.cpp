#include "data/image_probe.h"

#include <algorithm>

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
    const HeadVerdict verdict = checkHead(m_head, read.fileBytes);
    if (!verdict.needsWholeFile) {
        return verdict.problem;
    }
    const FileRead whole = readFileBytes(file, m_head);
    if (!whole.ok) {
        return whole.error;
    }
    return checkJpegHeaders(m_head);
}

std::optional<std::string> ImageProbe::check(std::span<const std::uint8_t> file) {
    const HeadVerdict verdict = checkHead(file.first(std::min(file.size(), kHeadBytes)), file.size());
    return verdict.needsWholeFile ? checkJpegHeaders(file) : verdict.problem;
}

ImageProbe::HeadVerdict ImageProbe::checkHead(std::span<const std::uint8_t> head, std::size_t fileBytes) {
    if (fileBytes == 0) {
        return {"empty file"};
    }
    const ImageFormat format = sniffImageFormat(head);
    if (format == ImageFormat::Unknown) {
        return {"not an image"};
    }
    if (!canDecode(format)) {
        return {std::string(toString(format)) + " needs a build with OpenCV imgcodecs"};
    }
    if (format != ImageFormat::Jpeg) {
        return {};
    }
    std::optional<std::string> problem = checkJpegHeaders(head);
    const bool needsWholeFile = problem.has_value() && fileBytes > head.size();
    return {std::move(problem), needsWholeFile};
}

std::optional<std::string> ImageProbe::checkJpegHeaders(std::span<const std::uint8_t> bytes) {
    JpegHeader header;
    std::string error;
    if (m_jpeg.readHeader(bytes, header, error)) {
        return std::nullopt;
    }
    return error;
}

}  // namespace bb
