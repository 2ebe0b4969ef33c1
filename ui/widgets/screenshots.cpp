#include "widgets/screenshots.h"

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QProgressBar>
#include <QTabWidget>

#include "adapters/engine_bridge.h"
#include "adapters/run_store.h"
#include "charts/time_series_chart.h"
#include "widgets/live_dashboard.h"
#include "widgets/main_window.h"
#include "widgets/run_panel.h"
#include "widgets/runs_browser.h"

namespace bb::ui {

namespace {

void showNewestLocalRun(MainWindow& window) {
    RunStore* store = window.store();
    if (!store || !store->isOpen()) return;
    // The pictures are of the database's runs: their read, off the UI thread, is let in first.
    while (store->isReading()) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    {
        const auto runs = store->runs();
        const RunRecord* newest = nullptr;
        for (const auto& run : runs)
            if (run.origin == RunOrigin::Engine && (!newest || run.id > newest->id)) newest = &run;
        if (!newest) return;
        window.dashboard()->showStoredRun(QString::fromStdString(newest->name), store->steps(newest->id));
        // The dashboard redraws one stale chart per timer tick; a picture wants all four now.
        auto* dashboard = window.dashboard();
        for (auto* chart : {dashboard->throughputChart(), dashboard->breakdownChart(), dashboard->lossChart(),
                            dashboard->resourceChart()})
            chart->refresh();
        // Selected in the runs tab, so that its picture shows the run's diagnosis too.
        window.runsBrowser()->selectRuns({newest->id});
    }
}

}  // namespace

QStringList saveScreenshots(MainWindow& window, const QString& folder, QSize size) {
    QStringList written;
    if (!QDir().mkpath(folder)) return written;
    window.resize(size);
    showNewestLocalRun(window);
    const struct {
        MainWindow::Tab tab;
        const char* file;
    } views[] = {{MainWindow::RunTab, "run.png"}, {MainWindow::RunsTab, "runs.png"}, {MainWindow::CompareTab, "compare.png"}};
    for (const auto& view : views) {
        window.tabs()->setCurrentIndex(view.tab);
        // Charts lay out and repaint on their own timers; a full pass of events settles them.
        QApplication::processEvents();
        QApplication::processEvents();
        const QString path = QDir(folder).filePath(QString::fromLatin1(view.file));
        if (window.grab().save(path, "PNG")) written << path;
    }
    return written;
}

void saveLiveScreenshot(MainWindow& window, const QString& folder, std::function<void(const QString& file)> done,
                        QSize size) {
    window.resize(size);
    window.tabs()->setCurrentIndex(MainWindow::RunTab);
    if (!QDir().mkpath(folder)) {
        done({});
        return;
    }
    // Both connections end with the first of them to fire; the state outlives this call.
    struct Pending {
        QMetaObject::Connection steps;
        QMetaObject::Connection finished;
        std::function<void(const QString&)> done;
        void finish(const QString& file) {
            QObject::disconnect(steps);
            QObject::disconnect(finished);
            if (auto callback = std::exchange(done, nullptr)) callback(file);
        }
    };
    auto pending = std::make_shared<Pending>();
    pending->done = std::move(done);
    EngineBridge* engine = window.engine();
    // The dashboard took these steps first (it connected when the window was built).
    pending->steps = QObject::connect(engine, &EngineBridge::stepsArrived, &window, [&window, folder, pending] {
        auto* dashboard = window.dashboard();
        if (2 * dashboard->stepsReceived() < dashboard->totalSteps()) return;
        dashboard->refreshNow();
        QApplication::processEvents();
        const QString path = QDir(folder).filePath(QStringLiteral("live.png"));
        const bool saved = window.grab().save(path, "PNG");
        // The same moment on the timeline page, then back to the charts.
        dashboard->pages()->setCurrentIndex(1);
        QApplication::processEvents();
        window.grab().save(QDir(folder).filePath(QStringLiteral("live-timeline.png")), "PNG");
        dashboard->pages()->setCurrentIndex(0);
        window.runPanel()->cancelRun();
        pending->finish(saved ? path : QString());
    });
    pending->finished = QObject::connect(engine, &EngineBridge::runFinished, &window, [pending] { pending->finish({}); });
    window.runPanel()->startRun();
    if (!engine->isRunning()) pending->finish({});  // the settings were refused
}

}  // namespace bb::ui
