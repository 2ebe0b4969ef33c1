#include "widgets/run_panel.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include "adapters/engine_bridge.h"
#include "bridgebench/study_presets.h"
#include "models/run_status_text.h"
#include "widgets/config_form.h"

namespace bb::ui {

RunPanel::RunPanel(EngineBridge& engine, std::function<QString()> databaseFile, QWidget* parent)
    : QWidget(parent),
      m_engine(engine),
      m_databaseFile(std::move(databaseFile)),
      m_form(new ConfigForm),
      m_presets(new QComboBox),
      // No mnemonic: Alt+R opens the window's Run menu, and F5 starts a run from any tab.
      m_run(new QPushButton(tr("Run"))),
      m_sweep(new QPushButton(tr("Run as s&weep"))),
      m_pause(new QPushButton(tr("&Pause"))),
      m_cancel(new QPushButton(tr("&Cancel"))),
      m_message(new QLabel),
      m_sweepProgress(new QProgressBar),
      m_runAction(new QAction(tr("&Run"), this)),
      m_sweepAction(new QAction(tr("Run as s&weep"), this)),
      m_pauseAction(new QAction(tr("&Pause"), this)),
      m_cancelAction(new QAction(tr("&Cancel"), this)) {
    m_runAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_pauseAction->setShortcut(QKeySequence(Qt::Key_F6));
    m_cancelAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_run->setObjectName("run");
    m_pause->setObjectName("pause");
    m_cancel->setObjectName("cancel");
    m_presets->setObjectName("presets");
    m_message->setObjectName("runMessage");
    m_message->setWordWrap(true);
    m_sweepProgress->setObjectName("sweepProgress");
    m_sweepProgress->setVisible(false);
    m_run->setToolTip(tr("Start a run with these settings (%1)")
                          .arg(m_runAction->shortcut().toString(QKeySequence::NativeText)));
    m_run->setDefault(true);
    m_sweep->setObjectName("sweep");
    m_sweep->setToolTip(tr("Run these settings once per loader setting of the published study: "
                           "workers 0, 1, 2, each with device-side transforms off and on"));

    m_form->setConfig(preset(QStringLiteral("defaults")));
    m_presets->addItem(tr("Choose a preset…"));
    for (const auto& key : presetKeys()) m_presets->addItem(presetLabel(key), key);
    connect(m_presets, &QComboBox::activated, this, [this](int index) {
        const QString key = m_presets->itemData(index).toString();
        if (!key.isEmpty()) applyPreset(key);
        m_presets->setCurrentIndex(0);
    });
    auto* load = new QPushButton(tr("Load…"));
    auto* save = new QPushButton(tr("Save…"));
    load->setToolTip(tr("Load settings from a JSON config file"));
    save->setToolTip(tr("Save these settings as a JSON config file (the CLI reads it with --config)"));
    connect(load, &QPushButton::clicked, this, &RunPanel::loadConfigInteractively);
    connect(save, &QPushButton::clicked, this, &RunPanel::saveConfigInteractively);

    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_presets, 1);
    fileRow->addWidget(load);
    fileRow->addWidget(save);

