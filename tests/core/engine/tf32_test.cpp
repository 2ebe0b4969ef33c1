#include "engine/tf32.h"

#include <gtest/gtest.h>

#include <ATen/Context.h>

namespace bb {
namespace {

// Puts LibTorch's process-wide TF32 flags back after each test.
class Tf32Flags : public ::testing::Test {
protected:
    void SetUp() override {
        m_cublas = at::globalContext().allowTF32CuBLAS();
        m_cudnn = at::globalContext().allowTF32CuDNN();
    }
    void TearDown() override {
        at::globalContext().setAllowTF32CuBLAS(m_cublas);
        at::globalContext().setAllowTF32CuDNN(m_cudnn);
    }

private:
    bool m_cublas = false;
    bool m_cudnn = false;
};

TEST_F(Tf32Flags, InEffectOnlyOnCuda) {
    RunConfig config;
    EXPECT_FALSE(tf32InEffect(config));  // cpu, whatever the key
    config.device = "cuda:0";
    EXPECT_TRUE(tf32InEffect(config));
    config.tf32 = false;
    EXPECT_FALSE(tf32InEffect(config));
}

// The flags are only set, so this runs without a GPU too.
TEST_F(Tf32Flags, CudaRunsSetBothFlagsFromTheKey) {
    RunConfig config;
    config.device = "cuda:0";
    at::globalContext().setAllowTF32CuBLAS(false);
    at::globalContext().setAllowTF32CuDNN(false);
    applyTf32(config);
    EXPECT_TRUE(at::globalContext().allowTF32CuBLAS());
    EXPECT_TRUE(at::globalContext().allowTF32CuDNN());
    config.tf32 = false;
    applyTf32(config);
    EXPECT_FALSE(at::globalContext().allowTF32CuBLAS());
    EXPECT_FALSE(at::globalContext().allowTF32CuDNN());
}

TEST_F(Tf32Flags, CpuRunsLeaveTheFlagsAlone) {
    RunConfig config;  // cpu, tf32 on
    at::globalContext().setAllowTF32CuBLAS(false);
    at::globalContext().setAllowTF32CuDNN(true);
    applyTf32(config);
    EXPECT_FALSE(at::globalContext().allowTF32CuBLAS());
    EXPECT_TRUE(at::globalContext().allowTF32CuDNN());
}

}  // namespace
}  // namespace bb
