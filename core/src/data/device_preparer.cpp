#include "data/device_preparer.h"

#include <ATen/ATen.h>

#include "data/batch_stager.h"

namespace bb {

namespace {

// Consecutive samples that go through one batched resize: same plan, same size, and stored
// back to back in one buffer, so that the group is one NHWC view.
bool sameGroup(const DevicePreparer::Placed& placed, std::size_t first, std::size_t next) {
    const PlacedImage& a = placed.images[first];
    const PlacedImage& b = placed.images[next];
    const std::int64_t imageBytes = static_cast<std::int64_t>(a.widthPx) * a.heightPx * 3;
    return a.source == b.source && a.widthPx == b.widthPx && a.heightPx == b.heightPx &&
           b.byteOffset == a.byteOffset + static_cast<std::int64_t>(next - first) * imageBytes &&
           placed.plans[first] == placed.plans[next];
}

torch::Tensor keptRows(const torch::Tensor& rows, const std::vector<std::int64_t>& keptSlots) {
    if (keptSlots.empty()) return rows.narrow(0, 0, 0);
    // On the rows' device: staged text rows are already on the training device.
    return rows.index_select(0, torch::tensor(keptSlots, torch::kLong).to(rows.device()));
}

}  // namespace

DevicePreparer::DevicePreparer(torch::Device device, std::shared_ptr<const NvjpegLibrary> nvjpeg,
                               SpanLane decodeSpans)
    : m_device(device), m_outputs(4, device), m_decoder(device, std::move(nvjpeg), std::move(decodeSpans)) {
    const auto options = torch::TensorOptions().dtype(torch::kFloat).device(device);
    std::array<float, 3> scale{};
    std::array<float, 3> offset{};
    for (std::size_t channel = 0; channel < 3; ++channel) {
        scale[channel] = 1.0F / (255.0F * kClipStd[channel]);
        offset[channel] = -kClipMean[channel] / kClipStd[channel];
    }
    m_scale = torch::tensor(at::ArrayRef<float>(scale.data(), 3)).view({1, 3, 1, 1}).to(options);
    m_offset = torch::tensor(at::ArrayRef<float>(offset.data(), 3)).view({1, 3, 1, 1}).to(options);
    m_source = torch::empty({0}, options);
    m_resized = torch::empty({0}, options);
}

torch::Tensor DevicePreparer::pixelMask(std::int64_t batchSize, std::int64_t sizePx) {
    if (!m_pixelMask.defined() || m_pixelMask.size(0) != batchSize || m_pixelMask.size(1) != sizePx) {
        m_pixelMask = torch::ones({batchSize, sizePx, sizePx}, torch::TensorOptions().dtype(torch::kLong).device(m_device));
    }
    return m_pixelMask;
}

DeviceBatch DevicePreparer::prepare(const Batch& batch) {
    // Copied by the loader on a copy stream: this stream's work waits for those copies.
    if (batch.staged) batch.staged->orderBefore();
    DeviceBatch inputs;
    torch::Tensor inputIds = batch.inputIds;
    torch::Tensor attentionMask = batch.attentionMask;
    if (batch.hostTransformed()) {
        // non_blocking: from pinned host memory the copy overlaps with work already queued.
        inputs.pixelValues = batch.pixelValues.to(m_device, /*non_blocking=*/true);
    } else {
        const Placed placed = placeImages(batch, inputs.skipped);
        m_deviceSkipped += static_cast<std::int64_t>(inputs.skipped.size());
        inputs.pixelValues = transformOnDevice(placed, batch);
        if (!inputs.skipped.empty() && inputIds.defined()) {
            inputIds = keptRows(inputIds, placed.keptSlots);
            attentionMask = keptRows(attentionMask, placed.keptSlots);
        }
    }
    inputs.pixelMask = pixelMask(inputs.pixelValues.size(0), batch.imageSizePx);
    if (inputIds.defined()) {
        inputs.inputIds = inputIds.to(m_device, /*non_blocking=*/true);
        inputs.attentionMask = attentionMask.to(m_device, /*non_blocking=*/true);
    }
    return inputs;
}

DevicePreparer::Placed DevicePreparer::placeImages(const Batch& batch, std::vector<DeviceSkip>& skipped) {
    Placed placed;
    placed.sources.push_back(batch.rawPixels.defined() ? batch.rawPixels.to(m_device, /*non_blocking=*/true)
                                                       : torch::Tensor());
    const auto count = static_cast<std::size_t>(batch.size());
    if (batch.encodedImages.empty()) {
        for (const RawImage& image : batch.rawImages)
            placed.images.push_back({0, image.byteOffset, image.widthPx, image.heightPx});
        placed.plans = batch.plans;
        return placed;
    }
    EncodedDecodeResult decoded = m_decoder.decode(batch);
    placed.sources.push_back(std::move(decoded.pixels));
    std::size_t nextEncoded = 0;
    std::size_t nextRaw = 0;
    for (std::size_t slot = 0; slot < count; ++slot) {
        const bool encoded = nextEncoded < batch.encodedImages.size() &&
                             batch.encodedImages[nextEncoded].slot == static_cast<std::int64_t>(slot);
        if (!encoded) {
            const RawImage& image = batch.rawImages[nextRaw++];
            placed.images.push_back({0, image.byteOffset, image.widthPx, image.heightPx});
        } else if (const std::optional<RawImage>& image = decoded.images[nextEncoded]; image) {
            placed.images.push_back({1, image->byteOffset, image->widthPx, image->heightPx});
        } else {
            skipped.push_back({batch.sampleIndices[slot], decoded.reasons[nextEncoded]});
            ++nextEncoded;
            continue;
        }
        if (encoded) ++nextEncoded;
        placed.plans.push_back(batch.plans[slot]);
        placed.keptSlots.push_back(static_cast<std::int64_t>(slot));
    }
    return placed;
}

torch::Tensor DevicePreparer::transformOnDevice(const Placed& placed, const Batch& batch) {
    const std::int64_t sizePx = batch.imageSizePx;
    const auto count = static_cast<std::int64_t>(placed.images.size());
    torch::Tensor output = m_outputs.acquire({count, 3, sizePx, sizePx}, torch::kFloat);

    std::size_t first = 0;
    while (first < static_cast<std::size_t>(count)) {
        std::size_t end = first + 1;
        while (end < static_cast<std::size_t>(count) && sameGroup(placed, first, end)) {
            ++end;
        }
        const PlacedImage& image = placed.images[first];
        const TransformPlan& plan = placed.plans[first];
        const auto groupSize = static_cast<std::int64_t>(end - first);
        const torch::Tensor images =
            placed.sources[image.source]
                .narrow(0, image.byteOffset, groupSize * image.heightPx * image.widthPx * 3)
                .view({groupSize, image.heightPx, image.widthPx, 3});
        const torch::Tensor region = images.narrow(1, plan.sourceRect.y, plan.sourceRect.heightPx)
                                         .narrow(2, plan.sourceRect.x, plan.sourceRect.widthPx)
                                         .permute({0, 3, 1, 2});
        m_source.resize_({groupSize, 3, plan.sourceRect.heightPx, plan.sourceRect.widthPx});
        m_source.copy_(region);
        m_resized.resize_({groupSize, 3, plan.resizedHeightPx, plan.resizedWidthPx});
        const std::array<std::int64_t, 2> resizedSize{plan.resizedHeightPx, plan.resizedWidthPx};
        if (batch.interpolation == Interpolation::Bicubic) {
            at::upsample_bicubic2d_out(m_resized, m_source, at::IntArrayRef(resizedSize), /*align_corners=*/false);
        } else {
            at::upsample_bilinear2d_out(m_resized, m_source, at::IntArrayRef(resizedSize), /*align_corners=*/false);
        }
        torch::Tensor crop = m_resized.narrow(2, plan.cropRect.y, plan.cropRect.heightPx)
                                 .narrow(3, plan.cropRect.x, plan.cropRect.widthPx);
        // Round half up and clamp to 8-bit values, as the host path's 8-bit resize does (and
        // as PIL does for the Python peers). round_() would round halves to even, which a
        // 2:1 downscale hits on a quarter of its pixels; bicubic overshoots [0, 255].
        crop.add_(0.5).floor_().clamp_(0, 255);
        if (plan.flip) {
            crop = crop.flip({3});
        }
        torch::Tensor slice = output.narrow(0, static_cast<std::int64_t>(first), groupSize);
        at::addcmul_out(slice, m_offset, crop, m_scale);
        first = end;
    }
    return output;
}

}  // namespace bb
