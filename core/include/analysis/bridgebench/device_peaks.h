// Peak dense matrix throughput of accelerators per precision, from their vendors' datasheets,
// for MFU (achieved FLOP/s over what the device could do). CPUs are not here: a CPU's peak is
// measured by the run's probe (PipelineProbe's GEMM figures), not looked up.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace bb {

struct DevicePeak {
    std::string_view device;     // "H100 SXM"
    std::string_view precision;  // bf16 | fp16 | fp32
    double tflops = 0;           // dense (no 2:4 sparsity), per device
    std::string_view source;     // the datasheet it comes from, and how the figure follows from it
};

std::span<const DevicePeak> devicePeakTable();

struct DevicePeakMatch {
    DevicePeak peak;
    std::string assumption;  // what the name left open ("H100 taken as SXM5"); empty when nothing was
};

// `deviceName` as runs record it ("H100", "NVIDIA H100 80GB HBM3", "A100 80GB", "Gaudi2"),
// case-insensitive; `precision` as RunConfig spells it. Mixed precision counts as its
// low-precision format (the matrix products run in it). nullopt: no sourced entry.
std::optional<DevicePeakMatch> findDevicePeak(std::string_view deviceName, std::string_view precision);

}  // namespace bb
