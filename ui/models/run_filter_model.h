// Search and source filter over the runs table: a row stays when any column contains the
// search text (case-insensitive) and its source matches.
#pragma once

#include <QSortFilterProxyModel>

namespace bb::ui {

class RunFilterModel final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit RunFilterModel(QObject* parent = nullptr);
    void setSearchText(const QString& text);
    // "" shows every source; else local, imported or reference.
    void setSourceFilter(const QString& source);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_search;
    QString m_source;
};

}  // namespace bb::ui
