// Wires the panels together; no logic of its own beyond that.
#pragma once

#include <QMainWindow>

QT_BEGIN_NAMESPACE
class QPushButton;
QT_END_NAMESPACE

namespace bb::ui {

class EngineBridge;
class RunForm;
class ThroughputChart;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const QString& dbFile, QWidget* parent = nullptr);
    ~MainWindow() override;

    EngineBridge* engine() const { return m_engine; }
    RunForm* runForm() const { return m_form; }
    ThroughputChart* throughputChart() const { return m_chart; }
    QString databaseFile() const { return m_dbFile; }

private:
    void startRun();
    void onRunFinished(qint64 runId, const QString& status, const QString& error);

    QString m_dbFile;
    EngineBridge* m_engine;
    RunForm* m_form;
    ThroughputChart* m_chart;
    QPushButton* m_start;
    QPushButton* m_stop;
};

}  // namespace bb::ui
