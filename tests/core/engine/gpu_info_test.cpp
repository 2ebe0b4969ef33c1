#include "engine/gpu_info.h"

#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace bb {
namespace {

TEST(GpuInfo, ReadsNamesInBusOrderAndTheDriverVersion) {
    test::TempDir dir;
    for (const auto& [bus, model] : {std::pair{"0000:c1:00.0", "NVIDIA A100-SXM4-80GB"},
                                     std::pair{"0000:41:00.0", "NVIDIA H200"}}) {
        std::filesystem::create_directories(dir.file("gpus") / bus);
        std::ofstream(dir.file("gpus") / bus / "information")
            << "Model: \t\t " << model << "\nIRQ:             42\nGPU UUID:        GPU-1234\n";
    }
    std::ofstream(dir.file("version"))
        << "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024\n"
        << "GCC version:  gcc version 12.2.0 (Debian 12.2.0-14)\n";
    const GpuInfo info = readNvidiaGpuInfo(dir.path());
    EXPECT_EQ(info.names, (std::vector<std::string>{"NVIDIA H200", "NVIDIA A100-SXM4-80GB"}));
    EXPECT_EQ(info.driverVersion, "550.54.15");
}

TEST(GpuInfo, NoDriverMeansNothingRecorded) {
    test::TempDir dir;
    const GpuInfo info = readNvidiaGpuInfo(dir.file("absent"));
    EXPECT_TRUE(info.names.empty());
    EXPECT_TRUE(info.driverVersion.empty());
}

}  // namespace
}  // namespace bb
