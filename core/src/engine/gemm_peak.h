// What this machine's matrix products reach on the compute threads as they are set: the timing
// behind a CPU's machine peak (machine_peak_probe.h; a CPU's datasheet peak assumes clocks and
// vector units a run may not get, a timed GEMM says what it does get).
#pragma once

#include <c10/core/ScalarType.h>

#include "engine/run_control.h"

namespace bb {

struct GemmPeak {
    double flopsPerSec = 0;  // 0 when cancelled before a timed product
    int size = 0;            // n of the n×n×n products timed
};

// Square products on the CPU with the compute threads as they are set: the size doubles from
// 256 until one product takes kGemmTargetMs (at most 2048), then the fastest of `repetitions`
// at that size counts (other processes only ever add time). About 0.1–0.3 s for three.
GemmPeak measureCpuGemmPeak(c10::ScalarType dtype, RunControl& control, int repetitions = 3);

// AVX512-BF16 or AMX-BF16 in /proc/cpuinfo: elsewhere LibTorch's bf16 products are emulated
// in fp32 and no bf16 peak exists to measure.
bool cpuMultipliesBf16Natively();

}  // namespace bb
