// One piece of core work (a report, an import) on a thread of its own, so the UI thread never
// waits on it. Its end comes back through a Mailbox (adapters/mailbox.h), as everything other
// threads tell the window does.
#pragma once

#include <QObject>

#include <functional>
#include <string>
#include <thread>
#include <utility>

#include "adapters/mailbox.h"

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
    using Outcome = std::pair<bool, std::string>;
    void deliver(std::vector<Outcome>&& outcomes);

    Mailbox<Outcome> m_mailbox;
    std::jthread m_thread;  // after the mailbox it posts to: joined first
};

}  // namespace bb::ui
