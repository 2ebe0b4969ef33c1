// The UI's one connection to the results database (views never open their own). Wraps
// ResultStore for the UI thread: errors become a signal and a false/empty result instead of
// exceptions, changes are announced, and deletions can be undone.
#pragma once

#include <QObject>
#include <QString>
#include <QVector>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bridgebench/result_store.h"

namespace bb::ui {

class RunStore final : public QObject {
    Q_OBJECT
public:
    explicit RunStore(QObject* parent = nullptr);
    ~RunStore() override;

    // Opens (creating if needed) a database; on failure the previous one stays open.
    bool open(const QString& file);
    bool isOpen() const { return m_store != nullptr; }
    QString file() const { return m_file; }
    // True when the file did not exist before open() created it.
    bool isNewDatabase() const { return m_isNew; }
    // Why the open file could only be opened read-only; empty when it can be written.
    QString readOnlyReason() const;

    std::vector<RunRecord> runs();
    std::optional<RunRecord> run(qint64 runId);
    std::vector<StepMetrics> steps(qint64 runId);
    std::map<std::int64_t, std::vector<std::string>> tags();

    bool rename(qint64 runId, const QString& name);
    bool setTags(qint64 runId, const QStringList& tags);
    // Deletes in one transaction; the deletion joins the undo stack.
    bool deleteRuns(const QVector<qint64>& runIds);
    bool canUndoDelete() const { return !m_undo.empty(); }
    QString undoDeleteText() const;
    bool undoDelete();

public slots:
    // A run was created or finished elsewhere (the engine's own connection).
    void reload();

signals:
    void databaseChanged(const QString& file);
    void runsChanged();
    void undoAvailabilityChanged(bool available);
    void errorOccurred(const QString& message);

private:
    template <typename Body>
    bool attempt(Body&& body);

    std::unique_ptr<ResultStore> m_store;
    QString m_file;
    bool m_isNew = false;
    std::vector<std::vector<DeletedRun>> m_undo;
};

}  // namespace bb::ui
