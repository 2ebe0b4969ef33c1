// File > Import runs: the window's import reads Hugging Face's real Trainer output (tests/data)
// on a thread of its own, adds the run once, and leaves the database as it was when a file is bad.
#include "widgets/run_importer.h"

#include <QSignalSpy>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "adapters/run_store.h"
#include "dialogs/import_dialog.h"
#include "models/comparison.h"
#include "models/run_table_model.h"
#include "support/temp_dir.h"
#include "runs_read.h"

namespace bb::ui::run_importer_test {
namespace {

const std::filesystem::path kData = BB_TEST_DATA_DIR;

std::pair<bool, QString> waitFor(RunImporter& importer, QSignalSpy& spy) {
    EXPECT_TRUE(spy.wait(60'000));
    EXPECT_FALSE(importer.isBusy());
    const auto arguments = spy.takeFirst();
    return {arguments.at(0).toBool(), arguments.at(1).toString()};
}

TEST(RunImporter, ImportsATrainerFolderOnceWithWhatTheDialogAdds) {
    test::TempDir dir;
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("r.db").string())));
    const auto before = store.runs().size();
    RunImporter importer(store);
    QSignalSpy finished(&importer, &RunImporter::finished);
    QSignalSpy changed(&store, &RunStore::runsChanged);

    ImportDialog dialog;
    dialog.setFormat(ImportRequest::Format::Trainer);
    dialog.setPath(QString::fromStdString((kData / "trainer/h100").string()));
    ImportRequest request = dialog.request();
    request.options.deviceName = "H100";
    request.options.workers = 2;
    ASSERT_TRUE(importer.start(request));
    const auto [ok, text] = waitFor(importer, finished);
    ASSERT_TRUE(test::waitForRuns(store));
    ASSERT_TRUE(ok) << text.toStdString();
    EXPECT_TRUE(text.startsWith("Imported 1 run")) << text.toStdString();
    EXPECT_GE(changed.size(), 1);
    const auto runs = store.runs();
    ASSERT_EQ(runs.size(), before + 1);
    const auto imported = std::find_if(runs.begin(), runs.end(), [](const RunRecord& run) { return run.origin == RunOrigin::Import; });
    ASSERT_NE(imported, runs.end());
    EXPECT_EQ(imported->deviceName, "H100");
    EXPECT_EQ(imported->workers, 2);

    // The same files again add nothing and say so.
    ASSERT_TRUE(importer.start(request));
    const auto [again, skipped] = waitFor(importer, finished);
    ASSERT_TRUE(again) << skipped.toStdString();
    EXPECT_TRUE(skipped.contains("Imported 0 runs")) << skipped.toStdString();
    EXPECT_TRUE(skipped.contains("skipped 1")) << skipped.toStdString();
    EXPECT_EQ(store.runs().size(), before + 1);
}

TEST(RunImporter, WarningsAndProvenanceNameTheDialogsFieldsNotTheCommandLinesFlags) {
    test::TempDir dir;
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("r.db").string())));
    RunImporter importer(store);
    QSignalSpy finished(&importer, &RunImporter::finished);

    ImportDialog dialog;
    dialog.setFormat(ImportRequest::Format::Trainer);
    dialog.setPath(QString::fromStdString((kData / "trainer/h100").string()));
    ImportRequest request = dialog.request();
    request.options.workers = 1;
    ASSERT_TRUE(importer.start(request));
    const auto [ok, text] = waitFor(importer, finished);
    ASSERT_TRUE(test::waitForRuns(store));
    ASSERT_TRUE(ok) << text.toStdString();
    EXPECT_TRUE(text.contains("the files do not name the device; set “Device kind” and “Device name” in the import dialog"))
        << text.toStdString();
    EXPECT_FALSE(text.contains("--")) << text.toStdString();
    const auto runs = store.runs();
    const auto imported = std::find_if(runs.begin(), runs.end(), [](const RunRecord& run) { return run.origin == RunOrigin::Import; });
    ASSERT_NE(imported, runs.end());
    EXPECT_EQ(imported->environment.provenance.at("workers"), "“Loader workers” in the import dialog");
}

TEST(RunImporter, ABadFileNamesItselfAndLeavesTheDatabaseAsItWas) {
    test::TempDir dir;
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("r.db").string())));
    const auto before = store.runs().size();
    const auto folder = dir.file("trainer");
    std::filesystem::copy(kData / "trainer/h100", folder);
    std::ofstream(folder / "trainer_state.json", std::ios::trunc) << "{\"log_history\": [ {\"step\": 1, ";
    RunImporter importer(store);
    QSignalSpy finished(&importer, &RunImporter::finished);

    ImportRequest request;
    request.format = ImportRequest::Format::Trainer;
    request.path = QString::fromStdString(folder.string());
    ASSERT_TRUE(importer.start(request));
    const auto [ok, text] = waitFor(importer, finished);
    ASSERT_TRUE(test::waitForRuns(store));
    EXPECT_FALSE(ok);
    EXPECT_TRUE(text.contains("trainer_state.json")) << text.toStdString();
    EXPECT_EQ(store.runs().size(), before);

    request.path.clear();
    EXPECT_FALSE(importer.start(request));
    ASSERT_EQ(finished.size(), 1);
    EXPECT_FALSE(finished.takeFirst().at(0).toBool());
}

// What the files do not say is blank in the Runs table and "unknown" in the Compare tab, never
// 0 or "no": a Trainer folder and a bare TensorBoard folder, as a user imports them.
TEST(RunImporter, WhatTheFilesDoNotSayIsBlankInTheRunsTableAndUnknownInTheCompareTab) {
    test::TempDir dir;
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("r.db").string())));
    RunImporter importer(store);
    QSignalSpy finished(&importer, &RunImporter::finished);
    const std::pair<ImportRequest::Format, std::filesystem::path> folders[] = {
        {ImportRequest::Format::Trainer, kData / "trainer/h100"},
        {ImportRequest::Format::TensorBoard, kData / "tfevents/trainer-h100"}};
    for (const auto& [format, folder] : folders) {
        ImportRequest request;
        request.format = format;
        request.path = QString::fromStdString(folder.string());
        request.options.deviceName = "H100";
        ASSERT_TRUE(importer.start(request));
        const auto [ok, text] = waitFor(importer, finished);
        ASSERT_TRUE(test::waitForRuns(store));
        ASSERT_TRUE(ok) << text.toStdString();
    }
    RunTableModel table(store);
    table.reload();
    std::vector<RunRecord> imported;
    for (int row = 0; row < table.rowCount(); ++row) {
        if (table.run(row).origin != RunOrigin::Import) continue;
        imported.push_back(table.run(row));
        for (const int column : {RunTableModel::Workers, RunTableModel::DeviceTransforms})
            EXPECT_EQ(table.data(table.index(row, column)).toString(), QString())
                << table.run(row).name << ", column " << column;
    }
    ASSERT_EQ(imported.size(), 2u);
    const auto comparison = buildComparison(imported, CompareMetric::SamplesPerSec, {});
    ASSERT_EQ(comparison.entries.size(), 2u);
    for (const auto& entry : comparison.entries)
        EXPECT_TRUE(entry.configuration.startsWith("workers unknown")) << entry.configuration.toStdString();
}

}  // namespace
}  // namespace bb::ui::run_importer_test
