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
    if (!run.summary.otherCpuCores) return std::nullopt;
    const double meanCores = *run.summary.otherCpuCores;
    const double p95Cores = run.summary.otherCpuCoresP95.value_or(meanCores);
    return otherProcessesNote(meanCores, p95Cores, run.environment.logicalCores.value_or(0));
}

}  // namespace bb
