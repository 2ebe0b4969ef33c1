#include "data/device_preparer.h"

#include <ATen/ATen.h>

namespace bb {

namespace {

// Consecutive samples that can go through one batched resize: same source size, same plan.
bool sameGroup(const Batch& batch, std::size_t a, std::size_t b) {
    return batch.rawImages[a].widthPx == batch.rawImages[b].widthPx &&
           batch.rawImages[a].heightPx == batch.rawImages[b].heightPx && batch.plans[a] == batch.plans[b];
}

}  // namespace

DevicePreparer::DevicePreparer(torch::Device device)
    : m_device(device), m_outputs(4, device) {
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
    DeviceBatch inputs;
    // non_blocking: from pinned host memory the copy overlaps with work already queued.
    inputs.pixelValues = batch.hostTransformed() ? batch.pixelValues.to(m_device, /*non_blocking=*/true)
                                                 : transformOnDevice(batch);
    inputs.pixelMask = pixelMask(batch.size(), batch.imageSizePx);
    if (batch.inputIds.defined()) {
        inputs.inputIds = batch.inputIds.to(m_device, /*non_blocking=*/true);
        inputs.attentionMask = batch.attentionMask.to(m_device, /*non_blocking=*/true);
    }
    return inputs;
}

torch::Tensor DevicePreparer::transformOnDevice(const Batch& batch) {
    const std::int64_t sizePx = batch.imageSizePx;
    const std::int64_t count = batch.size();
    torch::Tensor output = m_outputs.acquire({count, 3, sizePx, sizePx}, torch::kFloat);
    const torch::Tensor raw = batch.rawPixels.to(m_device, /*non_blocking=*/true);

    std::size_t first = 0;
    while (first < static_cast<std::size_t>(count)) {
        std::size_t end = first + 1;
        while (end < static_cast<std::size_t>(count) && sameGroup(batch, first, end)) {
            ++end;
        }
        const RawImage& image = batch.rawImages[first];
        const TransformPlan& plan = batch.plans[first];
        const auto groupSize = static_cast<std::int64_t>(end - first);
        // Same-size images are stored back to back, so the group is one NHWC view.
        const torch::Tensor images =
            raw.narrow(0, image.byteOffset, groupSize * image.heightPx * image.widthPx * 3)
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
