#include "models/run_filter_model.h"

#include "models/run_table_model.h"

namespace bb::ui {

RunFilterModel::RunFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(RunTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void RunFilterModel::setSearchText(const QString& text) {
    m_search = text.trimmed();
    invalidateFilter();
}

void RunFilterModel::setSourceFilter(const QString& source) {
    m_source = source;
    invalidateFilter();
}

bool RunFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const auto* model = sourceModel();
    if (!m_source.isEmpty() &&
        model->index(sourceRow, 0, sourceParent).data(RunTableModel::OriginRole).toString() != m_source)
        return false;
    if (m_search.isEmpty()) return true;
    for (int column = 0; column < model->columnCount(sourceParent); ++column)
        if (model->index(sourceRow, column, sourceParent).data().toString().contains(m_search, Qt::CaseInsensitive))
            return true;
    return false;
}

}  // namespace bb::ui
