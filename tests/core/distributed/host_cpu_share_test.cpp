// Other processes' CPU time in a data-parallel run: the ranks of one machine take their own time
// out of the machine's, so that they do not count each other as neighbours.
#include "distributed/host_cpu_share.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "support/proc_stat_file.h"
#include "support/temp_dir.h"
#include "two_ranks.h"

namespace bb {
namespace {

constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

TEST(OthersOnBusiestMachine, RanksOfOneMachineAreNotEachOthersNeighbours) {
    // Two ranks in two processes on one machine, 3.1 cores busy: 1.0 and 1.2 are theirs. Each
    // rank alone would see the other as a neighbour (2.1 and 1.9 cores).
    EXPECT_NEAR(othersOnBusiestMachine({{7, 100, {3.1, 1.0}}, {7, 101, {3.1, 1.2}}}), 0.9, 1e-12);
}

TEST(OthersOnBusiestMachine, RanksThatAreThreadsOfOneProcessCountItsTimeOnce) {
    EXPECT_NEAR(othersOnBusiestMachine({{7, 100, {2.5, 2.0}}, {7, 100, {2.5, 2.0}}}), 0.5, 1e-12);
}

TEST(OthersOnBusiestMachine, TheWorldTakesTheMachineWhoseNeighboursTookTheMost) {
    EXPECT_NEAR(othersOnBusiestMachine({{1, 100, {1.3, 1.0}}, {2, 100, {2.5, 1.0}}, {3, 200, {1.1, 1.0}}}), 1.5,
                1e-12);
    // Each machine's ranks read its counters a moment apart: their mean stands for the machine.
    EXPECT_NEAR(othersOnBusiestMachine({{1, 100, {2.0, 0.5}}, {1, 101, {2.2, 0.5}}}), 1.1, 1e-12);
}

TEST(OthersOnBusiestMachine, AMachineWithAnUnknownReadingCountsForNothingAndNoneKnownIsUnknown) {
    EXPECT_NEAR(othersOnBusiestMachine({{1, 100, {9.0, 1.0}}, {1, 101, {kUnknown, kUnknown}}, {2, 200, {1.5, 1.0}}}),
                0.5, 1e-12)
        << "machine 1 has no figure for one of its processes";
    EXPECT_TRUE(std::isnan(othersOnBusiestMachine({{1, 100, {kUnknown, kUnknown}}})));
    EXPECT_TRUE(std::isnan(othersOnBusiestMachine({})));
    EXPECT_EQ(othersOnBusiestMachine({{1, 100, {0.98, 1.0}}}), 0.0) << "clocks a tick apart read zero, not less";
}

// Two real ranks (threads of this process, real c10d): each meters the union of its machine's
// ranks' CPUs, both end their windows at the same step, and both get the world's figure for it.
TEST(HostCpuShare, RanksOfOneMachineMeterTheUnionOfTheirCpusOverTheSameSteps) {
    test::TempDir dir;
    const auto stat = dir.file("stat");
    test::writeProcStat(stat, {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                               {0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                               {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}});
    double early[2], world[2];
    CpuWindow windows[2];
    std::int64_t machine = 0;
    onTwoRanks([&](int rank, Collectives& collectives) {
        double ownMs = 0;
        // Rank 0 may run on cpu0, rank 1 on cpu1; cpu2 is neither's.
        HostCpuShare share(collectives, {.statFile = stat.string(), .ownCpuMs = [&] { return ownMs; }, .cpus = {rank}});
        // Both meters have taken their first reading before the counters move, and both read
        // the moved ones.
        collectives.allgather(torch::zeros({1}));
        if (rank == 0)
            test::writeProcStat(stat, {{30, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                                       {0, 10, 0, 0, 0, 0, 0, 0, 0, 0},
                                       {500, 0, 0, 0, 0, 0, 0, 0, 0, 0}});
        collectives.allgather(torch::zeros({1}));
        ownMs = 20;
        early[rank] = share.advance(100);
        world[rank] = share.advance(200);
        windows[rank] = share.latest();
    });
    for (int rank = 0; rank < 2; ++rank) {
        EXPECT_TRUE(std::isnan(early[rank])) << "rank " << rank << ": 100 ms of steps is under a window";
        ASSERT_TRUE(std::isfinite(windows[rank].busyCores)) << "rank " << rank;
        // cpu0's 30 ticks and cpu1's 10 over the same span as its own 20 ms; cpu2 not at all.
        EXPECT_NEAR(windows[rank].busyCores / windows[rank].ownCores, 40 * test::msPerClockTick() / 20, 1e-9)
            << "rank " << rank;
    }
    EXPECT_EQ(world[0], world[1]) << "one figure for the world";
    // Threads of one process: its time counts once against the machine's.
    EXPECT_DOUBLE_EQ(world[0], othersOnBusiestMachine({{machine, 1, windows[0]}, {machine, 1, windows[1]}}));
    EXPECT_GT(world[0], 0.0);
}

}  // namespace
}  // namespace bb
