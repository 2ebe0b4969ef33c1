#include "data/encoded_image_decoder.h"

#include <span>

#include "data/nvjpeg_decoder.h"

namespace bb {

namespace {

std::span<const std::uint8_t> bytesOf(const Batch& batch, const EncodedImage& image) {
    return {batch.encodedBytes.data_ptr<std::uint8_t>() + image.byteOffset, static_cast<std::size_t>(image.byteCount)};
}

bool sizeAsHeadersSaid(const EncodedImage& expected, int widthPx, int heightPx) {
    return expected.widthPx == widthPx && expected.heightPx == heightPx;
}

std::string sizeMismatch(const EncodedImage& expected, int widthPx, int heightPx) {
    return "corrupt JPEG: decoded to " + std::to_string(widthPx) + " x " + std::to_string(heightPx) +
           " pixels, its headers say " + std::to_string(expected.widthPx) + " x " + std::to_string(expected.heightPx);
}

}  // namespace

EncodedImageDecoder::EncodedImageDecoder(torch::Device device, std::shared_ptr<const NvjpegLibrary> nvjpeg,
                                         SpanLane spans)
    : m_device(device), m_library(std::move(nvjpeg)), m_spans(std::move(spans)) {}

void EncodedImageDecoder::flushSpans() {
    if (m_nvjpeg) m_nvjpeg->flushSpans();
}

EncodedImageDecoder::~EncodedImageDecoder() = default;

std::string EncodedImageDecoder::backend() const { return m_nvjpeg ? "nvjpeg-" + m_nvjpeg->backend() : "turbojpeg"; }

EncodedDecodeResult EncodedImageDecoder::decode(const Batch& batch) {
    const std::vector<EncodedImage>& encoded = batch.encodedImages;
    EncodedDecodeResult result;
    result.images.resize(encoded.size());
    result.reasons.resize(encoded.size());
    std::vector<std::size_t> onHost;
    torch::Tensor pixels;
    if (m_library && !encoded.empty()) {
        if (!m_nvjpeg) {
            m_nvjpeg = std::make_unique<NvjpegDecoder>(m_library, m_device);
            if (m_spans.recorder) m_nvjpeg->recordSpans(m_spans);
        }
        std::vector<std::span<const std::uint8_t>> jpegs;
        jpegs.reserve(encoded.size());
        for (const EncodedImage& image : encoded) jpegs.push_back(bytesOf(batch, image));
        DeviceDecoded decoded = m_nvjpeg->decode(jpegs, batch.index);
        pixels = std::move(decoded.pixels);
        for (std::size_t k = 0; k < decoded.decoded.size(); ++k) {
            const std::size_t entry = decoded.decoded[k];
            const RawImage& image = decoded.images[k];
            if (sizeAsHeadersSaid(encoded[entry], image.widthPx, image.heightPx)) {
                result.images[entry] = image;
            } else {
                result.reasons[entry] = "nvJPEG: " + sizeMismatch(encoded[entry], image.widthPx, image.heightPx);
                onHost.push_back(entry);
            }
        }
        for (std::size_t k = 0; k < decoded.failed.size(); ++k) {
            result.reasons[decoded.failed[k]] = "nvJPEG: " + decoded.reasons[k];
            onHost.push_back(decoded.failed[k]);
        }
    } else {
        for (std::size_t entry = 0; entry < encoded.size(); ++entry) onHost.push_back(entry);
    }
    if (!onHost.empty()) {
        const std::int64_t base = pixels.defined() ? pixels.numel() : 0;
        torch::Tensor hostDecoded = decodeOnHost(batch, onHost, result, base);
        pixels = base > 0 ? torch::cat({pixels, hostDecoded}) : std::move(hostDecoded);
    }
    if (!pixels.defined()) pixels = torch::empty({0}, torch::TensorOptions().dtype(torch::kByte).device(m_device));
    result.pixels = std::move(pixels);
    return result;
}

torch::Tensor EncodedImageDecoder::decodeOnHost(const Batch& batch, const std::vector<std::size_t>& entries,
                                                EncodedDecodeResult& result, std::int64_t offsetBase) {
    m_host.clear();
    std::string error;
    for (const std::size_t entry : entries) {
        const EncodedImage& expected = batch.encodedImages[entry];
        std::string& reason = result.reasons[entry];
        if (!m_jpeg.decode(bytesOf(batch, expected), m_image, error)) {
            reason = reason.empty() ? error : reason + "; TurboJPEG: " + error;
            continue;
        }
        if (!sizeAsHeadersSaid(expected, m_image.widthPx(), m_image.heightPx())) {
            const std::string mismatch = sizeMismatch(expected, m_image.widthPx(), m_image.heightPx());
            reason = reason.empty() ? mismatch : reason + "; TurboJPEG: " + mismatch;
            continue;
        }
        result.images[entry] =
            RawImage{offsetBase + static_cast<std::int64_t>(m_host.size()), m_image.widthPx(), m_image.heightPx()};
        reason.clear();
        ++result.hostDecoded;
        m_host.insert(m_host.end(), m_image.data(), m_image.data() + m_image.byteCount());
    }
    if (m_host.empty()) return torch::empty({0}, torch::TensorOptions().dtype(torch::kByte).device(m_device));
    const torch::Tensor host =
        torch::from_blob(m_host.data(), {static_cast<std::int64_t>(m_host.size())}, torch::kByte);
    // A copy either way: m_host is reused for the next batch. From pageable memory the copy to
    // a CUDA device is synchronous, so the buffer is free again when it returns.
    return m_device.is_cpu() ? host.clone() : host.to(m_device);
}

}  // namespace bb
