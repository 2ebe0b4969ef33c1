#include "engine/compute_threads.h"

#include <algorithm>

#include <ATen/Parallel.h>

// Weak, so that builds against another BLAS still link (the symbols are then null).
extern "C" void openblas_set_num_threads(int) __attribute__((weak));

namespace bb {

ComputeThreads planComputeThreads(int threads) {
    threads = std::max(1, threads);
    if (!openblas_set_num_threads) return {threads, 0};
    return {1, threads};
}

void applyComputeThreads(const ComputeThreads& plan) {
    at::set_num_threads(plan.libtorch);
    if (openblas_set_num_threads && plan.blas > 0) openblas_set_num_threads(plan.blas);
}

}  // namespace bb
