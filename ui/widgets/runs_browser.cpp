#include "widgets/runs_browser.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "adapters/run_store.h"
#include "models/run_filter_model.h"
#include "models/run_table_model.h"

namespace bb::ui {

RunsBrowser::RunsBrowser(RunStore& store, QWidget* parent)
    : QWidget(parent),
      m_store(store),
      m_model(new RunTableModel(store, this)),
      m_filter(new RunFilterModel(this)),
      m_search(new QLineEdit),
      m_source(new QComboBox),
      m_view(new QTableView),
      m_compare(new QPushButton(tr("Compare"))),
      m_withStudy(new QPushButton(tr("Compare with the published study"))),
      m_show(new QPushButton(tr("Show steps"))),
      m_rename(new QPushButton(tr("Rename"))),
      m_tag(new QPushButton(tr("Tags…"))),
      m_delete(new QPushButton(tr("Delete"))),
      m_undo(new QPushButton(tr("Undo delete"))),
      m_count(new QLabel) {
    m_filter->setSourceModel(m_model);
    m_search->setObjectName("search");
    m_search->setPlaceholderText(tr("Search runs (name, device, model, tags…)"));
    m_search->setClearButtonEnabled(true);
    m_source->setObjectName("sourceFilter");
    m_source->addItem(tr("All sources"), QString());
    m_source->addItem(tr("Local"), QStringLiteral("local"));
    m_source->addItem(tr("Imported"), QStringLiteral("imported"));
    m_source->addItem(tr("Published study"), QStringLiteral("published"));
    m_source->addItem(tr("Measured by BridgeBench"), QStringLiteral("measured"));

    m_view->setObjectName("runsTable");
    m_view->setModel(m_filter);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(RunTableModel::Date, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::DoubleClicked);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->verticalHeader()->hide();
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    fitColumns();
    // Rows change on every reload (a run starts or ends); the widths follow their contents.
    connect(m_model, &QAbstractItemModel::modelReset, this, &RunsBrowser::fitColumns);

    m_compare->setObjectName("compare");
    m_delete->setObjectName("delete");
    m_undo->setObjectName("undo");
    m_compare->setToolTip(tr("Compare the selected runs side by side"));
    m_withStudy->setObjectName("compareWithStudy");
    m_withStudy->setToolTip(tr("Put the selected run beside the BridgeTower study's figures (Hugging Face, August "
                               "2023), in achieved TFLOP/s per device and MFU when the workloads differ"));
    m_delete->setToolTip(tr("Delete the selected runs (published reference runs cannot be deleted)"));

    auto* top = new QHBoxLayout;
    top->addWidget(m_search, 1);
    top->addWidget(m_source);
    auto* buttons = new QHBoxLayout;
    for (auto* button : {m_compare, m_withStudy, m_show, m_rename, m_tag, m_delete, m_undo}) buttons->addWidget(button);
    buttons->addStretch();
    buttons->addWidget(m_count);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);

    m_confirm = [this](const QString& question) {
        return QMessageBox::question(this, tr("Delete runs"), question) == QMessageBox::Yes;
    };
    m_tagPrompt = [this](const QString& current) -> std::optional<QString> {
        bool ok = false;
        const QString text = QInputDialog::getText(this, tr("Tags"), tr("Tags, separated by commas:"),
                                                   QLineEdit::Normal, current, &ok);
        return ok ? std::optional<QString>(text) : std::nullopt;
    };

    connect(m_search, &QLineEdit::textChanged, m_filter, &RunFilterModel::setSearchText);
    connect(m_source, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setSourceFilter(m_source->currentData().toString()); });
    connect(m_compare, &QPushButton::clicked, this, &RunsBrowser::compareSelected);
    connect(m_withStudy, &QPushButton::clicked, this, &RunsBrowser::compareSelectedWithStudy);
    connect(m_show, &QPushButton::clicked, this, &RunsBrowser::showSelected);
    connect(m_rename, &QPushButton::clicked, this, &RunsBrowser::renameSelected);
    connect(m_tag, &QPushButton::clicked, this, &RunsBrowser::tagSelected);
    connect(m_delete, &QPushButton::clicked, this, &RunsBrowser::deleteSelected);
    connect(m_undo, &QPushButton::clicked, &m_store, &RunStore::undoDelete);
    connect(&m_store, &RunStore::undoAvailabilityChanged, this, &RunsBrowser::updateButtons);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RunsBrowser::updateButtons);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &RunsBrowser::updateButtons);
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, &RunsBrowser::updateButtons);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &RunsBrowser::updateButtons);
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (!(index.flags() & Qt::ItemIsEditable)) showSelected();
    });
    connect(m_view, &QTableView::customContextMenuRequested, this, [this](const QPoint& position) {
        QMenu menu(this);
        menu.addAction(tr("Compare"), this, &RunsBrowser::compareSelected);
        if (m_withStudy->isEnabled())
            menu.addAction(tr("Compare with the published study"), this, &RunsBrowser::compareSelectedWithStudy);
        menu.addAction(tr("Show steps"), this, &RunsBrowser::showSelected);
        menu.addSeparator();
        menu.addAction(tr("Rename"), this, &RunsBrowser::renameSelected);
        menu.addAction(tr("Tags…"), this, &RunsBrowser::tagSelected);
        menu.addAction(tr("Delete"), this, &RunsBrowser::deleteSelected);
        menu.exec(m_view->viewport()->mapToGlobal(position));
    });
    updateButtons();
}

