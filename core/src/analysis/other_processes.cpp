#include "bridgebench/other_processes.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace bb {

std::optional<Note> otherProcessesNote(double meanCores, double p95Cores, int cores) {
    if (!std::isfinite(meanCores)) return std::nullopt;
    if (meanCores < kOtherProcessesMeanCores && !(p95Cores >= kOtherProcessesP95Cores)) return std::nullopt;
    const double busiest = std::isfinite(p95Cores) ? p95Cores : meanCores;
    const std::string share =
        cores > 0 ? fmt::format("{:.1f} of the {} cores", meanCores, cores) : fmt::format("{:.1f} cores", meanCores);
    return Note{Note::Kind::OtherProcessesTook,
                {meanCores, busiest, double(std::max(cores, 0))},
                fmt::format("other processes took {} on average while this run ran ({:.1f} in its busiest twentieth "
                            "of steps)",
                            share, busiest)};
}

std::optional<Note> otherProcessesNote(const RunRecord& run) {
    const auto mean = run.summary.find("other_cpu_cores");
    if (mean == run.summary.end() || !mean->is_number()) return std::nullopt;
    const double meanCores = mean->get<double>();
    const auto p95 = run.summary.find("other_cpu_cores_p95");
    const double p95Cores = p95 != run.summary.end() && p95->is_number() ? p95->get<double>() : meanCores;
    const auto cores = run.environment.find("logical_cores");
    return otherProcessesNote(meanCores, p95Cores,
                              cores != run.environment.end() && cores->is_number_integer() ? cores->get<int>() : 0);
}

}  // namespace bb
