#include "adapters/run_store.h"

#include <QFileInfo>

#include <algorithm>
#include <filesystem>

#include "bridgebench/errors.h"
#include "bridgebench/load_runs.h"

namespace bb::ui {

namespace {
// Deleted runs are held in memory with all their steps; a short history is enough for undo.
constexpr std::size_t kUndoDepth = 20;
// Short beside a read of many runs (10,000: ~0.5 s on two cores), and an idle store polls not at all.
constexpr std::chrono::milliseconds kReadPoll{10};
}  // namespace

RunStore::RunStore(QObject* parent)
    : QObject(parent), m_mailbox(kReadPoll, [this](std::vector<Read>&& reads) { deliver(std::move(reads)); }) {}

RunStore::~RunStore() = default;

template <typename Body>
bool RunStore::attempt(Body&& body) {
    try {
        body();
        return true;
    } catch (const std::exception& error) {
        emit errorOccurred(QString::fromStdString(error.what()));
        return false;
    }
}

bool RunStore::open(const QString& file) {
    const bool existed = QFileInfo::exists(file);
    std::unique_ptr<ResultStore> opened;
    // Browsing needs no write access: a file on a read-only mount or in a folder of someone
    // else's opens read-only, and says so (readOnlyReason).
    if (!attempt([&] {
            opened = std::make_unique<ResultStore>(std::filesystem::path(file.toStdString()), StoreAccess::Reading);
        }))
        return false;
    m_store = std::move(opened);
    m_file = file;
    m_isNew = !existed;
    m_undo.clear();
    m_runs.clear();
    m_tags.clear();
    emit undoAvailabilityChanged(false);
    emit databaseChanged(file);
    emit runsChanged();  // the previous database's runs are gone
    reload();
    return true;
}

QString RunStore::readOnlyReason() const {
    if (!m_store || !m_store->readOnlyReason()) return {};
    return QString::fromStdString(*m_store->readOnlyReason());
}

void RunStore::reload() {
    if (!m_store) return;
    ++m_ticket;
    if (m_reader.joinable()) {
        m_readWaiting = true;  // read again once the read under way is in: it may predate the change
        return;
    }
    startRead();
}

void RunStore::editedDuringRead() {
    // A read under way may predate the edit: its reply is dropped and the runs read again.
    if (!m_reader.joinable()) return;
    ++m_ticket;
    m_readWaiting = true;
}

void RunStore::startRead() {
    m_reader = std::jthread([this, ticket = m_ticket, file = m_file.toStdString()] {
        Read read;
        read.ticket = ticket;
        try {
            // A connection of its own (a ResultStore is one connection, used from one thread),
            // read-only: the UI's connection opened, migrated and marked the file already.
            ResultStore store(std::filesystem::path(file), StoreAccess::ReadOnly);
            read.runs = store.listRuns();
            read.tags = store.allTags();
        } catch (const std::exception& error) {
            read.error = error.what();
        }
        m_mailbox.post(std::move(read));
    });
    m_mailbox.open();
}

void RunStore::deliver(std::vector<Read>&& reads) {
    // One read at a time, so one reply.
    Read read = std::move(reads.back());
    m_reader.join();
    if (m_readWaiting) {
        m_readWaiting = false;
        startRead();
    } else {
        m_mailbox.close();
    }
    if (read.ticket != m_ticket) return;  // a newer read is under way
    if (!read.error.empty()) {
        emit errorOccurred(QString::fromStdString(read.error));
        return;
    }
    m_runs = std::move(read.runs);
    m_tags = std::move(read.tags);
    emit runsChanged();
}

std::optional<RunRecord> RunStore::run(qint64 runId) {
    std::optional<RunRecord> result;
    if (m_store) attempt([&] { result = m_store->findRun(static_cast<std::int64_t>(runId)); });
    return result;
}

std::vector<StepMetrics> RunStore::steps(qint64 runId) {
    std::vector<StepMetrics> result;
    if (m_store) attempt([&] { result = m_store->steps(runId); });
    return result;
}

std::vector<RunData> RunStore::readWhole(const std::string& database, const std::vector<std::int64_t>& runIds) {
    ResultStore store(database, StoreAccess::Reading);
    std::vector<RunRecord> records;
    for (const auto id : runIds)
        if (auto run = store.findRun(id)) records.push_back(std::move(*run));
    if (records.empty()) throw Error("the compared runs are no longer in " + database);
    return loadRuns(store, records, /*withTimeline=*/true);
}

bool RunStore::rename(qint64 runId, const QString& name) {
    const std::string trimmed = name.trimmed().toStdString();
    if (!m_store || !attempt([&] { m_store->renameRun(runId, trimmed); })) return false;
    for (auto& run : m_runs)
        if (run.id == runId) run.name = trimmed;
    editedDuringRead();
    emit runsChanged();
    return true;
}

bool RunStore::setTags(qint64 runId, const QStringList& tags) {
    std::vector<std::string> values;
    for (const auto& tag : tags) values.push_back(tag.toStdString());
    if (!m_store || !attempt([&] {
            m_store->setTags(runId, values);
            // As the store keeps them: blanks dropped, duplicates merged, sorted.
            if (auto stored = m_store->tags(runId); stored.empty())
                m_tags.erase(runId);
            else
                m_tags[runId] = std::move(stored);
        }))
        return false;
    editedDuringRead();
    emit runsChanged();
    return true;
}

bool RunStore::deleteRuns(const QVector<qint64>& runIds) {
    if (!m_store || runIds.isEmpty()) return false;
    std::vector<std::int64_t> ids(runIds.begin(), runIds.end());
    std::vector<DeletedRun> deleted;
    if (!attempt([&] { deleted = m_store->deleteRuns(ids); })) return false;
    std::erase_if(m_runs, [&](const RunRecord& run) { return runIds.contains(run.id); });
    for (const auto id : ids) m_tags.erase(id);
    editedDuringRead();
    m_undo.push_back(std::move(deleted));
    if (m_undo.size() > kUndoDepth) m_undo.erase(m_undo.begin());
    emit undoAvailabilityChanged(true);
    emit runsChanged();
    return true;
}

QString RunStore::undoDeleteText() const {
    if (m_undo.empty()) return {};
    const auto& last = m_undo.back();
    if (last.size() == 1) return tr("Undo delete of \"%1\"").arg(QString::fromStdString(last.front().name));
    return tr("Undo delete of %n run(s)", nullptr, static_cast<int>(last.size()));
}

bool RunStore::undoDelete() {
    if (!m_store || m_undo.empty()) return false;
    if (!attempt([&] {
            m_store->restoreRuns(m_undo.back());
            // The restored runs, read back one row each, in their places by id.
            for (const auto& deleted : m_undo.back()) {
                if (auto run = m_store->findRun(deleted.id)) {
                    const auto at = std::lower_bound(m_runs.begin(), m_runs.end(), run->id,
                                                     [](const RunRecord& kept, std::int64_t id) { return kept.id < id; });
                    m_runs.insert(at, std::move(*run));
                }
                if (auto restored = m_store->tags(deleted.id); !restored.empty()) m_tags[deleted.id] = std::move(restored);
            }
        }))
        return false;
    editedDuringRead();
    m_undo.pop_back();
    emit undoAvailabilityChanged(!m_undo.empty());
    emit runsChanged();
    return true;
}

}  // namespace bb::ui
