// See copy_stream_stager.h. Compiled only against a CUDA LibTorch.
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

#include <array>
#include <utility>
#include <vector>

#include "data/batch.h"
#include "data/copy_stream_stager.h"

namespace bb {

namespace {

class CudaStagedCopy final : public StagedCopy {
public:
    CudaStagedCopy(std::vector<torch::Tensor> hostSources, std::vector<torch::Tensor> deviceCopies,
                   at::cuda::CUDAEvent copied, c10::DeviceIndex device)
        : m_hostSources(std::move(hostSources)),
          m_deviceCopies(std::move(deviceCopies)),
          m_copied(std::move(copied)),
          m_device(device) {}

    // The host tensors go back to the loader's pool here, and a worker may overwrite a buffer
    // as soon as it is back: not while a copy may still read it. A batch that was used waits
    // for nothing (its step ended after its copies); one dropped unused, at a run's end, may.
    ~CudaStagedCopy() override {
        try {
            waitForCopies();
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
    bool m_ordered = false;
};

class CopyStreamStager final : public BatchStager {
public:
    explicit CopyStreamStager(torch::Device device)
        : m_device(device.is_cuda() && !device.has_index() ? torch::Device(torch::kCUDA, c10::cuda::current_device())
                                                           : device),
          m_stream(c10::cuda::getStreamFromPool(/*isHighPriority=*/false, m_device.index())) {}

    void stage(Batch& batch) const override {
        // Sets the worker's current device and stream for the copies and their allocations.
        const c10::cuda::CUDAStreamGuard onCopyStream(m_stream);
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
        at::cuda::CUDAEvent copied;
        copied.record(m_stream);
        batch.staged = std::make_shared<CudaStagedCopy>(std::move(hostSources), std::move(deviceCopies),
                                                        std::move(copied), m_device.index());
    }

private:
    torch::Device m_device;
    c10::cuda::CUDAStream m_stream;
};

}  // namespace

std::shared_ptr<const BatchStager> makeCopyStreamStager(torch::Device device) {
    return std::make_shared<const CopyStreamStager>(device);
}

}  // namespace bb
