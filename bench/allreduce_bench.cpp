// Gloo all-reduce on loopback against message size: two ranks on two threads of this process,
// each with its own TCPStore client and ProcessGroupGloo (the same c10d path a run takes), the
// engine's bucketed reduction set beside the bandwidth one buffer of each size gets.
//
//   build/release/bench/allreduce_bench [MAX_MB]
//
// A plain harness rather than Google Benchmark: both ranks must run the same number of
// collectives, which Google Benchmark's adaptive iteration count cannot promise.
#include <chrono>
#include <cstdio>
#include <future>
#include <string>

#include <torch/torch.h>

#include "distributed/collectives.h"

namespace {

using Clock = std::chrono::steady_clock;

void rankBody(int rank, bb::Collectives& collectives, double maxMb) {
    for (double mb = 1.0 / 256; mb <= maxMb + 1e-9; mb *= 4) {
        const auto elements = std::max<std::int64_t>(1, static_cast<std::int64_t>(mb * 1024 * 1024 / 4));
        torch::Tensor buffer = torch::ones({elements});
        for (int warm = 0; warm < 3; ++warm) collectives.allreduceSum(buffer).wait();
        // Enough repetitions for ~0.5 s of a 1 GB/s link, and at least 5.
        const int repeats = std::max(5, static_cast<int>(512 / std::max(mb, 1.0 / 64)) / 8);
        double fastest = 1e300;
        double total = 0;
        for (int k = 0; k < repeats; ++k) {
            const auto start = Clock::now();
            collectives.allreduceSum(buffer).wait();
            const double s = std::chrono::duration<double>(Clock::now() - start).count();
            fastest = std::min(fastest, s);
            total += s;
        }
        if (rank == 0) {
            const double bytes = static_cast<double>(elements) * 4;
            // Bus bandwidth as NCCL's tests define it: each byte crosses 2(n-1)/n links.
            const double bus = 2.0 * (2 - 1) / 2;
            std::printf("%10.4f MB  %5d runs  best %9.3f ms  mean %9.3f ms  algbw %7.3f GB/s  busbw %7.3f GB/s\n", mb,
                        repeats, fastest * 1e3, total / repeats * 1e3, bytes / fastest / 1e9,
                        bus * bytes / fastest / 1e9);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    const double maxMb = argc > 1 ? std::stod(argv[1]) : 64;
    at::set_num_threads(1);
    std::promise<int> port;
    auto portReady = port.get_future().share();
    auto run = [&](int rank) {
        bb::World world;
        world.rank = rank;
        world.size = 2;
        world.localRank = rank;
        world.localSize = 2;
        world.masterPort = rank == 0 ? 0 : portReady.get();
        bb::JoinOptions options;
        auto collectives = bb::Collectives::join(world, options, [&](int p) { port.set_value(p); });
        rankBody(rank, *collectives, maxMb);
    };
    std::printf("Gloo all-reduce (sum, fp32), 2 ranks on loopback, 2 Gloo threads each\n");
    auto second = std::async(std::launch::async, run, 1);
    run(0);
    second.get();
    return 0;
}
