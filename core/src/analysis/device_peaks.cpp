#include "bridgebench/device_peaks.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace bb {

namespace {

// NVIDIA's datasheets give Tensor Core figures "with sparsity" (2:4 structured); dense is half.
// FP32 here is the non-tensor figure: the engine leaves TF32 off (LibTorch's default for
// matmuls since 1.12), so an fp32 run's products do not reach the tensor cores.
constexpr std::array kTable = {
    DevicePeak{"H100 SXM", "bf16", 989.5,
               "NVIDIA H100 Tensor Core GPU datasheet (nvidia.com/en-us/data-center/h100): H100 SXM BF16 Tensor Core "
               "1,979 TFLOPS with sparsity; dense is half"},
    DevicePeak{"H100 SXM", "fp16", 989.5,
               "NVIDIA H100 Tensor Core GPU datasheet: H100 SXM FP16 Tensor Core 1,979 TFLOPS with sparsity; dense is "
               "half"},
    DevicePeak{"H100 SXM", "fp32", 67, "NVIDIA H100 Tensor Core GPU datasheet: H100 SXM FP32 67 TFLOPS"},
    DevicePeak{"H100 PCIe", "bf16", 756.5,
               "NVIDIA H100 Tensor Core GPU datasheet: H100 PCIe BF16 Tensor Core 1,513 TFLOPS with sparsity; dense "
               "is half"},
    DevicePeak{"H100 PCIe", "fp16", 756.5,
               "NVIDIA H100 Tensor Core GPU datasheet: H100 PCIe FP16 Tensor Core 1,513 TFLOPS with sparsity; dense "
               "is half"},
    DevicePeak{"H100 PCIe", "fp32", 51, "NVIDIA H100 Tensor Core GPU datasheet: H100 PCIe FP32 51 TFLOPS"},
    DevicePeak{"H200 SXM", "bf16", 989.5,
               "NVIDIA H200 Tensor Core GPU datasheet (nvidia.com/en-us/data-center/h200): H200 SXM BF16 Tensor Core "
               "1,979 TFLOPS with sparsity; dense is half"},
    DevicePeak{"H200 SXM", "fp16", 989.5,
               "NVIDIA H200 Tensor Core GPU datasheet: H200 SXM FP16 Tensor Core 1,979 TFLOPS with sparsity; dense is "
               "half"},
    DevicePeak{"H200 SXM", "fp32", 67, "NVIDIA H200 Tensor Core GPU datasheet: H200 SXM FP32 67 TFLOPS"},
    DevicePeak{"A100", "bf16", 312,
               "NVIDIA A100 Tensor Core GPU datasheet (nvidia.com/en-us/data-center/a100): BFLOAT16 Tensor Core 312 "
               "TFLOPS dense (624 with sparsity), 40 GB and 80 GB, SXM and PCIe alike"},
    DevicePeak{"A100", "fp16", 312,
               "NVIDIA A100 Tensor Core GPU datasheet: FP16 Tensor Core 312 TFLOPS dense (624 with sparsity)"},
    DevicePeak{"A100", "fp32", 19.5, "NVIDIA A100 Tensor Core GPU datasheet: FP32 19.5 TFLOPS"},
    // Intel publishes no Gaudi 2 datasheet figure in TFLOPS that this table could be checked
    // against here; 432 is the BF16 matrix (MME) figure of the comparison table in Intel's
    // Gaudi 3 AI accelerator white paper, as reported by the press at its launch (April 2024).
    DevicePeak{"Gaudi2", "bf16", 432,
               "Intel Gaudi 3 AI Accelerator white paper, comparison with Gaudi 2: BF16 matrix 432 TFLOPS (as "
               "reported at Gaudi 3's launch; not checked against a Gaudi 2 datasheet)"},
};

std::string lowercase(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

bool contains(const std::string& haystack, std::string_view needle) { return haystack.find(needle) != std::string::npos; }

// The table's device for a recorded name, and what had to be assumed to get there.
std::optional<std::pair<std::string_view, std::string>> tableDevice(std::string_view deviceName) {
    const std::string name = lowercase(deviceName);
    if (contains(name, "h100")) {
        if (contains(name, "pcie")) return std::pair{std::string_view("H100 PCIe"), std::string()};
        if (contains(name, "nvl")) return std::nullopt;  // no entry checked for the NVL boards
        // torch and nvidia-smi call the SXM5 part "NVIDIA H100 80GB HBM3" (the PCIe card has HBM2e).
        if (contains(name, "sxm") || contains(name, "hbm3")) return std::pair{std::string_view("H100 SXM"), std::string()};
        return std::pair{std::string_view("H100 SXM"),
                         std::string("\"") + std::string(deviceName) +
                             "\" taken as the H100 SXM5, the part of 8-GPU HGX servers (a PCIe card would be 76% of it)"};
    }
    if (contains(name, "h200")) {
        if (contains(name, "nvl")) return std::nullopt;
        if (contains(name, "sxm") || contains(name, "hbm3e") || name == "h200" || name == "nvidia h200")
            return std::pair{std::string_view("H200 SXM"), std::string()};
        return std::pair{std::string_view("H200 SXM"),
                         std::string("\"") + std::string(deviceName) + "\" taken as the H200 SXM"};
    }
    if (contains(name, "a100")) return std::pair{std::string_view("A100"), std::string()};
    if (contains(name, "gaudi2") || contains(name, "gaudi 2") || contains(name, "hl-225"))
        return std::pair{std::string_view("Gaudi2"), std::string()};
    return std::nullopt;
}

}  // namespace

std::span<const DevicePeak> devicePeakTable() { return kTable; }

std::optional<DevicePeakMatch> findDevicePeak(std::string_view deviceName, std::string_view precision) {
    const auto device = tableDevice(deviceName);
    if (!device) return std::nullopt;
    const std::string wanted = lowercase(precision);
    for (const auto& entry : kTable)
        if (entry.device == device->first && entry.precision == wanted) return DevicePeakMatch{entry, device->second};
    return std::nullopt;
}

}  // namespace bb
