#include "widgets/run_importer.h"

#include <QStringList>

#include "adapters/background_job.h"
#include "adapters/run_store.h"

namespace bb::ui {

RunImporter::RunImporter(RunStore& store, QObject* parent)
    : QObject(parent), m_store(store), m_job(new BackgroundJob(this)) {
    connect(m_job, &BackgroundJob::finished, this, [this](bool ok, const QString& error) {
        if (!ok) {
            emit finished(false, tr("Nothing was imported: %1").arg(error));
            return;
        }
        m_store.reload();
        const ImportResult& result = *m_result;
        QStringList parts;
        // No %n: without an English translation file Qt would print "run(s)".
        const auto added = static_cast<qsizetype>(result.added.size());
        parts << (added == 1 ? tr("Imported 1 run") : tr("Imported %1 runs").arg(added));
        if (!result.skipped.empty())
            parts << tr("skipped %1 already in the database").arg(static_cast<qsizetype>(result.skipped.size()));
        QString text = parts.join(QStringLiteral("; "));
        for (const auto& warning : result.warnings) text += QStringLiteral("\n") + QString::fromStdString(warning);
        emit finished(true, text);
    });
}

bool RunImporter::isBusy() const { return m_job->isRunning(); }

bool RunImporter::start(const ImportRequest& request) {
    if (m_job->isRunning()) {
        emit finished(false, tr("An import is still running"));
        return false;
    }
    if (!m_store.isOpen() || request.path.isEmpty()) {
        emit finished(false, request.path.isEmpty() ? tr("Choose the files to import") : tr("No database is open"));
        return false;
    }
    m_result = std::make_shared<ImportResult>();
    const std::string database = m_store.file().toStdString();
    const std::filesystem::path path = request.path.toStdString();
    // Only standard types cross to the job's thread.
    m_job->start([format = request.format, options = request.options, database, path, result = m_result] {
        *result = importFiles(database, format, path, options);
        return std::string();
    });
    emit started(tr("Importing %1…").arg(request.path));
    return true;
}

}  // namespace bb::ui
