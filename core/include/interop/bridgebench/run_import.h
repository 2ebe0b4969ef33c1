// Importing results that other tools wrote: Hugging Face Trainer output folders, TensorBoard
// event files, CSV tables and other BridgeBench databases.
//
// The file readers check everything before the store is touched; ResultStore-side writing is
// one transaction (importRuns, mergeDatabase, importCsv), so a bad file or a failed write leaves
// the database as it was. Errors are InputError naming the file and the byte offset, line or key.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bridgebench/result_store.h"
#include "bridgebench/run_data.h"

namespace bb {

class CsvTable;

// How the user sets each of ImportOptions, as warnings and provenance name it: the CLI's flags by
// default; the import dialog puts its field labels here, since a flag means nothing in a window.
struct ImportOptionNames {
    std::string device = "--device-kind and --device-name";
    std::string deviceCount = "--device-count";
    std::string model = "--model";
    std::string batchSize = "--batch-size";
    std::string workers = "--workers";
    std::string precision = "--precision";
};

// What the user says about the runs when the files do not (the CLI's --device-* options, the
// import dialog). Model, batch, workers and precision win over what the files say; the run's
// environment records under "provenance" where each of them came from.
struct ImportOptions {
    std::string deviceKind = {};                   // cpu | cuda | hpu
    std::string deviceName = {};                   // "H100", "Gaudi2"
    std::optional<std::int64_t> deviceCount = {};
    std::string name = {};                         // the run's name; default: the folder's or file's
    std::string model = {};                        // a preset, a Hugging Face id or a config.json path
    std::optional<std::int64_t> batchSize = {};    // per device, as per_device_train_batch_size
    std::optional<std::int64_t> workers = {};      // loader workers (dataloader_num_workers)
    std::string precision = {};                    // fp32 | bf16 | fp16
    ImportOptionNames names = {};
};

// Runs read from files, not yet stored. Each run has source "imported" and a uuid derived from
// its content, so importing the same files twice adds nothing the second time.
struct ImportBatch {
    std::vector<RunData> runs;
    std::vector<std::string> warnings;  // partial event files, guessed device counts, …
};

// A Trainer output folder (trainer_state.json, all_results.json / train_results.json, config.json,
// runs/). Per-step throughput comes from the event files' wall times between logging steps, over
// all devices (samples per step = train_samples_per_second / train_steps_per_second, else
// per-device batch × gradient accumulation × device count); the headline is
// train_samples_per_second, or the steady_samples_per_second of BridgeBench's Trainer peer
// (bench/peers/hf_trainer_bridgetower.py), which leaves out the warm-up steps. Model, batch, accumulation, workers and precision come from
// config.json and the runs/ events' `args` text summary.
ImportBatch readTrainerImport(const std::filesystem::path& folder, const ImportOptions& options);

// One events file, or a folder: each folder holding event files is one run, as TensorBoard
// shows them. Files BridgeBench exported come back with every field; other writers' scalars
// give wall-clock step times and losses, and Hugging Face's `args` and `model_config` text
// summaries the model, per-device batch, gradient accumulation, workers and precision, so that
// samples per logged step = batch × accumulation × device count × steps between logs.
ImportBatch readTensorBoardImport(const std::filesystem::path& path, const ImportOptions& options);

// A CSV with a header (the columns `bridgebench-cli export --format csv` writes; see
// docs in csv_run_columns.h). Needs `samples_per_s`, or `samples` and `wall_ms`. Holds the file
// and its runs in memory (up to kMaxWholeFileBytes): for small files; CsvImport streams.
ImportBatch readCsvImport(const std::filesystem::path& file, const ImportOptions& options);
// The same for a table already read (CsvTable::parse for bytes in memory).
ImportBatch readCsvImport(const CsvTable& table, const ImportOptions& options);

struct ImportResult {
    struct Added {
        std::int64_t id = 0;
        std::string name;
        std::int64_t steps = 0;
    };
    std::vector<Added> added;
    std::vector<std::string> skipped;   // names of runs whose uuid the database already held
    std::vector<std::string> warnings;
};

// All runs with steps and tags in one transaction: all or nothing (StoreError on failure).
// Runs whose uuid is already stored are skipped.
ImportResult importRuns(ResultStore& store, const ImportBatch& batch);

// A CSV file as readCsvImport() reads it, checked whole without being held: read() streams it
// once, checking every row and summarising each run; importCsv() streams it twice more, for the
// runs' content-derived uuids and then to write them. Memory holds a read chunk, one row and,
// per run, one throughput figure per step (for its percentiles) — about 8 bytes a row, whatever
// the file's size. A pipe or device is copied to a temporary file as it is first read, so that
// it can be read again.
class CsvImport {
public:
    static CsvImport read(const std::filesystem::path& file, const ImportOptions& options);
    ~CsvImport();
    CsvImport(CsvImport&&) noexcept;
    CsvImport& operator=(CsvImport&&) noexcept;

    const std::filesystem::path& file() const;
    struct Checked;  // what read() learnt of the file, for importCsv()

private:
    friend ImportResult importCsv(ResultStore& store, const CsvImport& csv);
    explicit CsvImport(std::unique_ptr<Checked> checked);
    std::unique_ptr<Checked> m_checked;
};

// The runs of a checked CSV file in one transaction, as importRuns() writes a batch: all or
// nothing, runs whose uuid is already stored skipped. Throws InputError when the file no longer
// holds what read() checked (it was changed in between), StoreError when the store fails.
ImportResult importCsv(ResultStore& store, const CsvImport& csv);

// Another BridgeBench database, read whole before anything is written: opened read-only and
// never migrated. read() throws InputError when the file is not a BridgeBench database or comes
// from a newer build.
class DatabaseImport {
public:
    static DatabaseImport read(const std::filesystem::path& file);
    ~DatabaseImport();
    DatabaseImport(DatabaseImport&&) noexcept;
    DatabaseImport& operator=(DatabaseImport&&) noexcept;

    const std::filesystem::path& file() const;

private:
    friend ImportResult mergeDatabase(ResultStore& store, const DatabaseImport& other);
    struct Rows;
    explicit DatabaseImport(std::unique_ptr<Rows> rows);
    std::unique_ptr<Rows> m_rows;
};

// Copies the runs (steps, tags, studies) of another database into `store` in one transaction,
// keeping their uuids; runs already present are skipped, so a second merge adds nothing.
ImportResult mergeDatabase(ResultStore& store, const DatabaseImport& other);
inline ImportResult mergeDatabase(ResultStore& store, const std::filesystem::path& otherFile) {
    return mergeDatabase(store, DatabaseImport::read(otherFile));
}

// The four formats, as the CLI names them ("trainer", "tensorboard", "csv", "db").
std::optional<ImportFormat> importFormatNamed(std::string_view name);

// The one way in for every front end (core/src/interop/import/import_files.cpp): reads and checks
// `path` whole before it opens `database`, then writes its runs in one transaction, so a bad file
// writes nothing. A CSV file is streamed (checked in one pass, written in a second), not held.
// The options name the runs' settings for the formats that hold runs (not a database's).
ImportResult importFiles(const std::filesystem::path& database, ImportFormat format, const std::filesystem::path& path,
                         const ImportOptions& options);

}  // namespace bb
