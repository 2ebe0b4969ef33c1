#include "data/jpeg_decoder.h"

#include <stdexcept>

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

bool JpegDecoder::readHeader(std::span<const std::uint8_t> bytes, JpegHeader& header,
                             std::string& error) {
    int width = 0;
    int height = 0;
    int subsampling = 0;
    int colorspace = 0;
    if (tjDecompressHeader3(m_handle, bytes.data(), static_cast<unsigned long>(bytes.size()), &width,
                            &height, &subsampling, &colorspace) != 0) {
        error = "corrupt JPEG: " + turboError(m_handle);
        return false;
    }
    // libjpeg cannot convert CMYK/YCCK to RGB; such files are rare enough to skip.
    if (colorspace == TJCS_CMYK || colorspace == TJCS_YCCK) {
        error = "CMYK JPEG (unsupported)";
        return false;
    }
    if (width <= 0 || height <= 0) {
        error = "corrupt JPEG: empty image";
        return false;
    }
    // Checked before decode() allocates: a corrupt or hostile header can claim 65535 × 65535.
    if (static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height) > kMaxJpegPixels) {
        error = "JPEG of " + std::to_string(width) + " x " + std::to_string(height) + " pixels, more than the " +
                std::to_string(kMaxJpegPixels) + " this reader decodes";
        return false;
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
        error = "corrupt JPEG: " + turboError(m_handle);
        return false;
    }
    return true;
}

}  // namespace bb
