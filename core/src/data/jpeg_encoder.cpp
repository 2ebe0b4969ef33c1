#include "data/jpeg_encoder.h"

#include <stdexcept>
#include <string>

#include <turbojpeg.h>

#include "data/rgb_image.h"

namespace bb {

JpegEncoder::JpegEncoder() : m_handle(tjInitCompress()) {
    if (m_handle == nullptr) {
        throw std::runtime_error(std::string("TurboJPEG: cannot create a compressor: ") +
                                 tjGetErrorStr2(nullptr));
    }
}

JpegEncoder::~JpegEncoder() {
    tjFree(m_buffer);
    tjDestroy(m_handle);
}

std::span<const std::uint8_t> JpegEncoder::encode(const RgbImage& image, int quality) {
    // Our own worst-case-sized buffer with NOREALLOC: TurboJPEG never reallocates behind our
    // back, and consecutive images of one size reuse the same memory.
    const unsigned long needed = tjBufSize(image.widthPx(), image.heightPx(), TJSAMP_420);
    if (needed > m_bufferBytes) {
        tjFree(m_buffer);
        m_buffer = tjAlloc(static_cast<int>(needed));
        m_bufferBytes = m_buffer != nullptr ? needed : 0;
        if (m_buffer == nullptr) {
            throw std::runtime_error("TurboJPEG: cannot allocate the output buffer");
        }
    }
    unsigned long size = m_bufferBytes;
    if (tjCompress2(m_handle, image.data(), image.widthPx(), image.widthPx() * 3, image.heightPx(),
                    TJPF_RGB, &m_buffer, &size, TJSAMP_420, quality, TJFLAG_NOREALLOC) != 0) {
        const std::string reason = tjGetErrorStr2(m_handle);
        // As in JpegDecoder: a handle libjpeg failed inside is not reset by TurboJPEG.
        if (tjhandle fresh = tjInitCompress()) {
            tjDestroy(m_handle);
            m_handle = fresh;
        }
        throw std::runtime_error("TurboJPEG: cannot compress: " + reason);
    }
    return {m_buffer, size};
}

}  // namespace bb
