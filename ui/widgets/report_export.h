// File > Export report: the runs the Compare tab shows, in its metric and, when its baseline is
// a run, against that run, as one HTML or PDF file. Core's report writer draws it (the CLI's
// `report` makes the same file) on a BackgroundJob with a connection of its own, so the window
// stays live while a long report is written.
#pragma once

#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace bb::ui {

class BackgroundJob;
class CompareView;
class RunStore;

class ReportExport final : public QObject {
    Q_OBJECT
public:
    ReportExport(QWidget* window, RunStore& store, CompareView& compare, QObject* parent = nullptr);

    // By suffix: .pdf, else HTML. False (and a message) when nothing can be started: no runs, or
    // a report still being written.
    bool exportTo(const QString& file);
    bool isBusy() const;

public slots:
    void exportReport();  // asks where

signals:
    void started(const QString& text);
    void finished(bool ok, const QString& text);

private:
    QWidget* m_window;
    RunStore& m_store;
    CompareView& m_compare;
    BackgroundJob* m_job;
    QString m_file;  // the one being written
};

}  // namespace bb::ui
