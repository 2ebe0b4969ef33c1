#include "bridgebench/pipeline_probe.h"

#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

namespace bb {

void to_json(nlohmann::json& out, const PipelineProbe& probe) {
    nlohmann::json byThreads = nlohmann::json::object();
    // JSON object keys are strings; the thread count is the key so the stored form reads well.
    for (const auto& [threads, ms] : probe.forwardBackwardMsByThreads) byThreads[std::to_string(threads)] = ms;
    out = nlohmann::json::object();
    // What was not measured is absent (older builds stored 0, which reads back as unknown).
    for (const auto& [key, value] : {std::pair{"load_ms", probe.loadMs}, std::pair{"decode_ms", probe.decodeMs},
                                     std::pair{"host_transform_ms", probe.hostTransformMs},
                                     std::pair{"device_transform_ms", probe.deviceTransformMs},
                                     std::pair{"available_cores", probe.availableCores}})
        if (value) out[key] = *value;
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
    const auto measured = [&](const char* key) -> std::optional<double> {
        const double value = in.value(key, 0.0);
        return value > 0 ? std::optional(value) : std::nullopt;
    };
    probe.loadMs = measured("load_ms");
    probe.decodeMs = measured("decode_ms");
    probe.hostTransformMs = measured("host_transform_ms");
    probe.deviceTransformMs = measured("device_transform_ms");
    probe.availableCores = measured("available_cores");
    probe.error = in.value("error", std::string());
}

}  // namespace bb
