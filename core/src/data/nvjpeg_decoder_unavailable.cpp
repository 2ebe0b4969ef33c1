// A LibTorch without CUDA has no device to decode on. CUDA builds compile
// nvjpeg_decoder_cuda.cpp instead (core/CMakeLists.txt picks one).
#include <stdexcept>

#include "data/nvjpeg_decoder.h"

namespace bb {

bool nvjpegDecoderBuilt() noexcept { return false; }

struct NvjpegDecoder::Impl {};

NvjpegDecoder::NvjpegDecoder(std::shared_ptr<const NvjpegLibrary>, torch::Device device) {
    throw std::runtime_error("nvJPEG decoding on " + device.str() + " needs a LibTorch built with CUDA");
}

NvjpegDecoder::~NvjpegDecoder() = default;

DeviceDecoded NvjpegDecoder::decode(const std::vector<std::span<const std::uint8_t>>&, std::int64_t) { return {}; }

DeviceDecoded NvjpegDecoder::decodeAll(const std::vector<std::span<const std::uint8_t>>&) { return {}; }

void NvjpegDecoder::recordSpans(SpanLane) {}

void NvjpegDecoder::flushSpans() {}

std::string NvjpegDecoder::backend() const { return "none"; }

}  // namespace bb
