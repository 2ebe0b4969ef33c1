#include "session/machine_peak_probe.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include <fmt/format.h>
#include <torch/torch.h>

#include "bridgebench/result_store.h"
#include "engine/compute_threads.h"
#include "engine/gemm_peak.h"
#include "engine/other_cpu_meter.h"
#include "util/time_format.h"

namespace bb {

namespace {

// Other processes' share of the window the meter closes now, in cores; NaN where /proc/stat
// cannot be read, which counts as not quiet (a peak nobody could check stays unstored).
double othersIn(OtherCpuMeter& meter) {
    const CpuWindow window = meter.close();
    if (!std::isfinite(window.busyCores) || !std::isfinite(window.ownCores)) return std::nan("");
    return std::max(0.0, window.busyCores - window.ownCores);
}

std::string busyText(double others, const char* when) {
    if (!std::isfinite(others)) return "other processes' CPU time could not be read (/proc/stat)";
    return fmt::format("other processes used {:.2f} cores {} (quiet is under {:.1f})", others, when, kQuietOtherCores);
}

}  // namespace

MachinePeakAttempt measureMachinePeak(const std::string& machine, const std::string& precision, int restoreThreads,
                                      RunControl& control, std::chrono::milliseconds settle) {
    MachinePeakAttempt attempt;
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    OtherCpuMeter meter(std::chrono::milliseconds(0));
    std::this_thread::sleep_for(settle);
    if (const double before = othersIn(meter); !(before < kQuietOtherCores)) {
        attempt.notMeasured = busyText(before, "before the products");
        return attempt;
    }
    applyComputeThreads(planComputeThreads(cores));
    const GemmPeak timed = measureCpuGemmPeak(precision == "bf16" ? torch::kBFloat16 : torch::kFloat, control,
                                              kMachinePeakRepetitions);
    const double during = othersIn(meter);
    applyComputeThreads(planComputeThreads(restoreThreads));
    if (control.cancelled() || timed.flopsPerSec <= 0) {
        attempt.notMeasured = "cancelled";
        return attempt;
    }
    if (!(during < kQuietOtherCores)) {
        attempt.notMeasured = busyText(during, "during the products");
        return attempt;
    }
    attempt.peak = MachinePeak{machine, precision, timed.flopsPerSec, timed.size, cores, kMachinePeakRepetitions,
                               during, isoUtcNow()};
    return attempt;
}

std::vector<std::string> machinePeakPrecisions() {
    if (cpuMultipliesBf16Natively()) return {"fp32", "bf16"};
    return {"fp32"};
}

std::vector<std::string> ensureMachinePeaks(ResultStore& store, const std::string& machine, int restoreThreads,
                                            RunControl& control) {
    std::vector<std::string> notStored;
    if (machine.empty()) return notStored;
    const auto stored = store.machinePeaks();
    for (const auto& precision : machinePeakPrecisions()) {
        const bool has = std::any_of(stored.begin(), stored.end(), [&](const MachinePeak& peak) {
            return peak.machine == machine && peak.precision == precision;
        });
        if (has) continue;
        const auto attempt = measureMachinePeak(machine, precision, restoreThreads, control);
        if (attempt.peak)
            store.recordMachinePeak(*attempt.peak);
        else
            notStored.push_back(fmt::format("{} peak not measured: {}", precision, attempt.notMeasured));
    }
    return notStored;
}

}  // namespace bb