void RunsBrowser::setConfirmation(std::function<bool(const QString&)> confirm) { m_confirm = std::move(confirm); }

void RunsBrowser::setTagPrompt(std::function<std::optional<QString>(const QString&)> prompt) {
    m_tagPrompt = std::move(prompt);
}

void RunsBrowser::setSearchText(const QString& text) { m_search->setText(text); }

QVector<qint64> RunsBrowser::selectedRunIds() const {
    QVector<qint64> ids;
    for (const auto& index : m_view->selectionModel()->selectedRows())
        ids.append(index.data(RunTableModel::RunIdRole).toLongLong());
    return ids;
}

void RunsBrowser::selectRuns(const QVector<qint64>& runIds) {
    auto* selection = m_view->selectionModel();
    selection->clearSelection();
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const QModelIndex index = m_filter->index(row, 0);
        if (runIds.contains(index.data(RunTableModel::RunIdRole).toLongLong()))
            selection->select(index, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
}

void RunsBrowser::deleteSelected() {
    QVector<qint64> ids;
    QStringList names;
    int references = 0;
    for (const auto& index : m_view->selectionModel()->selectedRows()) {
        if (index.data(RunTableModel::SourceRole).toString() == QStringLiteral("reference")) {
            ++references;
            continue;
        }
        ids.append(index.data(RunTableModel::RunIdRole).toLongLong());
        names.append(index.siblingAtColumn(RunTableModel::Name).data().toString());
    }
    if (ids.isEmpty()) {
        if (references > 0) m_count->setText(tr("Published reference runs cannot be deleted."));
        return;
    }
    QString question = ids.size() == 1 ? tr("Delete the run \"%1\" and its steps?").arg(names.front())
                                       : tr("Delete %n runs and their steps?", nullptr, static_cast<int>(ids.size()));
    if (references > 0) question += QLatin1Char('\n') + tr("Published reference runs in the selection are kept.");
    question += QLatin1Char('\n') + tr("You can undo this.");
    if (!m_confirm(question)) return;
    m_store.deleteRuns(ids);
}

void RunsBrowser::tagSelected() {
    QVector<qint64> ids;
    QString current;
    for (const auto& index : m_view->selectionModel()->selectedRows()) {
        if (index.data(RunTableModel::SourceRole).toString() == QStringLiteral("reference")) continue;
        if (ids.isEmpty()) current = index.siblingAtColumn(RunTableModel::Tags).data().toString();
        ids.append(index.data(RunTableModel::RunIdRole).toLongLong());
    }
    if (ids.isEmpty()) return;
    const auto answer = m_tagPrompt(current);
    if (!answer) return;
    const QStringList tags = answer->split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const auto id : ids) m_store.setTags(id, tags);
}

void RunsBrowser::renameSelected() {
    const auto rows = m_view->selectionModel()->selectedRows(RunTableModel::Name);
    if (rows.size() == 1) m_view->edit(rows.front());
}

void RunsBrowser::compareSelected() {
    const auto ids = selectedRunIds();
    if (!ids.isEmpty()) emit compareRequested(ids);
}

void RunsBrowser::compareSelectedWithStudy() {
    const auto ids = selectedRunIds();
    if (!ids.isEmpty() && m_withStudy->isEnabled()) emit compareWithStudyRequested(ids);
}

void RunsBrowser::showSelected() {
    const auto ids = selectedRunIds();
    if (ids.size() == 1) emit showRequested(ids.front());
}

void RunsBrowser::fitColumns() {
    // Every column as wide as its header and cells, so that no header reads "edian samples/";
    // names can be long, and beyond kNameWidthPx they are elided.
    constexpr int kNameWidthPx = 320;
    m_view->resizeColumnsToContents();
    m_view->setColumnWidth(RunTableModel::Name, std::min(m_view->columnWidth(RunTableModel::Name), kNameWidthPx));
}

void RunsBrowser::updateButtons() {
    const auto rows = m_view->selectionModel()->selectedRows();
    bool anyEditable = false;
    bool allEditable = true;
    for (const auto& index : rows) {
        const bool editable = index.data(RunTableModel::SourceRole).toString() != QStringLiteral("reference");
        anyEditable = anyEditable || editable;
        allEditable = allEditable && editable;
    }
    m_compare->setEnabled(!rows.isEmpty());
    // Beside the study: the user's runs, a sweep's several settings too; a published figure is
    // the study already.
    m_withStudy->setEnabled(!rows.isEmpty() && allEditable);
    m_show->setEnabled(rows.size() == 1);
    m_rename->setEnabled(rows.size() == 1 && anyEditable);
    m_tag->setEnabled(anyEditable);
    m_delete->setEnabled(anyEditable);
    m_undo->setEnabled(m_store.canUndoDelete());
    m_undo->setToolTip(m_store.undoDeleteText());
    m_count->setText(tr("%1 of %2 runs").arg(m_filter->rowCount()).arg(m_model->rowCount()));
}

}  // namespace bb::ui
