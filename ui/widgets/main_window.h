// Wires the panels together; no logic of its own beyond that.
#pragma once

#include <QMainWindow>

#include <utility>

#include "bridgebench/timeline_summary.h"

QT_BEGIN_NAMESPACE
class QAbstractItemView;
class QProgressBar;
class QSplitter;
class QTabWidget;
QT_END_NAMESPACE

namespace bb::ui {

class ChartWidget;
class CompactPane;
class CompareView;
class DiagnosisPanel;
class EngineBridge;
class ExportController;
class ReportExport;
class RunImporter;
class LiveDashboard;
class RecentFiles;
class RunPanel;
class RunStore;
class RunsBrowser;
class StepReader;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const QString& dbFile, QWidget* parent = nullptr);
    // Opens at 1280 × 800; on a smaller screen (a 1024 × 768 laptop, a VNC session) it takes the
    // screen's free area instead, rather than leaving its right edge and status bar off screen.
    // A geometry restored from the settings is Qt's to keep on screen.
    void fitToScreen();
    ~MainWindow() override;

    EngineBridge* engine() const { return m_engine; }
    RunStore* store() const { return m_store; }
    RunPanel* runPanel() const { return m_runPanel; }
    LiveDashboard* dashboard() const { return m_dashboard; }
    RunsBrowser* runsBrowser() const { return m_browser; }
    CompareView* compareView() const { return m_compare; }
    DiagnosisPanel* diagnosisPanel() const { return m_diagnosis; }
    ExportController* exporter() const { return m_exporter; }
    ReportExport* reportExport() const { return m_report; }
    RunImporter* importer() const { return m_importer; }
    QTabWidget* tabs() const { return m_tabs; }
    QString databaseFile() const;

    enum Tab { RunTab, RunsTab, CompareTab };

public slots:
    bool openDatabase(const QString& file);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createMenus();
    void restoreSettings();
    void saveSettings();
    void newDatabaseInteractively();
    void openDatabaseInteractively();
    void importInteractively();
    void showWorkStarted(const QString& message);
    void showWorkFinished(bool ok, const QString& message);
    ChartWidget* currentChart() const;
    const QAbstractItemView* currentTable() const;
    void selectFinishedRun();
    // The diagnosis of the one run selected in the Runs table, or why there is none.
    void showSelectedRunDiagnosis();
    // Once the runs of a database just opened are in: the study, and the Compare tab first where
    // the database holds only reference runs.
    void firstRead();

    RunStore* m_store;
    bool m_firstReadPending = false;
    EngineBridge* m_engine;
    RunPanel* m_runPanel;
    LiveDashboard* m_dashboard;
    RunsBrowser* m_browser;
    DiagnosisPanel* m_diagnosis;
    CompareView* m_compare;
    QSplitter* m_runSplitter;
    CompactPane* m_diagnosisRoom = nullptr;
    QTabWidget* m_tabs;
    ExportController* m_exporter;
    ReportExport* m_report;
    RunImporter* m_importer;
    QProgressBar* m_busy;  // in the status bar while a report is written or runs imported
    StepReader* m_diagnosisSteps;  // the selected run's, for its diagnosis
    std::pair<qint64, TimelineSummary> m_diagnosisTimeline{-1, {}};  // the last run's, read with its steps
    StepReader* m_shownSteps;      // the run whose steps the Runs tab asked to show
    RecentFiles* m_recent = nullptr;
    qint64 m_finishedRun = 0;  // the latest run to end, selected when the Runs tab shows (0: none)
};

}  // namespace bb::ui
