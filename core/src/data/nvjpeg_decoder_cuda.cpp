// nvJPEG's batched decoder on the training stream. Compiled only against a CUDA LibTorch.
#include "data/nvjpeg_decoder.h"

#include <optional>
#include <vector>

#include "timeline/device_clock_cuda.h"

#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

#include <stdexcept>

namespace bb {

bool nvjpegDecoderBuilt() noexcept { return true; }

namespace {

void check(nvjpeg::Status status, const char* call) {
    if (status != nvjpeg::kSuccess)
        throw std::runtime_error(std::string("nvJPEG ") + call + " failed with status " + std::to_string(status));
}

// One nvJPEG handle with its decode state, on one backend. The batched decoder is initialised
// for a batch size and reinitialised when that changes.
class Session {
public:
    Session(const nvjpeg::Api& api, int backend) : m_api(api) {
        const nvjpeg::Status created = m_api.createEx(backend, nullptr, nullptr, 0, &m_handle);
        if (created != nvjpeg::kSuccess) {
            m_handle = nullptr;
            m_status = created;
            return;
        }
        m_status = m_api.jpegStateCreate(m_handle, &m_state);
    }
    ~Session() {
        if (m_state) m_api.jpegStateDestroy(m_state);
        if (m_handle) m_api.destroy(m_handle);
    }
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    bool ready() const noexcept { return m_handle && m_state && m_status == nvjpeg::kSuccess; }
    nvjpeg::Status status() const noexcept { return m_status; }
    nvjpeg::Handle handle() const noexcept { return m_handle; }

    nvjpeg::Status decode(const std::vector<const unsigned char*>& data, const std::vector<std::size_t>& lengths,
                          std::vector<nvjpeg::Image>& outputs, void* stream) {
        const int count = static_cast<int>(data.size());
        if (count != m_batchSize) {
            // One CPU thread: the loader's workers are the unit of host parallelism.
            const nvjpeg::Status initialised =
                m_api.decodeBatchedInitialize(m_handle, m_state, count, 1, nvjpeg::kOutputRgbInterleaved);
            if (initialised != nvjpeg::kSuccess) return initialised;
            m_batchSize = count;
        }
        return m_api.decodeBatched(m_handle, m_state, data.data(), lengths.data(), outputs.data(), stream);
    }

private:
    const nvjpeg::Api& m_api;
    nvjpeg::Handle m_handle = nullptr;
    nvjpeg::JpegState m_state = nullptr;
    nvjpeg::Status m_status = nvjpeg::kSuccess;
    int m_batchSize = -1;
};

}  // namespace

struct NvjpegDecoder::Impl {
    std::shared_ptr<const NvjpegLibrary> library;
    torch::Device device;
    std::unique_ptr<Session> primary;   // the hardware engine where there is one, else the CUDA backend
    std::unique_ptr<Session> fallback;  // the CUDA backend, made when the engine refuses a batch
    bool hardware = false;
    // The timeline's device decode track: decodes whose spans wait for the device to pass them.
    struct OpenSpan {
        std::int64_t step = 0;
        at::cuda::CUDAEvent began{cudaEventDefault};
        at::cuda::CUDAEvent ended{cudaEventDefault};
    };
    SpanLane lane = {};
    std::optional<DeviceClock> clock = {};
    std::vector<OpenSpan> open = {};

    // Adds the spans the device has passed; `wait`: all of them, waiting.
    void addSpans(bool wait) {
        std::size_t done = 0;
        for (; done < open.size(); ++done) {
            OpenSpan& span = open[done];
            if (wait) span.ended.synchronize();
            else if (!span.ended.query()) break;  // one stream: later ones are not done either
            lane.add(SpanKind::Decode, span.step, clock->hostTime(span.began), clock->hostTime(span.ended));
        }
        open.erase(open.begin(), open.begin() + static_cast<std::ptrdiff_t>(done));
    }

