// The UI's one connection to the results database (views never open their own). Wraps
// ResultStore for the UI thread: errors become a signal and a false/empty result instead of
// exceptions, changes are announced, and deletions can be undone. The runs are read on a thread
// of the store's own, through a connection of its own, and kept: a view asks for them as often as
// it likes without a query, and opening a database of 10,000 runs does not hold the window
// (bench/chart_runs_tab_bench). Edits go through the UI's connection, one row each, and change
// the kept runs at once.
#pragma once

#include <QObject>
#include <QString>
#include <QVector>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "adapters/mailbox.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_data.h"

namespace bb::ui {

class RunStore final : public QObject {
    Q_OBJECT
public:
    explicit RunStore(QObject* parent = nullptr);
    ~RunStore() override;  // waits for a read under way: one query, holding no UI state

    // Opens (creating if needed) a database and starts reading its runs: runsChanged when they
    // are in. On failure the previous one stays open.
    bool open(const QString& file);
    bool isOpen() const { return m_store != nullptr; }
    QString file() const { return m_file; }
    // True when the file did not exist before open() created it.
    bool isNewDatabase() const { return m_isNew; }
    // Why the open file could only be opened read-only; empty when it can be written.
    QString readOnlyReason() const;

    // The runs and their tags as last read, by id; none before the first read is in.
    const std::vector<RunRecord>& runs() const { return m_runs; }
    const std::map<std::int64_t, std::vector<std::string>>& tags() const { return m_tags; }
    // While a read is under way (after open or reload, until runsChanged).
    bool isReading() const { return m_reader.joinable(); }
    // Read now, from the database: for the runs a view shows, which may have changed since.
    std::optional<RunRecord> run(qint64 runId);
    std::vector<StepMetrics> steps(qint64 runId);

    // The runs with their steps, tags and timeline, through a connection of its own, for a
    // worker thread (the UI's connection belongs to the UI thread): what a report takes. Throws
    // Error when none of them is in the file any more.
    static std::vector<RunData> readWhole(const std::string& database, const std::vector<std::int64_t>& runIds);

    bool rename(qint64 runId, const QString& name);
    bool setTags(qint64 runId, const QStringList& tags);
    // Deletes in one transaction; the deletion joins the undo stack.
    bool deleteRuns(const QVector<qint64>& runIds);
    bool canUndoDelete() const { return !m_undo.empty(); }
    QString undoDeleteText() const;
    bool undoDelete();

public slots:
    // Runs were created, finished or imported elsewhere (the engine's own connection, an import):
    // reads them again. The newest request wins, as the step reader's do.
    void reload();

signals:
    void databaseChanged(const QString& file);
    void runsChanged();
    void undoAvailabilityChanged(bool available);
    void errorOccurred(const QString& message);

private:
    struct Read {
        quint64 ticket = 0;
        std::vector<RunRecord> runs;
        std::map<std::int64_t, std::vector<std::string>> tags;
        std::string error;  // empty when the read worked
    };
    template <typename Body>
    bool attempt(Body&& body);
    void startRead();
    void editedDuringRead();
    void deliver(std::vector<Read>&& reads);

    std::unique_ptr<ResultStore> m_store;
    QString m_file;
    bool m_isNew = false;
    std::vector<std::vector<DeletedRun>> m_undo;
    std::vector<RunRecord> m_runs;
    std::map<std::int64_t, std::vector<std::string>> m_tags;
    quint64 m_ticket = 0;        // the newest read's
    bool m_readWaiting = false;  // a reload asked while a read was under way
    Mailbox<Read> m_mailbox;
    std::jthread m_reader;  // after the mailbox it posts to: joined first
};

}  // namespace bb::ui
