#include "bridgebench/machine_peak.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace bb {

std::string machineIdentity(const nlohmann::json& environment) {
    if (!environment.is_object()) return {};
    const auto text = [&](const char* key) {
        const auto found = environment.find(key);
        return found != environment.end() && found->is_string() ? found->get<std::string>() : std::string();
    };
    const std::string host = text("hostname");
    const std::string cpu = text("cpu_model");
    const auto cores = environment.find("logical_cores");
    if (host.empty() || cpu.empty() || cpu == "unknown" || cores == environment.end() || !cores->is_number_integer() ||
        cores->get<long long>() <= 0)
        return {};
    return fmt::format("{} · {} · {} logical cores", host, cpu, cores->get<long long>());
}

std::string describeMachinePeak(const MachinePeak& peak) {
    return fmt::format("{} GEMM {}×{} on {} thread{}, best of {}, {:.1f} GFLOP/s (measured {})", peak.precision,
                       peak.gemmSize, peak.gemmSize, peak.threads, peak.threads == 1 ? "" : "s", peak.repetitions,
                       peak.flopsPerSec / 1e9, peak.measuredAt.substr(0, 10));
}

}  // namespace bb
