#include "engine/compute_threads.h"

#include <gtest/gtest.h>

namespace bb {
namespace {

TEST(ComputeThreads, NeverSizesBothPoolsBeyondOneThread) {
    for (int threads : {1, 2, 4, 16}) {
        const ComputeThreads plan = planComputeThreads(threads);
        EXPECT_TRUE(plan.libtorch == 1 || plan.blas <= 1) << threads << " threads: " << plan.libtorch << " + " << plan.blas;
        EXPECT_EQ(std::max(plan.libtorch, plan.blas), threads) << "the run still gets the threads it asked for";
    }
}

TEST(ComputeThreads, AtLeastOneThread) {
    const ComputeThreads plan = planComputeThreads(0);
    EXPECT_EQ(plan.libtorch, 1);
    EXPECT_LE(plan.blas, 1);
}

}  // namespace
}  // namespace bb
