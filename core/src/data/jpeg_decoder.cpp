#include "data/jpeg_decoder.h"

#include <stdexcept>
#include <utility>

#include <turbojpeg.h>

#include "data/rgb_image.h"

namespace bb {

namespace {

std::string turboError(tjhandle handle) {
    return tjGetErrorStr2(handle);
}

}  // namespace

JpegDecoder::JpegDecoder() : m_handle(tjInitDecompress()) {
    if (m_handle == nullptr) {
        throw std::runtime_error(std::string("TurboJPEG: cannot create a decompressor: ") +
                                 tjGetErrorStr2(nullptr));
    }
}

JpegDecoder::~JpegDecoder() {
    tjDestroy(m_handle);
}

// TurboJPEG leaves a decompressor mid-stream when libjpeg fails inside it (a header of more
// than 65500 pixels a side, a bad marker): every later file on that handle then fails with
// "two SOI markers", so one hostile file in a worker spoilt every good one after it. A fresh
// handle per failure is the only full reset the API offers, and failures are rare.
bool JpegDecoder::fail(std::string& error, std::string message) {
    error = std::move(message);
    if (tjhandle fresh = tjInitDecompress()) {
        tjDestroy(m_handle);
        m_handle = fresh;
    }
    return false;
}

bool JpegDecoder::readHeader(std::span<const std::uint8_t> bytes, JpegHeader& header,
                             std::string& error) {
    int width = 0;
    int height = 0;
    int subsampling = 0;
    int colorspace = 0;
    if (tjDecompressHeader3(m_handle, bytes.data(), static_cast<unsigned long>(bytes.size()), &width,
                            &height, &subsampling, &colorspace) != 0) {
        return fail(error, "corrupt JPEG: " + turboError(m_handle));
    }
    // libjpeg cannot convert CMYK/YCCK to RGB; such files are rare enough to skip.
    if (colorspace == TJCS_CMYK || colorspace == TJCS_YCCK) {
        return fail(error, "CMYK JPEG (unsupported)");
    }
    if (width <= 0 || height <= 0) {
        return fail(error, "corrupt JPEG: empty image");
    }
    // Checked before decode() allocates: a corrupt or hostile header can claim 65535 × 65535.
    if (static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height) > kMaxJpegPixels) {
        return fail(error, "JPEG of " + std::to_string(width) + " x " + std::to_string(height) +
                               " pixels, more than the " + std::to_string(kMaxJpegPixels) + " this reader decodes");
    }
    header.widthPx = width;
    header.heightPx = height;
    return true;
}

bool JpegDecoder::decode(std::span<const std::uint8_t> bytes, RgbImage& image, std::string& error) {
    JpegHeader header;
    if (!readHeader(bytes, header, error)) {
        return false;
    }
    image.reshape(header.widthPx, header.heightPx);
    // The accurate integer IDCT and smooth upsampling (no TJFLAG_FASTDCT / FASTUPSAMPLE), as PIL
    // decodes, so the pixels match what the Python peers train on. A warning fails the file
    // anyway, so stop at the first rather than paint the rest of a truncated image; and refuse
    // progressive files of more than 500 scans, whose decoding time has no bound otherwise.
    constexpr int kFlags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS;
    if (tjDecompress2(m_handle, bytes.data(), static_cast<unsigned long>(bytes.size()), image.data(),
                      header.widthPx, header.widthPx * 3, header.heightPx, TJPF_RGB, kFlags) != 0) {
        return fail(error, "corrupt JPEG: " + turboError(m_handle));
    }
    return true;
}

}  // namespace bb
