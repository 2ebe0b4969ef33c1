// A stand-in for /proc/stat with chosen per-CPU counters, for the CPU meters' tests.
#pragma once

#include <array>
#include <filesystem>
#include <vector>

namespace bb::test {

// One line per CPU, in clock ticks: user, nice, system, idle, iowait, irq, softirq, steal,
// guest, guest_nice; with the machine-wide line and a few others around them, as the kernel writes it.
void writeProcStat(const std::filesystem::path& file, const std::vector<std::array<long, 10>>& cpus);

// Milliseconds per clock tick, the unit of /proc/stat.
double msPerClockTick();

}  // namespace bb::test
