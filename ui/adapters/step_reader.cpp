#include "adapters/step_reader.h"

#include <exception>
#include <filesystem>
#include <utility>

#include "bridgebench/result_store.h"

namespace bb::ui {

namespace {
// Short beside a long read (200,000 steps: ~0.4 s), and an idle reader polls not at all.
constexpr std::chrono::milliseconds kReaderPoll{10};
}  // namespace

StepReader::StepReader(QObject* parent)
    : QObject(parent), m_mailbox(kReaderPoll, [this](std::vector<Reply>&& replies) { deliver(std::move(replies)); }) {}

StepReader::~StepReader() = default;

void StepReader::request(const QString& file, const QVector<qint64>& runIds) {
    Request next{++m_ticket, file, runIds, m_readsTimeline, m_summarizesTimeline};
    if (m_thread.joinable()) {
        m_waiting = std::move(next);
        return;
    }
    launch(std::move(next));
}

void StepReader::cancel() {
    ++m_ticket;
    m_waiting.reset();
}

void StepReader::launch(Request request) {
    m_thread = std::jthread([this, request = std::move(request)] {
        Reply reply;
        reply.ticket = request.ticket;
        reply.runIds = request.runIds;
        try {
            // Its own connection: a ResultStore is one connection, used from one thread.
            // Read-only: a file moved or deleted since the window opened it is an error, not a
            // new empty database created in its place.
            ResultStore store(std::filesystem::path(request.file.toStdString()), StoreAccess::ReadOnly);
            for (const qint64 id : request.runIds) reply.steps.push_back(store.steps(id));
            if (request.timeline && !request.runIds.isEmpty()) {
                reply.timeline = store.timeline(request.runIds.front());
                reply.ops = store.ops(request.runIds.front());
            }
            if (request.summary && !request.runIds.isEmpty())
                reply.summary = summarizeTimeline(store.timeline(request.runIds.front()));
        } catch (const std::exception& error) {
            reply.steps.clear();
            reply.error = error.what();
        }
        m_mailbox.post(std::move(reply));
    });
    m_mailbox.open();
}

void StepReader::deliver(std::vector<Reply>&& replies) {
    // One read at a time, so one reply.
    std::optional<Reply> reply(std::move(replies.back()));
    m_thread.join();
    if (m_waiting) {
        launch(std::move(*m_waiting));
        m_waiting.reset();
    } else {
        m_mailbox.close();
    }
    if (reply->ticket != m_ticket) return;
    if (reply->error.empty() && !reply->runIds.isEmpty() && m_readsTimeline)
        emit timelineRead(reply->runIds.front(), reply->timeline, reply->ops);
    if (reply->error.empty() && !reply->runIds.isEmpty() && m_summarizesTimeline)
        emit timelineSummarized(reply->runIds.front(), reply->summary);
    if (reply->error.empty()) emit stepsRead(reply->runIds, reply->steps);
    else emit failed(QString::fromStdString(reply->error));
}

}  // namespace bb::ui
