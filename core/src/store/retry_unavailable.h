// Patience with a store that cannot be written for a while (StoreUnavailableError: another
// process's lock, a full or failing disk): the step writer and the end of a run both wait it
// out rather than lose what they hold.
#pragma once

#include <algorithm>
#include <chrono>
#include <thread>

#include "bridgebench/errors.h"

namespace bb {

// Calls `attempt` until it returns without a StoreUnavailableError, backing off from 50 ms to
// 2 s between tries and calling `onRetry` before each wait. Once `window` would pass, the last
// StoreUnavailableError is rethrown; any other exception goes straight through.
template <typename Attempt, typename OnRetry>
void retryWhileUnavailable(std::chrono::milliseconds window, Attempt&& attempt, OnRetry&& onRetry) {
    const auto start = std::chrono::steady_clock::now();
    std::chrono::milliseconds backoff{50};
    for (;;) {
        try {
            attempt();
            return;
        } catch (const StoreUnavailableError&) {
            if (std::chrono::steady_clock::now() - start + backoff > window) throw;
        }
        onRetry();
        std::this_thread::sleep_for(backoff);
        backoff = std::min(backoff * 2, std::chrono::milliseconds(2000));
    }
}

}  // namespace bb
