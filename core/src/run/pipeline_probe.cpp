#include "bridgebench/pipeline_probe.h"

#include <string>

#include <nlohmann/json.hpp>

namespace bb {

void to_json(nlohmann::json& out, const PipelineProbe& probe) {
    nlohmann::json byThreads = nlohmann::json::object();
    // JSON object keys are strings; the thread count is the key so the stored form reads well.
    for (const auto& [threads, ms] : probe.forwardBackwardMsByThreads) byThreads[std::to_string(threads)] = ms;
    out = {{"load_ms", probe.loadMs},
           {"decode_ms", probe.decodeMs},
           {"host_transform_ms", probe.hostTransformMs},
           {"device_transform_ms", probe.deviceTransformMs},
           {"available_cores", probe.availableCores}};
    // Not measured (a GPU run, a set `threads`, as each data-parallel rank has, one core) is absent, not {}.
    if (!byThreads.empty()) out["forward_backward_ms_by_threads"] = byThreads;
    if (!probe.error.empty()) out["error"] = probe.error;
}

void from_json(const nlohmann::json& in, PipelineProbe& probe) {
    probe = PipelineProbe{};
    if (!in.is_object()) return;
    if (const auto byThreads = in.find("forward_backward_ms_by_threads");
        byThreads != in.end() && byThreads->is_object()) {
        for (const auto& [key, value] : byThreads->items()) {
            if (!value.is_number()) continue;
            try {
                const int threads = std::stoi(key);
                if (threads > 0) probe.forwardBackwardMsByThreads[threads] = value.get<double>();
            } catch (const std::exception&) {
                // An imported or hand-edited summary with a stray key: leave that entry out.
            }
        }
    }
    probe.loadMs = in.value("load_ms", 0.0);
    probe.decodeMs = in.value("decode_ms", 0.0);
    probe.hostTransformMs = in.value("host_transform_ms", 0.0);
    probe.deviceTransformMs = in.value("device_transform_ms", 0.0);
    probe.availableCores = in.value("available_cores", 0.0);
    probe.error = in.value("error", std::string());
}

}  // namespace bb
