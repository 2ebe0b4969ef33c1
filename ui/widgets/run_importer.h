// File > Import runs: what `bridgebench-cli import` does, from the window. The files are read
// and checked and the runs written in one transaction (core's run_import.h) on a BackgroundJob
// with a connection of its own; a bad file leaves the database as it was and its error, which
// names the file and the place in it, is what the user sees.
#pragma once

#include <QObject>
#include <QString>

#include <memory>

#include "bridgebench/run_import.h"

namespace bb::ui {

class BackgroundJob;
class RunStore;

struct ImportRequest {
    using Format = ImportFormat;
    Format format = Format::Trainer;
    QString path;
    ImportOptions options;  // what the files do not say (ignored for a database)
};

class RunImporter final : public QObject {
    Q_OBJECT
public:
    explicit RunImporter(RunStore& store, QObject* parent = nullptr);

    // False (and finished(false, why)) when it cannot start: no database, no path, or an import
    // still running.
    bool start(const ImportRequest& request);
    bool isBusy() const;

signals:
    void started(const QString& text);
    // ok: what was added and skipped; otherwise why nothing was.
    void finished(bool ok, const QString& text);

private:
    RunStore& m_store;
    BackgroundJob* m_job;
    std::shared_ptr<ImportResult> m_result;  // written by the job, read once it has ended
};

}  // namespace bb::ui
