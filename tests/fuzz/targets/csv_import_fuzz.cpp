// CSV import: libcsv's RFC 4180 parsing into a table, then rows into runs and steps as
// `bridgebench-cli import csv` does.
#include "bridgebench/csv_table.h"
#include "bridgebench/errors.h"
#include "bridgebench/run_import.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    constexpr std::string_view kName = "fuzz_runs.csv";
    try {
        const bb::CsvTable table = bb::CsvTable::parse(bb::fuzz::textOf(data, size), kName);
        for (std::size_t row = 0; row < table.rowCount(); ++row)
            bb::fuzz::expect(table.lineOf(row) >= 2, "a row before the header's line");
        const bb::ImportBatch batch = bb::readCsvImport(table, {});
        bb::fuzz::expect(!batch.runs.empty(), "an import without runs that did not fail");
    } catch (const bb::InputError& error) {
        bb::fuzz::expectNamesFile(error, kName);
    } catch (const bb::ConfigError&) {
        // only for ImportOptions::name, which this target leaves empty
        bb::fuzz::violated("a ConfigError without options", "");
    }
    return 0;
}
