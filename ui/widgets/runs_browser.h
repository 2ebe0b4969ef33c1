// The runs of the open database: search, filter by source, sort, rename in place, tag, delete
// with confirmation and undo, and pick runs to compare or to show in the dashboard.
#pragma once

#include <QWidget>

#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
QT_END_NAMESPACE

namespace bb::ui {

class RunFilterModel;
class RunStore;
class RunTableModel;

class RunsBrowser final : public QWidget {
    Q_OBJECT
public:
    explicit RunsBrowser(RunStore& store, QWidget* parent = nullptr);

    QTableView* view() const { return m_view; }
    RunTableModel* model() const { return m_model; }
    RunFilterModel* filter() const { return m_filter; }
    QVector<qint64> selectedRunIds() const;
    void selectRuns(const QVector<qint64>& runIds);
    void setSearchText(const QString& text);

    // Asked before deleting; the default shows a question box. Tests answer it themselves.
    void setConfirmation(std::function<bool(const QString& question)> confirm);
    // Asked for new tags; the default shows an input dialog.
    void setTagPrompt(std::function<std::optional<QString>(const QString& current)> prompt);

public slots:
    void deleteSelected();
    void tagSelected();
    void renameSelected();
    void compareSelected();
    // Local or imported runs selected (no published one): ask for them beside the published study.
    void compareSelectedWithStudy();
    void showSelected();

signals:
    void compareRequested(const QVector<qint64>& runIds);
    void compareWithStudyRequested(const QVector<qint64>& runIds);
    void showRequested(qint64 runId);

private:
    void updateButtons();
    void fitColumns();

    RunStore& m_store;
    RunTableModel* m_model;
    RunFilterModel* m_filter;
    QLineEdit* m_search;
    QComboBox* m_source;
    QTableView* m_view;
    QPushButton* m_compare;
    QPushButton* m_withStudy;
    QPushButton* m_show;
    QPushButton* m_rename;
    QPushButton* m_tag;
    QPushButton* m_delete;
    QPushButton* m_undo;
    QLabel* m_count;
    std::function<bool(const QString&)> m_confirm;
    std::function<std::optional<QString>(const QString&)> m_tagPrompt;
};

}  // namespace bb::ui
