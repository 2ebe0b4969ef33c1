// The runs of the open database as a table: one row per run, reloaded when the store announces
// a change. The name is editable (rename) except on the read-only reference runs.
#pragma once

#include <QAbstractTableModel>

#include <map>
#include <string>
#include <vector>

#include "bridgebench/run_record.h"

namespace bb::ui {

class RunStore;

class RunTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    // The throughput comes right after what ran it, so that it is in view without scrolling in
    // a window of 1280 px; the long model name, where a run came from and when sit at the end.
    enum Column {
        Name,
        Device,
        DeviceCount,
        SamplesPerSec,
        Workers,
        DeviceTransforms,
        Batch,
        Precision,
        Status,
        Model,
        Source,
        Date,
        Tags,
        ColumnCount
    };
    // Data roles beyond Qt's.
    static constexpr int RunIdRole = Qt::UserRole + 1;
    static constexpr int SortRole = Qt::UserRole + 2;  // numbers as numbers
    static constexpr int SourceRole = Qt::UserRole + 3;
    // Where its figures come from, what the source filter compares: "local", "imported", or for a
    // reference run "published" (the study's figures) or "measured" (a table BridgeBench measured).
    static constexpr int OriginRole = Qt::UserRole + 4;

    explicit RunTableModel(RunStore& store, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    const RunRecord& run(int row) const { return m_runs.at(static_cast<std::size_t>(row)); }
    int rowOf(qint64 runId) const;

public slots:
    void reload();

private:
    QVariant display(std::size_t row, int column) const;

    RunStore& m_store;
    std::vector<RunRecord> m_runs;
    // Per row, other_processes.h's note where other processes bent its figures; worded once per
    // reload rather than at every paint.
    std::vector<QString> m_otherProcesses;
    std::map<std::int64_t, std::vector<std::string>> m_tags;
};

// "8× H100", "1× Intel Xeon …": how runs name their hardware everywhere in the UI.
QString deviceLabel(const RunRecord& run);
// What the Model column shows (the full name is its tooltip): a hub id's or a path's last part,
// the folder of a config.json.
QString shortModelName(const QString& model);

}  // namespace bb::ui
