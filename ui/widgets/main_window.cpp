#include "widgets/main_window.h"

#include <QHBoxLayout>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QVBoxLayout>

#include "adapters/engine_bridge.h"
#include "bridgebench/errors.h"
#include "charts/throughput_chart.h"
#include "widgets/run_form.h"

namespace bb::ui {

MainWindow::MainWindow(const QString& dbFile, QWidget* parent)
    : QMainWindow(parent),
      m_dbFile(dbFile),
      m_engine(new EngineBridge(this)),
      m_form(new RunForm),
      m_chart(new ThroughputChart),
      m_start(new QPushButton(tr("Start"))),
      m_stop(new QPushButton(tr("Stop"))) {
    setWindowTitle(tr("BridgeBench"));
    m_start->setObjectName("start");
    m_stop->setObjectName("stop");
    m_stop->setEnabled(false);

    auto* controls = new QVBoxLayout;
    controls->addWidget(m_form);
    controls->addWidget(m_start);
    controls->addWidget(m_stop);
    controls->addStretch();
    auto* central = new QWidget;
    auto* layout = new QHBoxLayout(central);
    layout->addLayout(controls);
    layout->addWidget(m_chart, 1);
    setCentralWidget(central);
    statusBar()->showMessage(tr("Database: %1").arg(dbFile));
    resize(1100, 650);

    connect(m_start, &QPushButton::clicked, this, &MainWindow::startRun);
    connect(m_stop, &QPushButton::clicked, m_engine, &EngineBridge::cancel);
    connect(m_engine, &EngineBridge::stepsArrived, m_chart, &ThroughputChart::appendSteps);
    connect(m_engine, &EngineBridge::runStarted, this, [this](qint64 runId, const QString& name, qint64 total) {
        statusBar()->showMessage(tr("Run %1 \"%2\": %3 steps").arg(runId).arg(name).arg(total));
    });
    connect(m_engine, &EngineBridge::runFinished, this, &MainWindow::onRunFinished);
}

MainWindow::~MainWindow() = default;

void MainWindow::startRun() {
    try {
        m_chart->clear();
        m_engine->startRun(m_dbFile, m_form->config());
    } catch (const Error& error) {
        QMessageBox::warning(this, tr("Cannot start the run"), QString::fromStdString(error.what()));
        return;
    }
    m_start->setEnabled(false);
    m_stop->setEnabled(true);
}

void MainWindow::onRunFinished(qint64 runId, const QString& status, const QString& error) {
    m_start->setEnabled(true);
    m_stop->setEnabled(false);
    QString message = tr("Run %1 %2").arg(runId).arg(status);
    if (!error.isEmpty()) message += QStringLiteral(": ") + error;
    statusBar()->showMessage(message);
}

}  // namespace bb::ui
