// Other processes' CPU time in a data-parallel run. Each rank's own meter (engine/other_cpu_meter.h)
// would count the ranks beside it on its machine as other processes, so here the ranks of one
// machine end their windows at the same step and the machine's busy time is taken less every
// local rank's own: what is left is the neighbours'. The world's figure is that of the machine
// whose neighbours took the most, the one whose ranks they slow and so every rank, which waits
// for the slowest in the all-reduce.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "distributed/collectives.h"
#include "engine/other_cpu_meter.h"

namespace bb {

// One rank's latest window, with where it ran.
struct RankCpu {
    std::int64_t machine = 0;  // equal for ranks that share a kernel (and so /proc/stat)
    std::int64_t process = 0;  // equal for ranks that are threads of one process (tests)
    CpuWindow window;
};

// Cores the other processes took on the machine where they took the most: per machine, its
// busy time (as its ranks read it) less the own time of each of its processes, counted once.
// NaN when no machine has a full set of readings.
double othersOnBusiestMachine(const std::vector<RankCpu>& ranks);

class HostCpuShare {
public:
    // Collective: every rank constructs one at the same point (DataParallelSync::attach). The
    // ranks exchange their machine, process and affinity masks; each then meters the union of
    // its machine's ranks' CPUs. `sources.cpus` stands for this rank's mask where a test sets it.
    HostCpuShare(Collectives& collectives, OtherCpuSources sources = {},
                 std::chrono::milliseconds window = std::chrono::milliseconds(250));

    // Collective: every rank calls it after each step's all-gather with the world's step time,
    // which is the same on every rank. Once the steps since the last window add up to a window,
    // all ranks end theirs at this step (so the ranks of one machine read the same span) and
    // exchange them. Returns the world's figure for the latest ended window, which then covers
    // this step; NaN before the first.
    double advance(double worldWallMs);
    // This rank's latest ended window.
    CpuWindow latest() const { return m_latest; }

private:
    Collectives& m_collectives;
    std::vector<std::int64_t> m_machines;  // by rank
    std::vector<std::int64_t> m_processes;
    std::chrono::milliseconds m_window;
    std::optional<OtherCpuMeter> m_meter;
    double m_sinceMs = 0;
    CpuWindow m_latest;
    double m_world = std::numeric_limits<double>::quiet_NaN();
};

}  // namespace bb
