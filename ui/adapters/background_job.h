// One piece of core work (a report, an import) on a thread of its own, so the UI thread never
// waits on it. Its end comes back as EngineBridge's steps do: through a slot under a std::mutex
// that a UI-thread timer polls, a hand-over ThreadSanitizer can see (Debian's Qt is not built
// with it, so a queued call's would be invisible).
#pragma once

#include <QObject>
#include <QTimer>

#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace bb::ui {

class BackgroundJob final : public QObject {
    Q_OBJECT
public:
    // Returns what to tell the user when it worked; a thrown exception's what() is the error.
    using Work = std::function<std::string()>;

    explicit BackgroundJob(QObject* parent = nullptr);
    ~BackgroundJob() override;  // waits for work still running: it holds no UI state

    // False while another job runs.
    bool start(Work work);
    bool isRunning() const { return m_thread.joinable(); }

signals:
    void finished(bool ok, const QString& message);

private:
    void poll();

    std::thread m_thread;
    std::mutex m_mutex;
    std::optional<std::pair<bool, std::string>> m_outcome;  // guarded by m_mutex
    QTimer m_poll;
};

}  // namespace bb::ui
