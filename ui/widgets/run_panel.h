// Configure and control a run: the config form, presets, config files, and Run / Pause /
// Resume / Cancel. Starting goes through the EngineBridge; errors are shown inline, never in
// a modal box, so nothing blocks the event loop while a run could be streaming.
#pragma once

#include <QWidget>

#include <functional>

#include "bridgebench/run_config.h"

QT_BEGIN_NAMESPACE
class QAction;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
QT_END_NAMESPACE

namespace bb::ui {

class ConfigForm;
class EngineBridge;

class RunPanel final : public QWidget {
    Q_OBJECT
public:
    // databaseFile is asked at each start: the user may have opened another database.
    RunPanel(EngineBridge& engine, std::function<QString()> databaseFile, QWidget* parent = nullptr);

    ConfigForm* form() const { return m_form; }
    // The presets by key ("defaults", "smoke", "demo", "study"), which do not change with the
    // language; "demo" finishes in seconds on a laptop CPU.
    static QStringList presetKeys();
    static QString presetLabel(const QString& key);
    static RunConfig preset(const QString& key);
    void applyPreset(const QString& key);

    // Return an empty string on success, else the message also shown in the panel.
    QString loadConfigFile(const QString& path);
    QString saveConfigFile(const QString& path);
    QString message() const;

    // Run (F5), Run as sweep, Pause / Resume (F6) and Cancel (Shift+F5) for the window's Run
    // menu: a menu entry that does nothing (Pause with no run) or names the wrong state reads as
    // broken. Pause and Cancel follow their buttons; Run and Run as sweep are enabled whenever no
    // run is under way, so that with settings the form refuses they show its reason.
    QAction* runAction() const { return m_runAction; }
    QAction* sweepAction() const { return m_sweepAction; }
    // The whole sweep's progress, "Sweep: run 2 of 6" (the dashboard's bar is one run's steps);
    // shown from a sweep's start to its end.
    QProgressBar* sweepProgress() const { return m_sweepProgress; }
    QAction* pauseAction() const { return m_pauseAction; }
    QAction* cancelAction() const { return m_cancelAction; }

public slots:
    void startRun();
    // The published study's grid (workers 0/1/2 × device-side transforms off/on) around the
    // form's settings, one run per point, grouped as a study; resumes a sweep of the same
    // settings instead of repeating its completed points.
    void startSweep();
    void togglePause();
    void cancelRun();
    void loadConfigInteractively();
    void saveConfigInteractively();

signals:
    // A run was started with this config (the window remembers it as the last config).
    void runStarted(const bb::RunConfig& config);
    void sweepFinished(const QVector<qint64>& runIds);

private:
    void showMessage(const QString& text, bool isError);
    void updateButtons();

    EngineBridge& m_engine;
    std::function<QString()> m_databaseFile;
    ConfigForm* m_form;
    QComboBox* m_presets;
    QPushButton* m_run;
    QPushButton* m_sweep;
    QPushButton* m_pause;
    QPushButton* m_cancel;
    QLabel* m_message;
    QProgressBar* m_sweepProgress;
    QAction* m_runAction;
    QAction* m_sweepAction;
    QAction* m_pauseAction;
    QAction* m_cancelAction;
    bool m_paused = false;
    bool m_dataParallel = false;  // the running run has devices > 1
};

}  // namespace bb::ui
