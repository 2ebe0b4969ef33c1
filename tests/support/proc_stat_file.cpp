#include "support/proc_stat_file.h"

#include <unistd.h>

#include <fstream>

namespace bb::test {

void writeProcStat(const std::filesystem::path& file, const std::vector<std::array<long, 10>>& cpus) {
    std::ofstream out(file);
    out << "cpu  9 9 9 9 9 9 9 9 0 0\n";
    for (std::size_t cpu = 0; cpu < cpus.size(); ++cpu) {
        out << "cpu" << cpu;
        for (const long ticks : cpus[cpu]) out << ' ' << ticks;
        out << '\n';
    }
    out << "intr 12345 0 0 0\nctxt 999\nprocs_running 3\n";
}

double msPerClockTick() { return 1000.0 / static_cast<double>(sysconf(_SC_CLK_TCK)); }

}  // namespace bb::test