    Session& cudaBackend() {
        if (!hardware) return *primary;
        if (!fallback) {
            fallback = std::make_unique<Session>(library->api(), nvjpeg::kBackendDefault);
            check(fallback->status(), "nvjpegCreateEx (default backend)");
        }
        return *fallback;
    }
};

NvjpegDecoder::NvjpegDecoder(std::shared_ptr<const NvjpegLibrary> library, torch::Device device)
    : m_impl(std::make_unique<Impl>(Impl{std::move(library), device, nullptr, nullptr, false})) {
    if (!m_impl->library) throw std::runtime_error("nvJPEG decoder made without a library");
    if (!device.is_cuda()) throw std::runtime_error("nvJPEG decodes on a cuda device, not " + device.str());
    const c10::cuda::CUDAGuard guard(device);
    const nvjpeg::Api& api = m_impl->library->api();
    // The hardware backend reports ARCH_MISMATCH (or another failure) on GPUs without the engine.
    auto session = std::make_unique<Session>(api, nvjpeg::kBackendHardware);
    m_impl->hardware = session->ready();
    if (!m_impl->hardware) session = std::make_unique<Session>(api, nvjpeg::kBackendDefault);
    check(session->status(), "nvjpegCreateEx / nvjpegJpegStateCreate");
    m_impl->primary = std::move(session);
}

NvjpegDecoder::~NvjpegDecoder() = default;

std::string NvjpegDecoder::backend() const { return m_impl->hardware ? "hardware" : "cuda"; }

void NvjpegDecoder::recordSpans(SpanLane lane) {
    const c10::cuda::CUDAGuard guard(m_impl->device);
    m_impl->clock.emplace(c10::cuda::getCurrentCUDAStream(m_impl->device.index()));
    m_impl->lane = std::move(lane);
}

void NvjpegDecoder::flushSpans() {
    if (!m_impl->open.empty()) m_impl->addSpans(/*wait=*/true);
}

DeviceDecoded NvjpegDecoder::decode(const std::vector<std::span<const std::uint8_t>>& jpegs, std::int64_t step) {
    Impl& impl = *m_impl;
    const c10::cuda::CUDAGuard guard(impl.device);
    if (!impl.lane.records(step)) return decodeAll(jpegs);
    impl.addSpans(/*wait=*/false);
    const c10::cuda::CUDAStream stream = c10::cuda::getCurrentCUDAStream(impl.device.index());
    Impl::OpenSpan span;
    span.step = step;
    span.began.record(stream);
    DeviceDecoded decoded = decodeAll(jpegs);
    span.ended.record(stream);
    impl.open.push_back(std::move(span));
    return decoded;
}

DeviceDecoded NvjpegDecoder::decodeAll(const std::vector<std::span<const std::uint8_t>>& jpegs) {
    Impl& impl = *m_impl;
    const nvjpeg::Api& api = impl.library->api();
    DeviceDecoded out;

    // Sizes from the headers (host work). A header nvJPEG cannot parse is a corrupt file,
    // skipped and reported like the CPU path's.
    std::vector<const unsigned char*> data;
    std::vector<std::size_t> lengths;
    std::int64_t totalBytes = 0;
    for (std::size_t i = 0; i < jpegs.size(); ++i) {
        int components = 0;
        int subsampling = 0;
        int widths[nvjpeg::kMaxComponent] = {};
        int heights[nvjpeg::kMaxComponent] = {};
        const nvjpeg::Status status = api.getImageInfo(impl.primary->handle(), jpegs[i].data(), jpegs[i].size(),
                                                       &components, &subsampling, widths, heights);
        if (status != nvjpeg::kSuccess || widths[0] <= 0 || heights[0] <= 0) {
            out.failed.push_back(i);
            out.reasons.push_back("nvjpegGetImageInfo status " + std::to_string(status));
            continue;
        }
        RawImage image;
        image.byteOffset = totalBytes;
        image.widthPx = widths[0];
        image.heightPx = heights[0];
        totalBytes += static_cast<std::int64_t>(widths[0]) * heights[0] * 3;
        out.images.push_back(image);
        out.decoded.push_back(i);
        data.push_back(jpegs[i].data());
        lengths.push_back(jpegs[i].size());
    }
    out.pixels = torch::empty({totalBytes}, torch::TensorOptions().dtype(torch::kUInt8).device(impl.device));
    if (out.images.empty()) return out;

    std::vector<nvjpeg::Image> outputs(out.images.size());
    auto* base = out.pixels.data_ptr<std::uint8_t>();
    for (std::size_t k = 0; k < out.images.size(); ++k) {
        outputs[k] = nvjpeg::Image{};
        outputs[k].channel[0] = base + out.images[k].byteOffset;
        outputs[k].pitch[0] = static_cast<std::size_t>(out.images[k].widthPx) * 3;
    }
    void* stream = c10::cuda::getCurrentCUDAStream(impl.device.index()).stream();

    if (impl.primary->decode(data, lengths, outputs, stream) == nvjpeg::kSuccess) return out;
    // The engine refuses some encodings (progressive, some subsamplings) and one bad image
    // fails the whole batch: retry the batch on the CUDA backend, then image by image to find
    // the ones that cannot be decoded.
    if (impl.hardware && impl.cudaBackend().decode(data, lengths, outputs, stream) == nvjpeg::kSuccess) return out;

    DeviceDecoded kept;
    kept.failed = out.failed;
    kept.reasons = out.reasons;
    std::vector<RawImage> images;
    std::vector<std::size_t> decoded;
    for (std::size_t k = 0; k < out.images.size(); ++k) {
        std::vector<const unsigned char*> one{data[k]};
        std::vector<std::size_t> length{lengths[k]};
        std::vector<nvjpeg::Image> target{outputs[k]};
        const nvjpeg::Status status = impl.cudaBackend().decode(one, length, target, stream);
        if (status == nvjpeg::kSuccess) {
            images.push_back(out.images[k]);
            decoded.push_back(out.decoded[k]);
        } else {
            kept.failed.push_back(out.decoded[k]);
            kept.reasons.push_back("nvjpegDecodeBatched status " + std::to_string(status));
        }
    }
    // The survivors keep their offsets in the full buffer: gaps where a failed image would have
    // been cost memory, not correctness.
    kept.pixels = out.pixels;
    kept.images = std::move(images);
    kept.decoded = std::move(decoded);
    return kept;
}

}  // namespace bb
