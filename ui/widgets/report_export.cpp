#include "widgets/report_export.h"

#include <QFileDialog>
#include <QFileInfo>

#include <filesystem>
#include <vector>

#include "adapters/background_job.h"
#include "adapters/run_store.h"
#include "bridgebench/errors.h"
#include "bridgebench/report.h"
#include "widgets/compare_view.h"

namespace bb::ui {

ReportExport::ReportExport(QWidget* window, RunStore& store, CompareView& compare, QObject* parent)
    : QObject(parent), m_window(window), m_store(store), m_compare(compare), m_job(new BackgroundJob(this)) {
    connect(m_job, &BackgroundJob::finished, this, [this](bool ok, const QString& error) {
        emit finished(ok, ok ? tr("Wrote %1").arg(m_file) : tr("Report not written: %1").arg(error));
    });
}

bool ReportExport::isBusy() const { return m_job->isRunning(); }

bool ReportExport::exportTo(const QString& file) {
    if (m_job->isRunning()) {
        emit finished(false, tr("A report is still being written"));
        return false;
    }
    const QVector<qint64> ids = m_compare.runIds();
    if (ids.isEmpty() || !m_store.isOpen()) {
        emit finished(false, tr("Nothing to report: the Compare tab shows no runs"));
        return false;
    }
    ReportInput input;
    input.metric = m_compare.metric();
    input.baselineRunId = m_compare.baselineRunId();
    input.baseline = m_compare.compareBaseline();
    std::vector<std::int64_t> runIds(ids.begin(), ids.end());
    const std::string database = m_store.file().toStdString();
    const std::filesystem::path out = file.toStdString();
    const bool pdf = QFileInfo(file).suffix().compare(QStringLiteral("pdf"), Qt::CaseInsensitive) == 0;
    m_job->start([input = std::move(input), runIds = std::move(runIds), database, out, pdf]() mutable {
        input.runs = RunStore::readWhole(database, runIds);
        if (pdf)
            writePdfReport(input, out);
        else
            writeHtmlReport(input, out);
        return std::string();
    });
    m_file = file;
    emit started(tr("Writing %1…").arg(file));
    return true;
}

void ReportExport::exportReport() {
    const QString file = QFileDialog::getSaveFileName(m_window, tr("Export report"), QStringLiteral("report.html"),
                                                      tr("HTML report (*.html);;PDF report (*.pdf)"));
    if (!file.isEmpty()) exportTo(file);
}

}  // namespace bb::ui
