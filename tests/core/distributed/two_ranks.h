// Two ranks of one world, each on its own thread of this process with its own TCPStore client
// and process group over loopback sockets: real c10d, as across processes.
#pragma once

#include <chrono>
#include <exception>
#include <functional>
#include <future>
#include <mutex>

#include "distributed/collectives.h"

namespace bb {

inline constexpr std::chrono::milliseconds kTimeout{30'000};  // a bug fails the test, never hangs it

// Runs body(rank, collectives) on two threads joined into one world; rethrows a failure. base:
// the backend and device (Gloo on the CPU by default; the timeout is always kTimeout).
inline void onTwoRanks(const std::function<void(int, Collectives&)>& body, const JoinOptions& base = {}) {
    std::promise<int> port;
    auto portReady = port.get_future().share();
    // Set once: with rank 0's port, or with rank 0's error when it fails before it has one, so
    // that rank 1 fails with it instead of waiting for a port forever.
    std::once_flag portSettled;
    auto rank = [&](int r) {
        World world;
        world.rank = r;
        world.size = 2;
        world.localRank = r;
        world.localSize = 2;
        world.masterAddr = "127.0.0.1";
        world.masterPort = r == 0 ? 0 : portReady.get();
        JoinOptions options = base;
        options.timeout = kTimeout;
        auto collectives =
            Collectives::join(world, options, [&](int p) { std::call_once(portSettled, [&] { port.set_value(p); }); });
        body(r, *collectives);
    };
    auto second = std::async(std::launch::async, rank, 1);
    std::exception_ptr firstError;
    try {
        rank(0);
    } catch (...) {
        firstError = std::current_exception();
        std::call_once(portSettled, [&] { port.set_exception(firstError); });
    }
    second.get();
    if (firstError) std::rethrow_exception(firstError);
}

}  // namespace bb
