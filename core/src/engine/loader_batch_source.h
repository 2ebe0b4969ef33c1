// Batches from a real dataset through the Loader (N workers, JPEG decode, BridgeTower image
// processing, tokenised captions) and the DevicePreparer (copy, device-side transforms).
#pragma once

#include <memory>
#include <optional>

#include "data/device_preparer.h"
#include "data/loader.h"
#include "engine/batch_source.h"

namespace bb {

class LoaderBatchSource final : public BatchSource {
public:
    LoaderBatchSource(std::shared_ptr<const Dataset> dataset, LoaderOptions options, torch::Device device);
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
};

}  // namespace bb
