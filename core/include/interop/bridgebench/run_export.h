// Exporting runs to the formats other tools read: CSV (one row per step), JSON (records with
// their steps) and TensorBoard event files (`tensorboard --logdir FOLDER` shows them). Each
// writes what readCsvImport / readTensorBoardImport read back. Throws bb::Error naming the file
// that cannot be written.
#pragma once

#include <filesystem>
#include <functional>
#include <vector>

#include "bridgebench/run_data.h"

namespace bb {

// Where an export reads each run's steps: one at a time, in order, until the visitor returns
// false. From the store (ResultStore::forEachStep), an export of millions of steps holds one step
// and one row of text at a time; stepsInMemory() gives the steps each RunData holds.
using StepVisitor = std::function<bool(const StepMetrics&)>;
using StepSource = std::function<void(const RunData&, const StepVisitor&)>;
StepSource stepsInMemory();

void exportCsv(const std::vector<RunData>& runs, const StepSource& steps, const std::filesystem::path& file);
void exportJson(const std::vector<RunData>& runs, const StepSource& steps, const std::filesystem::path& file);
void exportCsv(const std::vector<RunData>& runs, const std::filesystem::path& file);
void exportJson(const std::vector<RunData>& runs, const std::filesystem::path& file);

// One folder per run under `folder` (named after the run, made safe for file systems), holding
// an events file and the run's record as bridgebench-run.json. Returns the event files written.
std::vector<std::filesystem::path> exportTensorBoard(const std::vector<RunData>& runs, const StepSource& steps,
                                                     const std::filesystem::path& folder);
std::vector<std::filesystem::path> exportTensorBoard(const std::vector<RunData>& runs,
                                                     const std::filesystem::path& folder);

}  // namespace bb
