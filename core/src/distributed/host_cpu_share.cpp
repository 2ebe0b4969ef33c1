#include "distributed/host_cpu_share.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <string>

namespace bb {

namespace {

constexpr int kMaskWords = CPU_SETSIZE / 64;

// Containers on one host share its kernel's boot id, and so its /proc/stat, whatever their
// host names; the host name stands in where the boot id cannot be read.
std::int64_t machineKey() {
    std::string identity;
    std::getline(std::ifstream("/proc/sys/kernel/random/boot_id"), identity);
    if (identity.empty()) {
        char name[256] = {};
        if (gethostname(name, sizeof name - 1) == 0) identity = name;
    }
    return static_cast<std::int64_t>(std::hash<std::string>{}(identity));
}

}  // namespace

double othersOnBusiestMachine(const std::vector<RankCpu>& ranks) {
    struct Machine {
        double busySum = 0;
        int readers = 0;
        std::map<std::int64_t, double> ownByProcess;
        bool known = true;
    };
    std::map<std::int64_t, Machine> machines;
    for (const RankCpu& rank : ranks) {
        Machine& machine = machines[rank.machine];
        if (!std::isfinite(rank.window.busyCores) || !std::isfinite(rank.window.ownCores)) {
            machine.known = false;
            continue;
        }
        machine.busySum += rank.window.busyCores;
        ++machine.readers;
        // Ranks that are threads of one process each read the whole process's time.
        machine.ownByProcess.emplace(rank.process, rank.window.ownCores);
    }
    double busiest = std::numeric_limits<double>::quiet_NaN();
    for (const auto& [key, machine] : machines) {
        if (!machine.known || machine.readers == 0) continue;
        double own = 0;
        for (const auto& [process, cores] : machine.ownByProcess) own += cores;
        // The ranks read the same counters a moment apart: their mean is the machine's reading.
        // Ticks and process clocks disagree by up to a tick per core, hence the floor at zero.
        const double others = std::max(0.0, machine.busySum / machine.readers - own);
        if (!(busiest >= others)) busiest = others;
    }
    return busiest;
}

HostCpuShare::HostCpuShare(Collectives& collectives, OtherCpuSources sources, std::chrono::milliseconds window)
    : m_collectives(collectives), m_window(window) {
    const std::vector<int> mine = sources.cpus.empty() ? affinityCpus() : sources.cpus;
    std::vector<std::int64_t> row(2 + kMaskWords, 0);
    row[0] = machineKey();
    row[1] = getpid();
    for (const int cpu : mine)
        if (cpu >= 0 && cpu < CPU_SETSIZE)
            row[2 + cpu / 64] = static_cast<std::int64_t>(static_cast<std::uint64_t>(row[2 + cpu / 64]) |
                                                          std::uint64_t{1} << (cpu % 64));
    const torch::Tensor all =
        collectives.allgather(torch::tensor(row, torch::kLong).to(collectives.device())).cpu();
    const auto rows = all.accessor<std::int64_t, 2>();
    const int self = collectives.world().rank;
    std::set<int> cpus;
    for (int r = 0; r < static_cast<int>(all.size(0)); ++r) {
        m_machines.push_back(rows[r][0]);
        m_processes.push_back(rows[r][1]);
        if (rows[r][0] != rows[self][0]) continue;
        for (int word = 0; word < kMaskWords; ++word)
            for (int bit = 0; bit < 64; ++bit)
                if (static_cast<std::uint64_t>(rows[r][2 + word]) >> bit & 1) cpus.insert(word * 64 + bit);
    }
    // The union of this machine's ranks' CPUs: where they run, and so where neighbours slow them.
    sources.cpus.assign(cpus.begin(), cpus.end());
    m_meter.emplace(window, std::move(sources));
}

double HostCpuShare::advance(double worldWallMs) {
    m_sinceMs += worldWallMs;
    if (m_sinceMs < static_cast<double>(m_window.count())) return m_world;
    m_sinceMs = 0;
    // Right after the step's all-gather, which no rank leaves before the last one reaches it.
    m_latest = m_meter->close();
    const std::vector<double> mine{m_latest.busyCores, m_latest.ownCores};
    const torch::Tensor all =
        m_collectives.allgather(torch::tensor(mine, torch::kDouble).to(m_collectives.device())).cpu();
    const auto rows = all.accessor<double, 2>();
    std::vector<RankCpu> ranks;
    for (std::size_t r = 0; r < m_machines.size() && r < static_cast<std::size_t>(all.size(0)); ++r)
        ranks.push_back({m_machines[r], m_processes[r], {rows[r][0], rows[r][1]}});
    m_world = othersOnBusiestMachine(ranks);
    return m_world;
}

}  // namespace bb
