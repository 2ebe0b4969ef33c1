// What other threads hand the window, in the order they post it. Every thread that talks to the
// UI (the engine's, a background job's, the step reader's, the run store's) does so through one
// of these: it puts a message under a std::mutex, and a UI-thread timer, running only while the
// owner expects something, takes all that arrived and delivers it. So a fast producer cannot
// flood the event loop, the UI thread never waits for a lock (it tries, and takes the messages
// at the next tick when a producer holds it), and the one hand-off between threads is one
// ThreadSanitizer can check: Debian's Qt is not built with it, so a queued call's hand-off
// through Qt's event queue would be invisible to it.
#pragma once

#include <QObject>
#include <QTimer>

#include <chrono>
#include <functional>
#include <mutex>
#include <utility>
#include <vector>

namespace bb::ui {

template <typename Message>
class Mailbox {
public:
    using Deliver = std::function<void(std::vector<Message>&&)>;
    // Whether `next` may take the place of the last message not yet delivered (only the latest
    // of a kind counts: a thousand progress notes need not become a thousand signals).
    using Replaces = std::function<bool(const Message& last, const Message& next)>;

    // `deliver` runs on the UI thread (the thread that makes the mailbox), oldest message first.
    Mailbox(std::chrono::milliseconds interval, Deliver deliver, Replaces replaces = {})
        : m_deliver(std::move(deliver)), m_replaces(std::move(replaces)) {
        m_timer.setInterval(interval);
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] { drain(); });
    }
    Mailbox(const Mailbox&) = delete;
    Mailbox& operator=(const Mailbox&) = delete;

    // Any thread.
    void post(Message message) {
        const std::lock_guard lock(m_mutex);
        if (m_replaces && !m_messages.empty() && m_replaces(m_messages.back(), message)) {
            m_messages.back() = std::move(message);
            return;
        }
        m_messages.push_back(std::move(message));
    }

    // UI thread: the owner expects messages (a thread of its started) or no longer does; what
    // was posted meanwhile stays for the next open.
    void open() { m_timer.start(); }
    void close() { m_timer.stop(); }
    bool isOpen() const { return m_timer.isActive(); }

    // UI thread: delivers what has arrived now, rather than at the next tick.
    void drain() {
        std::vector<Message> messages;
        {
            std::unique_lock lock(m_mutex, std::try_to_lock);
            if (!lock.owns_lock() || m_messages.empty()) return;
            messages.swap(m_messages);
        }
        m_deliver(std::move(messages));
    }

private:
    Deliver m_deliver;
    Replaces m_replaces;
    QTimer m_timer;
    std::mutex m_mutex;
    std::vector<Message> m_messages;  // under m_mutex
};

}  // namespace bb::ui
