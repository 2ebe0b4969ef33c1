#include "bridgebench/run_mfu.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/device_peaks.h"
#include "bridgebench/machine_peak.h"

namespace bb {

namespace {

const MachinePeak* machinePeakAt(const RunRecord& run, std::string_view precision) {
    for (const auto& peak : run.machinePeaks)
        if (peak.precision == precision && peak.flopsPerSec > 0) return &peak;
    return nullptr;
}

// Never the run's own probe's GEMM (older runs have one): timed per run, it moved with the
// machine's load, and a sweep's slowest run showed the highest MFU.
RunMfu cpuPeak(const RunRecord& run) {
    RunMfu result;
    if (machineIdentity(run.environment).empty()) {
        result.reason = "the run does not record which machine it ran on, so no peak measured on that machine applies";
        return result;
    }
    const MachinePeak* peak = run.precision == "bf16" ? machinePeakAt(run, "bf16") : nullptr;
    if (!peak) peak = machinePeakAt(run, "fp32");
    if (!peak) {
        result.reason = "no quiet peak measured on this machine yet (it is measured once, after a CPU run, when "
                        "other processes leave the cores alone)";
        return result;
    }
    result.peakFlopsPerSec = peak->flopsPerSec;
    result.peakSource = "this machine's " + describeMachinePeak(*peak);
    if ((run.precision == "bf16" || run.precision == "fp16") && peak->precision == "fp32")
        result.assumptions.push_back(fmt::format(
            "the CPU has no native {} matrix unit to time: held against its fp32 GEMM peak", run.precision));
    return result;
}

RunMfu acceleratorPeak(const RunRecord& run) {
    RunMfu result;
    const std::string name = peakDeviceName(run);
    if (name.empty()) {
        result.reason = "unknown device: no peak to hold the run against";
        return result;
    }
    if (run.precision.empty()) {
        result.reason = "unknown precision: no peak to choose";
        return result;
    }
    const auto match = findDevicePeak(name, run.precision);
    if (!match) {
        result.reason = fmt::format("no sourced {} peak for \"{}\"", run.precision, name);
        return result;
    }
    result.peakFlopsPerSec = match->peak.tflops * 1e12;
    result.peakSource = fmt::format("{} {} dense {:g} TFLOPS: {}", match->peak.device, match->peak.precision,
                                    match->peak.tflops, match->peak.source);
    if (!match->assumption.empty()) result.assumptions.push_back(match->assumption);
    return result;
}

}  // namespace

std::string peakDeviceName(const RunRecord& run) {
    if (run.origin == RunOrigin::Engine && run.deviceKind == "cuda")
        return run.environment.gpuName;  // empty: "cuda:0" names no part
    if (!run.deviceName.empty()) return run.deviceName;
    return {};
}

RunMfu runMfu(const RunRecord& run, const RunFlops& flops) {
    RunMfu result = run.deviceKind == "cpu" ? cpuPeak(run) : acceleratorPeak(run);
    if (result.peakFlopsPerSec <= 0) {
        if (result.reason.empty()) result.reason = "no peak for this device";
        return result;
    }
    if (!flops.known()) {
        result.reason = "achieved FLOP/s unknown (" + flops.unknownWhy + ")";
        return result;
    }
    if (!flops.perDeviceKnown()) {
        result.reason = "the run's device count is unknown, so is its figure per device";
        return result;
    }
    const double mfu = flops.achievedFlopsPerSecPerDevice / result.peakFlopsPerSec;
    // Above the peak, the FLOP count or the device is wrong, not the chip beyond itself.
    if (mfu > 1) {
        result.reason = fmt::format("{:.0f}% of the peak cannot be: the FLOP count or the device name does not hold",
                                    mfu * 100);
        return result;
    }
    result.mfu = mfu;
    return result;
}

}  // namespace bb
