#include "bridgebench/run_mfu.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/device_peaks.h"
#include "bridgebench/pipeline_probe.h"

namespace bb {

namespace {

RunMfu cpuPeak(const RunRecord& run) {
    RunMfu result;
    const auto probeJson = run.summary.find("probe");
    if (probeJson == run.summary.end() || !probeJson->is_object()) {
        result.reason = "a CPU's peak is measured by the run's probe, and this run took none";
        return result;
    }
    const auto probe = probeJson->get<PipelineProbe>();
    const bool lowPrecision = run.precision == "bf16" || run.precision == "fp16";
    if (run.precision == "bf16" && probe.gemmBf16FlopsPerSec > 0) {
        result.peakFlopsPerSec = probe.gemmBf16FlopsPerSec;
        result.peakSource = fmt::format("measured on this machine: bf16 GEMM {0}×{0} on {1} thread{3}, {2:.1f} GFLOP/s",
                                        probe.gemmSize, probe.gemmThreads, probe.gemmBf16FlopsPerSec / 1e9,
                                        probe.gemmThreads == 1 ? "" : "s");
    } else if (probe.gemmFp32FlopsPerSec > 0) {
        result.peakFlopsPerSec = probe.gemmFp32FlopsPerSec;
        result.peakSource = fmt::format("measured on this machine: fp32 GEMM {0}×{0} on {1} thread{3}, {2:.1f} GFLOP/s",
                                        probe.gemmSize, probe.gemmThreads, probe.gemmFp32FlopsPerSec / 1e9,
                                        probe.gemmThreads == 1 ? "" : "s");
        if (lowPrecision)
            result.assumptions.push_back(fmt::format(
                "the CPU has no native {} matrix unit the probe could time: held against its fp32 GEMM peak",
                run.precision));
    } else {
        result.reason = "the run's probe did not measure a GEMM peak";
    }
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
    if (run.source == "local" && run.deviceKind == "cuda") {
        if (const auto gpu = run.environment.find("gpu_name"); gpu != run.environment.end() && gpu->is_string())
            return gpu->get<std::string>();
        return {};  // "cuda:0" names no part
    }
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
        result.reason = "achieved FLOP/s unknown (the run names no model whose FLOPs can be counted)";
        return result;
    }
    result.mfu = flops.achievedFlopsPerSecPerDevice / result.peakFlopsPerSec;
    return result;
}

}  // namespace bb
