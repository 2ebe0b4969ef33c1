#include "bridgebench/run_import.h"

namespace bb {

std::optional<ImportFormat> importFormatNamed(std::string_view name) {
    if (name == "trainer") return ImportFormat::Trainer;
    if (name == "tensorboard") return ImportFormat::TensorBoard;
    if (name == "csv") return ImportFormat::Csv;
    if (name == "db") return ImportFormat::Database;
    return std::nullopt;
}

ImportResult importFiles(const std::filesystem::path& database, ImportFormat format, const std::filesystem::path& path,
                         const ImportOptions& options) {
    switch (format) {
    case ImportFormat::Database: {
        const DatabaseImport other = DatabaseImport::read(path);
        ResultStore store(database);
        return mergeDatabase(store, other);
    }
    case ImportFormat::Csv: {
        const CsvImport csv = CsvImport::read(path, options);
        ResultStore store(database);
        return importCsv(store, csv);
    }
    case ImportFormat::Trainer:
    case ImportFormat::TensorBoard: break;
    }
    const ImportBatch batch =
        format == ImportFormat::Trainer ? readTrainerImport(path, options) : readTensorBoardImport(path, options);
    ResultStore store(database);
    return importRuns(store, batch);
}

}  // namespace bb
