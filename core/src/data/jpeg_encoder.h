// RGB to JPEG through TurboJPEG (4:2:0 chroma subsampling, like PIL's default), for the
// synthetic dataset and for tests. One instance per thread.
#pragma once

#include <cstdint>
#include <span>

namespace bb {

class RgbImage;

class JpegEncoder {
public:
    JpegEncoder();  // throws std::runtime_error when TurboJPEG cannot allocate a handle
    ~JpegEncoder();
    JpegEncoder(const JpegEncoder&) = delete;
    JpegEncoder& operator=(const JpegEncoder&) = delete;

    // The returned bytes live in a buffer owned by the encoder, valid until the next call.
    // Throws std::runtime_error if TurboJPEG fails (out of memory).
    std::span<const std::uint8_t> encode(const RgbImage& image, int quality);

private:
    void* m_handle = nullptr;  // tjhandle
    unsigned char* m_buffer = nullptr;
    unsigned long m_bufferBytes = 0;
};

}  // namespace bb
