#include "widgets/main_window.h"

#include <QAction>
#include <QActionGroup>

#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QStandardItemModel>
#include <QItemSelectionModel>
#include <QTableView>
#include <QUrl>

#include "bridgebench/user_guide.h"
#include "adapters/engine_bridge.h"
#include "adapters/run_store.h"
#include "adapters/step_reader.h"
#include "charts/compare_chart.h"
#include "charts/time_series_chart.h"
#include "dialogs/about_dialog.h"
#include "dialogs/import_dialog.h"
#include "i18n/translations.h"
#include "widgets/compact_pane.h"
#include "widgets/compare_view.h"
#include "widgets/config_form.h"
#include "widgets/diagnosis_panel.h"
#include "widgets/export_controller.h"
#include "widgets/live_dashboard.h"
#include "widgets/recent_files.h"
#include "widgets/report_export.h"
#include "widgets/run_importer.h"
#include "widgets/run_panel.h"
#include "widgets/runs_browser.h"

namespace bb::ui {

namespace {
constexpr int kStatusMessageMs = 8000;
}

MainWindow::MainWindow(const QString& dbFile, QWidget* parent)
    : QMainWindow(parent),
      m_store(new RunStore(this)),
      m_engine(new EngineBridge(this)),
      m_runPanel(new RunPanel(*m_engine, [this] { return m_store->file(); })),
      m_dashboard(new LiveDashboard(*m_engine)),
      m_browser(new RunsBrowser(*m_store)),
      m_diagnosis(new DiagnosisPanel),
      m_compare(new CompareView(*m_store)),
      m_runSplitter(new QSplitter(Qt::Horizontal)),
      m_tabs(new QTabWidget),
      m_exporter(new ExportController(
          this, [this] { return currentChart(); }, [this] { return currentTable(); }, this)),
      m_report(new ReportExport(this, *m_store, *m_compare, this)),
      m_importer(new RunImporter(*m_store, this)),
      m_busy(new QProgressBar),
      m_diagnosisSteps(new StepReader(this)),
      m_shownSteps(new StepReader(this)) {
    setWindowTitle(tr("BridgeBench"));
    connect(m_store, &RunStore::runsChanged, this, &MainWindow::firstRead);
    m_runSplitter->setObjectName("runSplitter");
    m_runSplitter->addWidget(m_runPanel);
    m_runSplitter->addWidget(m_dashboard);
    m_runSplitter->setStretchFactor(1, 1);
    m_tabs->addTab(m_runSplitter, tr("Run"));
    auto* runsSplitter = new QSplitter(Qt::Vertical);
    runsSplitter->setObjectName("runsSplitter");
    runsSplitter->addWidget(m_browser);
    runsSplitter->addWidget(m_diagnosis);
    runsSplitter->setStretchFactor(0, 2);
    runsSplitter->setStretchFactor(1, 1);
    // With no run selected the pane says so in a line, and the table takes the room; with one,
    // half of it (compact_pane.h).
    m_diagnosisRoom = new CompactPane(runsSplitter, 1);
    m_diagnosisRoom->setCompact(true);
    m_tabs->addTab(runsSplitter, tr("Runs"));
    m_tabs->addTab(m_compare, tr("Compare"));
    setCentralWidget(m_tabs);
    createMenus();
    resize(1280, 800);

    connect(m_store, &RunStore::errorOccurred, this,
            [this](const QString& message) { statusBar()->showMessage(message, kStatusMessageMs); });
    connect(m_exporter, &ExportController::message, this,
            [this](const QString& message) { statusBar()->showMessage(message, kStatusMessageMs); });
    // A report takes seconds (a PDF of many runs longer): a busy bar says it is under way.
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(160);
    m_busy->hide();
    statusBar()->addPermanentWidget(m_busy);
    connect(m_report, &ReportExport::started, this, &MainWindow::showWorkStarted);
    connect(m_report, &ReportExport::finished, this, &MainWindow::showWorkFinished);
    connect(m_importer, &RunImporter::started, this, &MainWindow::showWorkStarted);
    connect(m_importer, &RunImporter::finished, this, &MainWindow::showWorkFinished);
    connect(m_importer, &RunImporter::finished, this, [this](bool ok) {
        if (ok) m_compare->setStartHereVisible(false);
    });
    // The engine writes through its own connection; the table re-reads when a run begins and ends.
    connect(m_engine, &EngineBridge::runStarted, m_store, &RunStore::reload);
    connect(m_engine, &EngineBridge::runFinished, m_store, &RunStore::reload);
    // The first-launch note is for a database of figures only: a run of the user's ends it.
    connect(m_engine, &EngineBridge::runStarted, this, [this] { m_compare->setStartHereVisible(false); });
    connect(m_compare, &CompareView::startHereRequested, this, [this] { m_tabs->setCurrentIndex(RunTab); });
    // The reload clears the table's selection; the run just ended takes it, so that the Runs
    // tab opens on its diagnosis. Not before the tab shows: its steps need not be read unseen.
    connect(m_engine, &EngineBridge::runFinished, this, [this](qint64 runId) {
        m_finishedRun = runId;
        if (m_tabs->currentIndex() == RunsTab) selectFinishedRun();
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == RunsTab) selectFinishedRun();
    });
    connect(m_browser, &RunsBrowser::compareWithStudyRequested, this, [this](const QVector<qint64>& ids) {
        m_compare->compareWithStudy(ids);
        m_tabs->setCurrentIndex(CompareTab);
    });
    connect(m_browser, &RunsBrowser::compareRequested, this, [this](const QVector<qint64>& ids) {
        m_compare->setRuns(ids);
        m_tabs->setCurrentIndex(CompareTab);
    });
    // One selected run: why it runs at its speed; its steps are read off this thread. A reset of the table (a run deleted, renamed, added; another database) clears its selection
    // without selectionChanged: the panel once went on showing a run no longer selected, even one
    // just deleted. It follows the selection both ways.
    connect(m_browser->view()->model(), &QAbstractItemModel::modelReset, this, [this] { showSelectedRunDiagnosis(); });
    connect(m_browser->view()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { showSelectedRunDiagnosis(); });
    // What the run's timeline shows goes into its diagnosis; it is summarized where the steps are read.
    m_diagnosisSteps->setSummarizesTimeline(true);
    connect(m_diagnosisSteps, &StepReader::timelineSummarized, this,
            [this](qint64 runId, const TimelineSummary& summary) { m_diagnosisTimeline = {runId, summary}; });
    connect(m_diagnosisSteps, &StepReader::stepsRead, this,
            [this](const QVector<qint64>& ids, const std::vector<std::vector<StepMetrics>>& steps) {
                // Only while that run is still the one selected.
                if (m_browser->selectedRunIds() != ids) return;
                const TimelineSummary none;
                m_diagnosis->showRun(m_store->run(ids.front()), steps.front(),
                                     m_diagnosisTimeline.first == ids.front() ? m_diagnosisTimeline.second : none);
            });
    connect(m_diagnosisSteps, &StepReader::failed, m_diagnosis, &DiagnosisPanel::showError);
    connect(m_browser, &RunsBrowser::showRequested, this,
            [this](qint64 runId) { m_shownSteps->request(m_store->file(), {runId}); });
    m_shownSteps->setReadsTimeline(true);
    connect(m_shownSteps, &StepReader::timelineRead, this,
            [this](qint64, const std::vector<TimelineSpan>& spans, const std::vector<OpEvent>& ops) {
                m_dashboard->showStoredTimeline(spans, ops);
            });
    connect(m_shownSteps, &StepReader::stepsRead, this,
            [this](const QVector<qint64>& ids, const std::vector<std::vector<StepMetrics>>& steps) {
                const auto run = m_store->run(ids.front());
                if (!run) return;
                m_dashboard->showStoredRun(QString::fromStdString(run->name), steps.front());
                m_tabs->setCurrentIndex(RunTab);
            });
    connect(m_shownSteps, &StepReader::failed, this,
            [this](const QString& message) { statusBar()->showMessage(message, kStatusMessageMs); });

