// What a run measures after its last step so that the diagnosis predicts other settings from
// this machine's behaviour instead of from assumptions. Two assumptions failed here: compute
// on 2 cores does not halve when it gets 2 threads instead of 1 (tiny BridgeTower: 1.2×), and
// the batched tensor resize of device-side transforms costs a CPU 2–5× the loader's resize.
#pragma once

#include <map>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace bb {

struct PipelineProbe {
    // Fastest forward + backward of the run's last batch per compute thread count (CPU runs).
    std::map<int, double> forwardBackwardMsByThreads;
    // One batch built on one thread with nothing else running, as the loader builds it:
    // the whole host path, and read + decode only (what device transforms leave it).
    std::optional<double> loadMs;
    std::optional<double> decodeMs;
    // Of loadMs, the resize + crop + normalise.
    std::optional<double> hostTransformMs;
    // One batch: the copy plus the device-side transforms on the run's device.
    std::optional<double> deviceTransformMs;
    // CPU time per second that `cores` busy threads got right after the last step: the cores
    // other processes left the run.
    std::optional<double> availableCores;
    // (Runs stored before machine peaks also hold gemm_* keys: a per-run GEMM peak, no longer
    // read, as it moved with the machine's load; machine_peak.h.) Each figure is unknown where it
    // was not measured (older builds stored 0).
    std::string error;  // why the probe stopped, when it failed

    bool empty() const noexcept {
        return forwardBackwardMsByThreads.empty() && !loadMs && !decodeMs && !hostTransformMs && !deviceTransformMs &&
               !availableCores && error.empty();
    }
};

void to_json(nlohmann::json& out, const PipelineProbe& probe);
void from_json(const nlohmann::json& in, PipelineProbe& probe);

}  // namespace bb
