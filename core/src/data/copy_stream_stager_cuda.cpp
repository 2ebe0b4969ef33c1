// See copy_stream_stager.h. Compiled only against a CUDA LibTorch.
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "data/batch.h"
#include "data/copy_stream_stager.h"
#include "timeline/device_clock_cuda.h"

namespace bb {

namespace {

// A batch's copies as a span of the timeline's copy track, for a step the timeline records.
struct CopySpan {
    std::shared_ptr<TimelineRecorder> recorder;
    std::shared_ptr<const DeviceClock> clock;
    at::cuda::CUDAEvent began;
    std::int64_t step = 0;
};

class CudaStagedCopy final : public StagedCopy {
public:
    CudaStagedCopy(std::vector<torch::Tensor> hostSources, std::vector<torch::Tensor> deviceCopies,
                   at::cuda::CUDAEvent copied, c10::DeviceIndex device, std::optional<CopySpan> span)
        : m_hostSources(std::move(hostSources)),
          m_deviceCopies(std::move(deviceCopies)),
          m_copied(std::move(copied)),
          m_device(device),
          m_span(std::move(span)) {}

    // The host tensors go back to the loader's pool here, and a worker may overwrite a buffer
    // as soon as it is back: not while a copy may still read it. A batch that was used waits
    // for nothing (its step ended after its copies); one dropped unused, at a run's end, may.
    // The copies are done then, so their span can be read without waiting: the batch's step
    // ended before, or the run's last take of spans comes after the loader let its batches go.
    ~CudaStagedCopy() override {
        try {
            waitForCopies();
            if (m_span)
                m_span->recorder->add(TimelineTrack::Copy, 0, SpanKind::Copy, m_span->step,
                                      m_span->clock->hostTime(m_span->began), m_span->clock->hostTime(m_copied));
        } catch (...) {
            // A failed device fails the run elsewhere; a destructor only must not throw.
        }
    }

    void orderBefore() override {
        if (m_ordered) return;
        const c10::cuda::CUDAStream stream = c10::cuda::getCurrentCUDAStream(m_device);
        m_copied.block(stream);
        for (torch::Tensor& copy : m_deviceCopies) copy.record_stream(stream);
        m_ordered = true;
    }

    void waitForCopies() const override { m_copied.synchronize(); }

private:
    std::vector<torch::Tensor> m_hostSources;
    std::vector<torch::Tensor> m_deviceCopies;
    at::cuda::CUDAEvent m_copied;
    c10::DeviceIndex m_device;
    std::optional<CopySpan> m_span;
    bool m_ordered = false;
};

class CopyStreamStager final : public BatchStager {
public:
    CopyStreamStager(torch::Device device, std::shared_ptr<TimelineRecorder> timeline)
        : m_device(device.is_cuda() && !device.has_index() ? torch::Device(torch::kCUDA, c10::cuda::current_device())
                                                           : device),
          m_stream(c10::cuda::getStreamFromPool(/*isHighPriority=*/false, m_device.index())),
          m_timeline(std::move(timeline)),
          m_clock(m_timeline ? std::make_shared<const DeviceClock>(m_stream) : nullptr) {}

    void stage(Batch& batch) const override {
        // Sets the worker's current device and stream for the copies and their allocations.
        const c10::cuda::CUDAStreamGuard onCopyStream(m_stream);
        // Every worker queues on this one stream: one at a time, so that no other batch's copies
        // fall between a batch's two events and its span holds its own copies alone (queueing
        // takes microseconds; the copies themselves run later, on the device). The events say
        // when the copies ran, not when they were queued.
        const std::lock_guard queueing(m_queueing);
        const bool timed = m_timeline && m_timeline->records(batch.index);
        std::optional<CopySpan> span;
        if (timed) {
            span.emplace(CopySpan{m_timeline, m_clock, at::cuda::CUDAEvent(cudaEventDefault), batch.index});
            span->began.record(m_stream);
        }
        std::vector<torch::Tensor> hostSources;
        std::vector<torch::Tensor> deviceCopies;
        const std::array<torch::Tensor*, 4> fields{&batch.pixelValues, &batch.rawPixels, &batch.inputIds,
                                                   &batch.attentionMask};
        for (torch::Tensor* field : fields) {
            if (!field->defined() || !field->device().is_cpu()) continue;
            hostSources.push_back(*field);
            *field = field->to(m_device, /*non_blocking=*/true);
            deviceCopies.push_back(*field);
        }
        at::cuda::CUDAEvent copied(timed ? cudaEventDefault : cudaEventDisableTiming);
        copied.record(m_stream);
        batch.staged = std::make_shared<CudaStagedCopy>(std::move(hostSources), std::move(deviceCopies),
                                                        std::move(copied), m_device.index(), std::move(span));
    }

private:
    torch::Device m_device;
    c10::cuda::CUDAStream m_stream;
    std::shared_ptr<TimelineRecorder> m_timeline;
    std::shared_ptr<const DeviceClock> m_clock;
    mutable std::mutex m_queueing;
};

}  // namespace

std::shared_ptr<const BatchStager> makeCopyStreamStager(torch::Device device, std::shared_ptr<TimelineRecorder> timeline) {
    return std::make_shared<const CopyStreamStager>(device, std::move(timeline));
}

}  // namespace bb
