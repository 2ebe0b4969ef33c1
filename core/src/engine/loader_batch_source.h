// Batches from a real dataset through the Loader (N workers, JPEG decode, BridgeTower image
// processing, tokenised captions) and the DevicePreparer (copy, device-side decoding and
// transforms).
#pragma once

#include <memory>
#include <optional>

#include "data/device_preparer.h"
#include "data/loader.h"
#include "engine/batch_source.h"

namespace bb {

class LoaderBatchSource final : public BatchSource {
public:
    // `nvjpeg`: the device decoder for options.encodedJpegs (see DevicePreparer). `stager`:
    // the loader's last stage (the copy stream on CUDA; see Loader).
    LoaderBatchSource(std::shared_ptr<const Dataset> dataset, LoaderOptions options, torch::Device device,
                      std::shared_ptr<const NvjpegLibrary> nvjpeg = nullptr,
                      std::shared_ptr<const BatchStager> stager = nullptr);
    bool fetch() override;
    ModelInputs prepare() override;
    void recordLoadCost(StepMetrics& metrics) const override;
    SkippedSamples skipped() const override;
    void finish() override;
    std::optional<TransformCosts> probeTransforms() override;

private:
    std::shared_ptr<const Dataset> m_dataset;
    Loader m_loader;
    DevicePreparer m_preparer;
    std::optional<Batch> m_fetched;
    SkippedSamples m_deviceSkipped;  // left out by the device decoder
};

}  // namespace bb
