// Wires the panels together; no logic of its own beyond that.
#pragma once

#include <QMainWindow>

QT_BEGIN_NAMESPACE
class QSplitter;
class QTabWidget;
QT_END_NAMESPACE

namespace bb::ui {

class EngineBridge;
class LiveDashboard;
class RunPanel;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const QString& dbFile, QWidget* parent = nullptr);
    ~MainWindow() override;

    EngineBridge* engine() const { return m_engine; }
    RunPanel* runPanel() const { return m_runPanel; }
    LiveDashboard* dashboard() const { return m_dashboard; }
    QTabWidget* tabs() const { return m_tabs; }
    QString databaseFile() const { return m_dbFile; }

private:
    void createMenus();

    QString m_dbFile;
    EngineBridge* m_engine;
    RunPanel* m_runPanel;
    LiveDashboard* m_dashboard;
    QSplitter* m_runSplitter;
    QTabWidget* m_tabs;
};

}  // namespace bb::ui
