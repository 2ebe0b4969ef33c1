// Cancel and pause requests from any thread, checked by the training thread between steps.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>

namespace bb {

class RunControl {
public:
    void cancel() {
        {
            std::lock_guard lock(m_mutex);
            m_cancelled = true;
        }
        m_changed.notify_all();
    }
    void pause() {
        std::lock_guard lock(m_mutex);
        m_paused = true;
    }
    void resume() {
        {
            std::lock_guard lock(m_mutex);
            m_paused = false;
        }
        m_changed.notify_all();
    }
    bool cancelled() const {
        std::lock_guard lock(m_mutex);
        return m_cancelled;
    }
    // Blocks while paused; returns false when the run was cancelled.
    bool waitWhilePaused() {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return !m_paused || m_cancelled; });
        return !m_cancelled;
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_cancelled = false;
    bool m_paused = false;
};

}  // namespace bb
