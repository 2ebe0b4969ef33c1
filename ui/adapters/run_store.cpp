#include "adapters/run_store.h"

#include <QFileInfo>

#include <filesystem>

namespace bb::ui {

namespace {
// Deleted runs are held in memory with all their steps; a short history is enough for undo.
constexpr std::size_t kUndoDepth = 20;
}  // namespace

RunStore::RunStore(QObject* parent) : QObject(parent) {}

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
    emit undoAvailabilityChanged(false);
    emit databaseChanged(file);
    emit runsChanged();
    return true;
}

QString RunStore::readOnlyReason() const {
    if (!m_store || !m_store->readOnlyReason()) return {};
    return QString::fromStdString(*m_store->readOnlyReason());
}

std::vector<RunRecord> RunStore::runs() {
    std::vector<RunRecord> result;
    if (m_store) attempt([&] { result = m_store->listRuns(); });
    return result;
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

std::map<std::int64_t, std::vector<std::string>> RunStore::tags() {
    std::map<std::int64_t, std::vector<std::string>> result;
    if (m_store) attempt([&] { result = m_store->allTags(); });
    return result;
}

bool RunStore::rename(qint64 runId, const QString& name) {
    if (!m_store || !attempt([&] { m_store->renameRun(runId, name.trimmed().toStdString()); })) return false;
    emit runsChanged();
    return true;
}

bool RunStore::setTags(qint64 runId, const QStringList& tags) {
    std::vector<std::string> values;
    for (const auto& tag : tags) values.push_back(tag.toStdString());
    if (!m_store || !attempt([&] { m_store->setTags(runId, values); })) return false;
    emit runsChanged();
    return true;
}

bool RunStore::deleteRuns(const QVector<qint64>& runIds) {
    if (!m_store || runIds.isEmpty()) return false;
    std::vector<std::int64_t> ids(runIds.begin(), runIds.end());
    std::vector<DeletedRun> deleted;
    if (!attempt([&] { deleted = m_store->deleteRuns(ids); })) return false;
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
    if (!attempt([&] { m_store->restoreRuns(m_undo.back()); })) return false;
    m_undo.pop_back();
    emit undoAvailabilityChanged(!m_undo.empty());
    emit runsChanged();
    return true;
}

void RunStore::reload() { emit runsChanged(); }

}  // namespace bb::ui
