// Op-level capture (`profile_steps=N`, #51): after the counted steps, N more steps of the same
// model, loader and optimizer run under LibTorch's profiler, so that its overhead never enters
// the run's figures. Each op it saw (an ATen op or autograd node on a CPU thread, a kernel or
// copy on a CUDA stream) is kept on the timeline's clock (core/src/profiling/), stored in the
// table profile_ops (schema 9), summed by `show` and exported beside the spans as trace tracks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bb {

// At most this many profiled steps: a step of BridgeTower-large is thousands of ops, forward and
// backward, so 20 steps are already ~100,000 rows and seconds of the profiler's bookkeeping.
inline constexpr std::int64_t kMaxProfileSteps = 20;

// Stored as integers: a value keeps its meaning for ever; new ones are appended.
enum class OpDevice : std::int8_t {
    Cpu = 0,   // lane: the profiler's number of the thread (1 is the first that ran an op)
    Cuda = 1,  // lane: the CUDA stream
};

struct OpEvent {
    std::int32_t rank = 0;
    std::int64_t step = 0;  // numbered on after the run's last counted step
    std::string name;       // "aten::addmm", "AddmmBackward0", a kernel's name
    OpDevice device = OpDevice::Cpu;
    std::int64_t lane = 0;
    std::int64_t beginNs = 0;  // since the timeline's origin (bridgebench/timeline.h)
    std::int64_t endNs = 0;
};

// Each profiled step is stored as an event of this name on the training thread, the parent of
// the step's ops there: the time the ops' shares are of.
inline constexpr std::string_view kProfiledStepName = "profiled step";

std::string_view opDeviceName(OpDevice device);  // "cpu", "cuda"
std::optional<OpDevice> opDeviceFromCode(int code);

// profile_steps against what this process can capture; throws ConfigError naming the key.
// `kernelCapture`: whether this LibTorch captures CUDA kernels (Kineto with CUPTI); only asked
// of a cuda device.
void checkProfileSteps(std::int64_t profileSteps, bool cudaDevice, bool kernelCapture);

// The ops that took the most time over the profiled steps, for `show`.
struct OpTotal {
    std::string name;
    OpDevice device = OpDevice::Cpu;
    std::int64_t calls = 0;
    double totalMs = 0;  // inclusive: an op's time contains its children's (aten::linear holds aten::addmm)
    double share = 0;    // totalMs over the profiled steps' time
};
struct OpProfileSummary {
    std::int64_t steps = 0;   // profiled steps
    std::int64_t events = 0;  // ops, the steps' own events left out
    double stepsMs = 0;       // the profiled steps' time, rank 0's
    std::vector<OpTotal> top;
};
OpProfileSummary summarizeOps(const std::vector<OpEvent>& events, std::size_t top = 15);

}  // namespace bb
