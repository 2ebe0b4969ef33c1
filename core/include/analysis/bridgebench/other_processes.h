// Runs measured while other processes took a share of their cores (RunSummary::otherCpuCores):
// the figures of such a run may not repeat, and whoever reads or compares them should know.
#pragma once

#include <optional>

#include "bridgebench/note.h"
#include "bridgebench/run_record.h"

namespace bb {

// Half a core on average, or a whole one in the busiest twentieth of steps: where this project's
// 2-core machine's figures stopped repeating.
inline constexpr double kOtherProcessesMeanCores = 0.5;
inline constexpr double kOtherProcessesP95Cores = 1.0;
// Worth a place beside a live run's figures: below a quarter core a step's reading is mostly the
// rounding of /proc/stat's clock ticks on an idle machine.
inline constexpr double kOtherProcessesWorthShowingCores = 0.25;

// "other processes took 0.9 of the 2 cores on average while this run ran (1.6 in its busiest
// twentieth of steps)", or nullopt where they took less or it was not measured (NaN). `cores` 0:
// unknown, and the figures stand alone.
std::optional<Note> otherProcessesNote(double meanCores, double p95Cores, int cores);

// From a stored run's summary (other_cpu_cores, other_cpu_cores_p95) and environment
// (logical_cores).
std::optional<Note> otherProcessesNote(const RunRecord& run);

}  // namespace bb