    restoreSettings();
    openDatabase(dbFile);
}

MainWindow::~MainWindow() = default;

void MainWindow::showSelectedRunDiagnosis() {
    const auto ids = m_browser->selectedRunIds();
    if (const auto run = ids.size() == 1 ? m_store->run(ids.front()) : std::nullopt) {
        m_diagnosis->showReading(QString::fromStdString(run->name));
        m_diagnosisSteps->request(m_store->file(), {run->id});
    } else {
        m_diagnosisSteps->cancel();
        m_diagnosis->showRun(std::nullopt, {});
    }
    // Only between no run and some, after the panel says what it now shows: the buttons
    // under the table, disabled with none, move before they can be aimed at, never between
    // two clicks of a selection or when a diagnosis arrives.
    m_diagnosisRoom->setCompact(ids.isEmpty());
}

void MainWindow::selectFinishedRun() {
    // A selection the user made since the reload stands.
    if (m_finishedRun > 0 && m_browser->selectedRunIds().isEmpty()) m_browser->selectRuns({m_finishedRun});
    m_finishedRun = 0;
}

void MainWindow::showWorkStarted(const QString& message) {
    m_busy->show();
    statusBar()->showMessage(message);
}

void MainWindow::showWorkFinished(bool ok, const QString& message) {
    m_busy->hide();
    statusBar()->showMessage(message.section(QLatin1Char('\n'), 0, 0), kStatusMessageMs);
    // An error, or warnings beside the result, need more than the status bar's one line; the
    // box is not modal, so nothing waits on it (open() made it window-modal: the window took no
    // input until it was closed).
    if (ok && !message.contains(QLatin1Char('\n'))) return;
    auto* box = new QMessageBox(ok ? QMessageBox::Information : QMessageBox::Warning, windowTitle(), message,
                                QMessageBox::Ok, this);
    box->setObjectName("workFinishedBox");
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::NonModal);
    box->show();
}