    auto* scroll = new QScrollArea;
    scroll->setWidget(m_form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto* buttons = new QGridLayout;
    buttons->addWidget(m_run, 0, 0);
    buttons->addWidget(m_sweep, 0, 1);
    buttons->addWidget(m_pause, 1, 0);
    buttons->addWidget(m_cancel, 1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(fileRow);
    layout->addWidget(scroll, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_sweepProgress);
    layout->addWidget(m_message);

    connect(m_run, &QPushButton::clicked, this, &RunPanel::startRun);
    connect(m_sweep, &QPushButton::clicked, this, &RunPanel::startSweep);
    connect(m_runAction, &QAction::triggered, this, &RunPanel::startRun);
    connect(m_sweepAction, &QAction::triggered, this, &RunPanel::startSweep);
    connect(m_pauseAction, &QAction::triggered, this, &RunPanel::togglePause);
    connect(m_cancelAction, &QAction::triggered, this, &RunPanel::cancelRun);
    connect(&m_engine, &EngineBridge::sweepProgress, this, [this](int index, int total, const QString& name) {
        showMessage(tr("Sweep point %1 of %2: %3").arg(index + 1).arg(total).arg(name), false);
        // The points before this one are done (run, or skipped as done by an earlier sweep).
        m_sweepProgress->setRange(0, total);
        m_sweepProgress->setValue(index);
        m_sweepProgress->setFormat(tr("Sweep: run %1 of %2").arg(index + 1).arg(total));
        m_sweepProgress->setVisible(true);
    });
    connect(&m_engine, &EngineBridge::sweepFinished, this,
            [this](qint64, const QVector<qint64>& runIds, bool cancelled) {
                m_sweepProgress->setVisible(false);
                updateButtons();
                showMessage(cancelled ? tr("Sweep cancelled.") : tr("Sweep finished: %1 runs.").arg(runIds.size()),
                            false);
                if (!cancelled) emit sweepFinished(runIds);
            });
    connect(m_pause, &QPushButton::clicked, this, &RunPanel::togglePause);
    connect(m_cancel, &QPushButton::clicked, this, &RunPanel::cancelRun);
    connect(m_form, &ConfigForm::validityChanged, this, &RunPanel::updateButtons);
    // The run's checks happen off the UI thread: a refusal comes back as the run panel said it
    // when they ran here.
    connect(&m_engine, &EngineBridge::runRefused, this, [this](const QString& error) {
        m_paused = false;
        updateButtons();
        showMessage(tr("Cannot start the run: %1").arg(error), true);
    });
    connect(&m_engine, &EngineBridge::runFinished, this,
            [this](qint64, const QString& status, const QString& error) {
                m_paused = false;
                updateButtons();
                if (m_engine.isSweeping() && error.isEmpty()) return;  // the sweep's own messages follow
                if (!error.isEmpty())
                    showMessage(tr("The run %1: %2").arg(runStatusText(status), error), true);
                else
                    showMessage(tr("The run %1.").arg(runStatusText(status)), false);
            });
    updateButtons();
}

QStringList RunPanel::presetKeys() {
    return {QStringLiteral("defaults"), QStringLiteral("smoke"), QStringLiteral("demo"), QStringLiteral("study")};
}

QString RunPanel::presetLabel(const QString& key) {
    if (key == QLatin1String("smoke")) return tr("Quickest smoke test (mini-clip)");
    if (key == QLatin1String("demo")) return tr("Quick demo");
    if (key == QLatin1String("study")) return tr("Published study workload");
    return tr("Defaults");
}

RunConfig RunPanel::preset(const QString& key) {
    RunConfig config;
    // The study's model at the size a desktop trains in seconds a step, on generated JPEGs
    // that the loader reads, decodes and transforms as it would real ones.
    config.model = "tiny";
    config.dataset = "synthetic";
    if (key == QLatin1String("smoke")) {
        config.model = "mini-clip";
    } else if (key == QLatin1String("demo")) {
        config.steps = 30;
        config.batchSize = 4;
        config.workers = 1;
        config.warmupSteps = 3;
    } else if (key == QLatin1String("study")) {
        // On a GPU the study's own workload; on a CPU one where loading and compute are of the
        // same order (core/src/session/study_presets.cpp says why). Run it as a sweep.
        config = studyPreset("study").base;
    }
    return config;
}

void RunPanel::applyPreset(const QString& key) {
    m_form->setConfig(preset(key));
    showMessage(tr("Preset \"%1\" applied.").arg(presetLabel(key)), false);
}

QString RunPanel::loadConfigFile(const QString& path) {
    try {
        m_form->setConfig(loadRunConfig(path.toStdString()));
        showMessage(tr("Loaded %1").arg(path), false);
        return {};
    } catch (const std::exception& error) {
        const QString text = QString::fromStdString(error.what());
        showMessage(text, true);
        return text;
    }
}

QString RunPanel::saveConfigFile(const QString& path) {
    const auto config = m_form->config();
    if (!config) {
        showMessage(tr("Fix the settings before saving: %1").arg(m_form->errorText()), true);
        return m_form->errorText();
    }
    try {
        saveRunConfig(*config, path.toStdString());
        showMessage(tr("Saved %1").arg(path), false);
        return {};
    } catch (const std::exception& error) {
        const QString text = QString::fromStdString(error.what());
        showMessage(text, true);
        return text;
    }
}

QString RunPanel::message() const { return m_message->text(); }

void RunPanel::loadConfigInteractively() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load run config"), {}, tr("Run configs (*.json)"));
    if (!path.isEmpty()) loadConfigFile(path);
}

void RunPanel::saveConfigInteractively() {
    QString path = QFileDialog::getSaveFileName(this, tr("Save run config"), QStringLiteral("run.json"),
                                                tr("Run configs (*.json)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QStringLiteral(".json"))) path += QStringLiteral(".json");
    saveConfigFile(path);
}

void RunPanel::startRun() {
    if (m_engine.isRunning()) return;
    const auto config = m_form->config();
    if (!config) {
        showMessage(m_form->errorText(), true);
        return;
    }
    try {
        m_engine.startRun(m_databaseFile(), *config);
    } catch (const std::exception& error) {
        showMessage(tr("Cannot start the run: %1").arg(QString::fromStdString(error.what())), true);
        return;
    }
    m_paused = false;
    m_dataParallel = config->devices > 1;
    showMessage(tr("Running…"), false);
    updateButtons();
    emit runStarted(*config);
}

void RunPanel::startSweep() {
    if (m_engine.isRunning()) return;
    const auto config = m_form->config();
    if (!config) {
        showMessage(m_form->errorText(), true);
        return;
    }
    const StudyConfig study = loaderSweepAround(*config);
    try {
        m_engine.startSweep(m_databaseFile(), study);
    } catch (const std::exception& error) {
        showMessage(tr("Cannot start the sweep: %1").arg(QString::fromStdString(error.what())), true);
        return;
    }
    m_paused = false;
    m_dataParallel = false;
    showMessage(tr("Sweeping…"), false);
    m_sweepProgress->setRange(0, 0);  // busy until the first point says how many there are
    m_sweepProgress->setFormat(tr("Sweep: starting"));
    m_sweepProgress->setVisible(true);
    updateButtons();
    emit runStarted(*config);
}

void RunPanel::togglePause() {
    if (!m_engine.isRunning()) return;
    m_paused = !m_paused;
    if (m_paused)
        m_engine.pause();
    else
        m_engine.resume();
    showMessage(m_paused ? tr("Paused.") : tr("Running…"), false);
    updateButtons();
}

void RunPanel::cancelRun() {
    if (!m_engine.isRunning()) return;
    m_engine.cancel();
    showMessage(tr("Cancelling…"), false);
}

void RunPanel::showMessage(const QString& text, bool isError) {
    m_message->setText(text);
    m_message->setStyleSheet(isError ? QStringLiteral("color: #d32f2f") : QString());
}

void RunPanel::updateButtons() {
    const bool running = m_engine.isRunning();
    const bool startable = !running && m_form->isValid();
    m_run->setEnabled(startable);
    m_sweep->setEnabled(startable);
    // F5 with settings the form refuses still shows the Run tab and the form's reason; a
    // disabled action would do nothing on the tab the user pressed it on.
    m_runAction->setEnabled(!running);
    m_sweepAction->setEnabled(!running);
    // A paused rank would leave the others waiting in the all-reduce until they time out, so
    // the engine does not pause data-parallel runs; the button says so rather than claim to.
    const bool pausable = !m_engine.isSweeping() && !m_dataParallel;
    m_pause->setEnabled(running && pausable);
    m_pauseAction->setEnabled(running && pausable);
    m_pause->setToolTip(running && m_dataParallel
                            ? tr("Data-parallel runs do not pause: the other ranks would time out waiting for this one.")
                            : QString());
    m_pause->setText(m_paused ? tr("Res&ume") : tr("&Pause"));
    m_pauseAction->setText(m_pause->text());
    m_pauseAction->setToolTip(m_pause->toolTip());
    m_cancel->setEnabled(running);
    m_cancelAction->setEnabled(running);
    m_form->setEnabled(!running);
}

}  // namespace bb::ui
