// Other processes' CPU time on the run's cores, per step: what the start-of-run probe cannot
// see when the neighbour starts later or runs niced.
#include "engine/other_cpu_meter.h"

#include <cmath>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

#include "support/proc_stat_file.h"
#include "support/spinning_process.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

using namespace std::chrono_literals;

TEST(OtherCpuMeter, CountsBusyTimeOnItsOwnCpusLessItsOwnProcesssTime) {
    test::TempDir dir;
    const auto stat = dir.file("stat");
    test::writeProcStat(stat, {{100, 0, 50, 1000, 5, 0, 0, 0, 0, 0},
                               {100, 0, 50, 1000, 5, 0, 0, 0, 0, 0},
                               {100, 0, 50, 1000, 5, 0, 0, 0, 0, 0}});
    double ownMs = 1000;
    const auto start = OtherCpuMeter::Clock::now();
    OtherCpuMeter meter(250ms, {.statFile = stat.string(), .ownCpuMs = [&] { return ownMs; }, .cpus = {0, 1}});
    // cpu0: 30 ticks of user; cpu1: nice, system, irq, softirq and steal, 4 ticks each; idle
    // and iowait do not count; cpu2 lies outside the run's affinity.
    test::writeProcStat(stat, {{130, 0, 50, 1100, 5, 0, 0, 0, 0, 0},
                               {100, 4, 54, 1100, 9, 4, 4, 4, 0, 0},
                               {900, 0, 50, 1000, 5, 0, 0, 0, 0, 0}});
    ownMs += 100;
    const auto later = start + 2000ms;
    const double cores = meter.sample(later);
    const double wallMs = std::chrono::duration<double, std::milli>(later - start).count();
    // The meter took its first reading a little after `start`: its wall time is at most this.
    const double expected = (50 * test::msPerClockTick() - 100) / wallMs;
    EXPECT_NEAR(cores, expected, 0.01) << "50 busy ticks less 100 ms of its own over 2 s";
    EXPECT_GE(cores, expected);
}

TEST(OtherCpuMeter, KeepsItsFigureUntilTheNextWindowEnds) {
    test::TempDir dir;
    const auto stat = dir.file("stat");
    test::writeProcStat(stat, {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}});
    const auto start = OtherCpuMeter::Clock::now();
    OtherCpuMeter meter(250ms, {.statFile = stat.string(), .ownCpuMs = [] { return 0.0; }, .cpus = {0}});
    EXPECT_TRUE(std::isnan(meter.sample(start + 100ms))) << "no window has completed";
    test::writeProcStat(stat, {{50, 0, 0, 0, 0, 0, 0, 0, 0, 0}});
    const double first = meter.sample(start + 1000ms);
    EXPECT_GT(first, 0.4);
    test::writeProcStat(stat, {{500, 0, 0, 0, 0, 0, 0, 0, 0, 0}});
    EXPECT_EQ(meter.sample(start + 1100ms), first) << "100 ms is shorter than a window: the last figure stands";
}

TEST(OtherCpuMeter, ReadsZeroNotLessWhenItsOwnTimeOutrunsTheTicks) {
    test::TempDir dir;
    const auto stat = dir.file("stat");
    test::writeProcStat(stat, {{10, 0, 0, 0, 0, 0, 0, 0, 0, 0}});
    double ownMs = 0;
    const auto start = OtherCpuMeter::Clock::now();
    OtherCpuMeter meter(250ms, {.statFile = stat.string(), .ownCpuMs = [&] { return ownMs; }, .cpus = {0}});
    test::writeProcStat(stat, {{20, 0, 0, 0, 0, 0, 0, 0, 0, 0}});
    ownMs = 10 * test::msPerClockTick() + 7;  // the process clock a part of a tick ahead
    EXPECT_EQ(meter.sample(start + 500ms), 0.0);
}

TEST(OtherCpuMeter, CloseEndsAWindowOfAnyLengthWithTheBusyAndOwnTimeApart) {
    test::TempDir dir;
    const auto stat = dir.file("stat");
    test::writeProcStat(stat, {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}});
    double ownMs = 0;
    const auto start = OtherCpuMeter::Clock::now();
    OtherCpuMeter meter(250ms, {.statFile = stat.string(), .ownCpuMs = [&] { return ownMs; }, .cpus = {0}});
    test::writeProcStat(stat, {{8, 0, 2, 0, 0, 0, 0, 0, 0, 0}});
    ownMs = 40;
    // 100 ms is under the window that sample() waits for; close() ends it all the same.
    const CpuWindow window = meter.close(start + 100ms);
    ASSERT_TRUE(std::isfinite(window.busyCores));
    EXPECT_NEAR(window.busyCores / window.ownCores, 10 * test::msPerClockTick() / 40, 1e-9)
        << "the same span divides both";
    EXPECT_GE(window.busyCores, 10 * test::msPerClockTick() / 100);
    test::writeProcStat(stat, {{8, 0, 2, 0, 0, 0, 0, 0, 0, 0}});
    const CpuWindow next = meter.close(start + 400ms);
    EXPECT_EQ(next.busyCores, 0.0) << "the next window starts where the last one ended";
    EXPECT_EQ(next.ownCores, 0.0);
}

TEST(OtherCpuMeter, IsUnknownWithoutAReadableStatFile) {
    OtherCpuMeter missing(1ms, {.statFile = "/nonexistent/stat", .ownCpuMs = {}, .cpus = {}});
    EXPECT_TRUE(std::isnan(missing.sample(OtherCpuMeter::Clock::now() + 1s)));
    test::TempDir dir;
    const auto stat = dir.file("stat");
    test::writeProcStat(stat, {{10, 0, 0, 0, 0, 0, 0, 0, 0, 0}});
    OtherCpuMeter elsewhere(1ms, {.statFile = stat.string(), .ownCpuMs = {}, .cpus = {5}});
    EXPECT_TRUE(std::isnan(elsewhere.sample(OtherCpuMeter::Clock::now() + 1s))) << "cpu5 is not in the file";
}

// A real /proc/stat, a real neighbour.
TEST(OtherCpuMeter, SeesAnotherProcessSpinningOnTheMachine) {
    // Linux, where BridgeBench runs, always has it: a missing file fails here rather than skip.
    ASSERT_TRUE(std::ifstream("/proc/stat")) << "no /proc/stat";
    test::SpinningProcess neighbour;
    OtherCpuMeter meter(300ms);
    // The window the figure covers, not a wait for something to happen.
    std::this_thread::sleep_for(400ms);
    const double cores = meter.sample();
    // The neighbour gets at least half a core even beside another test's two busy threads.
    EXPECT_GT(cores, 0.4);
    EXPECT_LT(cores, static_cast<double>(std::thread::hardware_concurrency()) + 0.5);
}

}  // namespace
}  // namespace bb