void MainWindow::importInteractively() {
    ImportDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted) m_importer->start(dialog.request());
}

void MainWindow::fitToScreen() {
    const QScreen* screen = this->screen();
    if (screen == nullptr) return;
    const QRect available = screen->availableGeometry();
    // Before the first show the window manager's frame is unknown: leave it a margin.
    constexpr int kFrameMargin = 32;
    const QSize room(available.width() - kFrameMargin, available.height() - kFrameMargin);
    if (width() <= room.width() && height() <= room.height()) return;
    resize(size().boundedTo(room));
    move(available.topLeft());
}

QString MainWindow::databaseFile() const { return m_store->file(); }

bool MainWindow::openDatabase(const QString& file) {
    if (m_engine->isRunning()) {
        statusBar()->showMessage(tr("Finish or cancel the run before switching databases"), kStatusMessageMs);
        return false;
    }
    if (!m_store->open(file)) return false;
    m_finishedRun = 0;  // its id names another run here
    // Replies still to come name runs of the other file.
    m_diagnosisSteps->cancel();
    m_shownSteps->cancel();
    if (m_recent) m_recent->add(file);
    if (const QString readOnly = m_store->readOnlyReason(); !readOnly.isEmpty()) {
        setWindowTitle(tr("BridgeBench — %1 (read-only)").arg(QFileInfo(file).fileName()));
        statusBar()->showMessage(tr("Database: %1, opened read-only: %2").arg(file, readOnly));
    } else {
        setWindowTitle(tr("BridgeBench — %1").arg(QFileInfo(file).fileName()));
        statusBar()->showMessage(tr("Database: %1").arg(file));
    }
    m_firstReadPending = true;  // the runs are read off the UI thread: firstRead() once they are in
    return true;
}

void MainWindow::firstRead() {
    if (!m_firstReadPending || m_store->isReading()) return;
    m_firstReadPending = false;
    // A database with nothing of the user's yet opens on the study, so the first thing a new
    // user sees is what the published figures look like.
    const auto& runs = m_store->runs();
    const bool onlyReferences =
        std::all_of(runs.begin(), runs.end(), [](const RunRecord& run) { return isReference(run.origin); });
    m_compare->showStudy();
    m_compare->setStartHereVisible(onlyReferences);
    if (onlyReferences) m_tabs->setCurrentIndex(CompareTab);
}

void MainWindow::newDatabaseInteractively() {
    const QString file = QFileDialog::getSaveFileName(this, tr("New database"), QStringLiteral("results.db"),
                                                      tr("BridgeBench databases (*.db)"));
    if (file.isEmpty()) return;
    if (QFileInfo::exists(file)) QFile::remove(file);
    openDatabase(file);
}

