// How a run's compute threads are split between LibTorch's own intra-op pool (OpenMP) and
// Debian's OpenBLAS, which keeps a pool of its own that at::set_num_threads does not reach.
//
// Both pools sized to the cores oversubscribe them: each pool's idle threads spin while the
// other works. Measured on the 2-core box (tiny BridgeTower, batch 16, synthetic tensors,
// samples/s median): LibTorch 1 + BLAS 1: 245; 2 + 1: 234; 1 + 2: 243; 2 + 2: 93 (p5 35).
// The small preset: 2 + 1: 3.84; 1 + 2: 3.89; 1 + 1: 3.28. So one pool gets the threads and
// the other runs on the calling thread; BLAS gets them, as matrix products dominate the large
// models. Builds without OpenBLAS (MKL, CUDA wheels) give every thread to LibTorch.
#pragma once

namespace bb {

struct ComputeThreads {
    int libtorch = 1;  // at::set_num_threads
    int blas = 0;      // openblas_set_num_threads; 0 when the build has no OpenBLAS
};

ComputeThreads planComputeThreads(int threads);
// Process-wide: both pools are global.
void applyComputeThreads(const ComputeThreads& plan);

}  // namespace bb
