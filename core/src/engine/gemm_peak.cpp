#include "engine/gemm_peak.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>

#include <torch/torch.h>

namespace bb {

namespace {

// Long enough that the BLAS's start-up and the timer vanish in it, short enough to repeat.
constexpr double kGemmTargetMs = 25;
constexpr int kLargestGemm = 2048;

double timeProductMs(const torch::Tensor& a, const torch::Tensor& b) {
    const auto start = std::chrono::steady_clock::now();
    const torch::Tensor c = torch::mm(a, b);
    // The CPU product is synchronous; reading one element keeps it from being optimised away.
    (void)c.data_ptr();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

GemmPeak measureCpuGemmPeak(c10::ScalarType dtype, RunControl& control, int repetitions) {
    torch::NoGradGuard noGrad;
    const auto options = torch::TensorOptions().dtype(dtype).device(torch::kCPU);
    int size = 256;
    double ms = 0;
    for (;; size *= 2) {
        if (control.cancelled()) return {};
        const torch::Tensor a = torch::rand({size, size}, options);
        const torch::Tensor b = torch::rand({size, size}, options);
        timeProductMs(a, b);  // the first touches the pages and the BLAS's buffers
        ms = timeProductMs(a, b);
        if (ms >= kGemmTargetMs || size >= kLargestGemm) break;
    }
    const torch::Tensor a = torch::rand({size, size}, options);
    const torch::Tensor b = torch::rand({size, size}, options);
    for (int pass = 0; pass < repetitions && !control.cancelled(); ++pass) ms = std::min(ms, timeProductMs(a, b));
    const double flops = 2.0 * size * static_cast<double>(size) * size;
    return {ms > 0 ? flops / (ms / 1000.0) : 0, size};
}

bool cpuMultipliesBf16Natively() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (!line.starts_with("flags")) continue;
        return line.find(" avx512_bf16") != std::string::npos || line.find(" amx_bf16") != std::string::npos;
    }
    return false;
}

}  // namespace bb
