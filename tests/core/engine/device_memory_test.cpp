// The per-run accounting of the caching allocator's readings. The readings themselves need a
// CUDA device (tests/cuda/device_memory_cuda_test.cpp); here they are given, one per call.
#include "engine/device_memory.h"

#include <gtest/gtest.h>

#include <deque>

namespace bb {
namespace {

DeviceMemoryLog::Reader scripted(std::deque<DeviceMemoryReading>& readings) {
    return [&readings] {
        DeviceMemoryReading next = readings.front();
        readings.pop_front();
        return next;
    };
}

TEST(DeviceMemoryLog, CountsTheDriverAllocationsOfTheStepsAfterWarmUp) {
    // {allocated, peak since the last reading, reserved, cudaMalloc calls so far}
    std::deque<DeviceMemoryReading> readings = {
        {0, 0, 0, 0},         // before the first step
        {100, 400, 512, 3},   // step 0 (warm-up)
        {100, 420, 768, 5},   // step 1 (warm-up): the last growth belongs to warm-up
        {100, 410, 768, 5},   // step 2
        {100, 430, 1024, 6},  // step 3: one cudaMalloc after warm-up
    };
    DeviceMemoryLog log(scripted(readings), 2);
    for (std::int64_t step = 0; step < 4; ++step) log.afterStep(step);
    const nlohmann::json summary = log.summary();
    EXPECT_EQ(summary["peak_bytes"], 430);
    EXPECT_EQ(summary["reserved_bytes"], 1024);
    EXPECT_EQ(summary["device_allocations_after_warmup"], 1);
    EXPECT_EQ(summary["reserved_growth_after_warmup_bytes"], 256);
}

TEST(DeviceMemoryLog, AStepsReadingIsItsOwnPeak) {
    std::deque<DeviceMemoryReading> readings = {{0, 900, 0, 0}, {50, 300, 512, 1}};
    DeviceMemoryLog log(scripted(readings), 0);
    const DeviceMemoryReading step = log.afterStep(0);
    EXPECT_EQ(step.peakAllocatedBytes, 300) << "the peak before the first step is not the step's";
    EXPECT_EQ(log.summary()["peak_bytes"], 300);
    EXPECT_EQ(log.summary()["device_allocations_after_warmup"], 1) << "no warm-up: every step counts";
}

TEST(DeviceMemoryLog, SaysNothingOfTheSteadyStateBeforeItIsReached) {
    std::deque<DeviceMemoryReading> readings = {{0, 0, 0, 0}, {10, 20, 512, 1}, {10, 20, 512, 1}};
    DeviceMemoryLog log(scripted(readings), 3);
    log.afterStep(0);
    log.afterStep(1);
    const nlohmann::json summary = log.summary();
    EXPECT_EQ(summary["peak_bytes"], 20);
    EXPECT_FALSE(summary.contains("device_allocations_after_warmup")) << summary.dump();
}

TEST(DeviceMemoryLog, ACpuDeviceReadsZero) {
    const DeviceMemoryReading reading = readDeviceMemory(torch::kCPU);
    EXPECT_EQ(reading.allocatedBytes, 0);
    EXPECT_EQ(reading.peakAllocatedBytes, 0);
    EXPECT_EQ(reading.deviceAllocations, 0);
}

}  // namespace
}  // namespace bb