void MainWindow::openDatabaseInteractively() {
    const QString file = QFileDialog::getOpenFileName(this, tr("Open database"), QFileInfo(databaseFile()).path(),
                                                      tr("BridgeBench databases (*.db);;All files (*)"));
    if (!file.isEmpty()) openDatabase(file);
}

ChartWidget* MainWindow::currentChart() const {
    switch (m_tabs->currentIndex()) {
    case RunTab: return m_dashboard->throughputChart();
    case CompareTab: return m_compare->activeChart();
    default: return nullptr;
    }
}

const QAbstractItemView* MainWindow::currentTable() const {
    switch (m_tabs->currentIndex()) {
    case RunsTab: return m_browser->view();
    case CompareTab: return m_compare->tableView();
    default: return nullptr;
    }
}

void MainWindow::createMenus() {
    auto* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New database…"), QKeySequence::New, this, &MainWindow::newDatabaseInteractively);
    file->addAction(tr("&Open database…"), QKeySequence::Open, this, &MainWindow::openDatabaseInteractively);
    auto* recent = file->addMenu(tr("Open &recent"));
    m_recent = new RecentFiles(recent, this);
    connect(m_recent, &RecentFiles::openRequested, this, &MainWindow::openDatabase);
    file->addSeparator();
    file->addAction(tr("&Import runs…"), QKeySequence(Qt::CTRL | Qt::Key_I), this, &MainWindow::importInteractively);
    file->addSeparator();
    auto* exportChart = file->addAction(tr("Export &chart…"), QKeySequence(Qt::CTRL | Qt::Key_E), m_exporter,
                                        &ExportController::exportChart);
    auto* exportTable = file->addAction(tr("Export &table…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                                        m_exporter, &ExportController::exportTable);
    file->addAction(tr("Export &report…"), QKeySequence(Qt::CTRL | Qt::Key_R), m_report, &ReportExport::exportReport);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    auto* edit = menuBar()->addMenu(tr("&Edit"));
    auto* undo = edit->addAction(tr("&Undo delete"), QKeySequence::Undo, m_store, &RunStore::undoDelete);
    undo->setEnabled(false);
    connect(m_store, &RunStore::undoAvailabilityChanged, undo, &QAction::setEnabled);
    auto* copyChart = edit->addAction(tr("&Copy chart"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), m_exporter,
                                      &ExportController::copyChart);
    auto* copyTable = edit->addAction(tr("Copy t&able"), QKeySequence::Copy, m_exporter, &ExportController::copyTable);
    edit->addSeparator();
    auto* deleteRuns = edit->addAction(tr("&Delete runs"), QKeySequence::Delete, m_browser, &RunsBrowser::deleteSelected);
    // These act on the tab in view: the Run tab has no table (Export table asked for a file
    // name and then said so), the Runs tab no chart, and Delete on the Run tab's form asked to
    // delete runs selected out of sight.
    const auto followTab = [=, this] {
        exportChart->setEnabled(currentChart() != nullptr);
        copyChart->setEnabled(currentChart() != nullptr);
        exportTable->setEnabled(currentTable() != nullptr);
        copyTable->setEnabled(currentTable() != nullptr);
        deleteRuns->setEnabled(m_tabs->currentIndex() == RunsTab);
    };
    connect(m_tabs, &QTabWidget::currentChanged, this, followTab);
    followTab();
    edit->addAction(tr("&Find runs"), QKeySequence::Find, this, [this] {
        m_tabs->setCurrentIndex(RunsTab);
        if (auto* search = m_browser->findChild<QWidget*>("search")) search->setFocus();
    });

    auto* run = menuBar()->addMenu(tr("&Run"));
    run->addActions({m_runPanel->runAction(), m_runPanel->sweepAction(), m_runPanel->pauseAction(),
                     m_runPanel->cancelAction()});
    // Started from another tab, a run shows where its progress and charts are, and so does a
    // start the panel refuses (its message is there).
    for (QAction* start : {m_runPanel->runAction(), m_runPanel->sweepAction()})
        connect(start, &QAction::triggered, this, [this] { m_tabs->setCurrentIndex(RunTab); });
    run->addSeparator();
    run->addAction(tr("&Load config…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), m_runPanel,
                   &RunPanel::loadConfigInteractively);
    run->addAction(tr("&Save config…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), m_runPanel,
                   &RunPanel::saveConfigInteractively);

    auto* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Run and live dashboard"), QKeySequence(Qt::CTRL | Qt::Key_1), this,
                    [this] { m_tabs->setCurrentIndex(RunTab); });
    view->addAction(tr("R&uns"), QKeySequence(Qt::CTRL | Qt::Key_2), this, [this] { m_tabs->setCurrentIndex(RunsTab); });
    view->addAction(tr("&Compare"), QKeySequence(Qt::CTRL | Qt::Key_3), this,
                    [this] { m_tabs->setCurrentIndex(CompareTab); });
    view->addAction(tr("Published &study"), this, [this] {
        m_compare->showStudy();
        m_tabs->setCurrentIndex(CompareTab);
    });

    // Strings are translated as widgets are built, so a new language shows from the next start.
    auto* language = view->addMenu(tr("&Language"));
    auto* languages = new QActionGroup(language);
    const auto addLanguage = [&](const QString& text, const QString& localeName) {
        const QString missingFont = localeName.isEmpty() ? QString() : missingFontNote(localeName);
        auto* action = language->addAction(missingFont.isEmpty() ? text : missingFont);
        action->setEnabled(missingFont.isEmpty());
        action->setCheckable(true);
        action->setChecked(languageSetting() == localeName);
        action->setData(localeName);
        languages->addAction(action);
        connect(action, &QAction::triggered, this, [this, localeName] {
            setLanguageSetting(localeName);
            statusBar()->showMessage(tr("The language changes when BridgeBench starts again."), kStatusMessageMs);
        });
    };
    addLanguage(tr("System language"), QString());
    for (const auto& localeName : availableLanguages()) addLanguage(languageDisplayName(localeName), localeName);

    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&User Guide"), this, [this] {
        const auto guide = userGuideFile();
        if (guide.empty() || !QDesktopServices::openUrl(QUrl::fromLocalFile(QString::fromStdString(guide.string()))))
            statusBar()->showMessage(guide.empty() ? tr("The user guide is not installed")
                                                   : tr("No application opens %1").arg(QString::fromStdString(guide.string())),
                                     kStatusMessageMs);
    });
    help->addSeparator();
    help->addAction(tr("&About BridgeBench"), this, [this] { AboutDialog(this).exec(); });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::restoreSettings() {
    QSettings settings;
    restoreGeometry(settings.value("window/geometry").toByteArray());
    restoreState(settings.value("window/state").toByteArray());
    m_runSplitter->restoreState(settings.value("window/runSplitter").toByteArray());
    const QByteArray lastConfig = settings.value("run/lastConfig").toByteArray();
    if (!lastConfig.isEmpty()) {
        auto json = nlohmann::json::parse(lastConfig.toStdString(), nullptr, /*allow_exceptions=*/false);
        // A config saved by an older or newer build may not parse; the defaults stay then.
        try {
            if (!json.is_discarded()) m_runPanel->form()->setConfig(runConfigFromJson(json));
        } catch (const std::exception&) {
        }
    }
    connect(m_runPanel, &RunPanel::runStarted, this, [](const RunConfig& config) {
        QSettings().setValue("run/lastConfig", QByteArray::fromStdString(toJson(config).dump()));
    });
    // A finished sweep is read side by side: its grid points in the comparison view.
    connect(m_runPanel, &RunPanel::sweepFinished, this, [this](const QVector<qint64>& ids) {
        m_store->reload();
        m_compare->showSweep(ids);
        m_tabs->setCurrentIndex(CompareTab);
    });
}

void MainWindow::saveSettings() {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    settings.setValue("window/runSplitter", m_runSplitter->saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_engine->isRunning() &&
        QMessageBox::question(this, tr("A run is going"), tr("Cancel the running run and quit?")) != QMessageBox::Yes) {
        event->ignore();
        return;
    }
    saveSettings();
    event->accept();
}

}  // namespace bb::ui
