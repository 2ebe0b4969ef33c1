// Threads that keep `count` cores busy for as long as the object lives: another process
// holding the machine's cores, for tests of what a run says when it cannot have them.
#pragma once

#include <atomic>
#include <thread>
#include <vector>

namespace bb::test {

class BusyCores {
public:
    explicit BusyCores(int count);
    ~BusyCores();  // stops and joins them
    BusyCores(const BusyCores&) = delete;
    BusyCores& operator=(const BusyCores&) = delete;

private:
    std::atomic<bool> m_stop{false};
    std::vector<std::jthread> m_threads;
};

}  // namespace bb::test
