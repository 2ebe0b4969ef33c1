#include "support/busy_cores.h"

namespace bb::test {

BusyCores::BusyCores(int count) {
    for (int i = 0; i < count; ++i)
        m_threads.emplace_back([this] {
            // Arithmetic, not sleeping: only a thread that wants its core holds it.
            volatile double sink = 1.0;
            while (!m_stop.load(std::memory_order_relaxed)) sink = sink * 1.0000001 + 1e-9;
        });
}

BusyCores::~BusyCores() {
    m_stop = true;
    m_threads.clear();
}

}  // namespace bb::test
