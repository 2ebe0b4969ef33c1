#include "widgets/main_window.h"

#include <QApplication>
#include <QMenuBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>

#include "adapters/engine_bridge.h"
#include "widgets/live_dashboard.h"
#include "widgets/run_panel.h"

namespace bb::ui {

MainWindow::MainWindow(const QString& dbFile, QWidget* parent)
    : QMainWindow(parent),
      m_dbFile(dbFile),
      m_engine(new EngineBridge(this)),
      m_runPanel(new RunPanel(*m_engine, [this] { return m_dbFile; })),
      m_dashboard(new LiveDashboard(*m_engine)),
      m_runSplitter(new QSplitter(Qt::Horizontal)),
      m_tabs(new QTabWidget) {
    setWindowTitle(tr("BridgeBench"));
    m_runSplitter->setObjectName("runSplitter");
    m_runSplitter->addWidget(m_runPanel);
    m_runSplitter->addWidget(m_dashboard);
    m_runSplitter->setStretchFactor(1, 1);
    m_tabs->addTab(m_runSplitter, tr("Run"));
    setCentralWidget(m_tabs);
    createMenus();
    statusBar()->showMessage(tr("Database: %1").arg(dbFile));
    resize(1280, 800);
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus() {
    auto* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::closeAllWindows);

    auto* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(tr("&Run"), QKeySequence(Qt::Key_F5), m_runPanel, &RunPanel::startRun);
    run->addAction(tr("&Pause / Resume"), QKeySequence(Qt::Key_F6), m_runPanel, &RunPanel::togglePause);
    run->addAction(tr("&Cancel"), QKeySequence(Qt::SHIFT | Qt::Key_F5), m_runPanel, &RunPanel::cancelRun);
    run->addSeparator();
    run->addAction(tr("&Load config…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), m_runPanel,
                   &RunPanel::loadConfigInteractively);
    run->addAction(tr("&Save config…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), m_runPanel,
                   &RunPanel::saveConfigInteractively);
}

}  // namespace bb::ui
