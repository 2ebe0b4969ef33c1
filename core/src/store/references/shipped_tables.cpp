#include "store/references/shipped_tables.h"

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "store/references/shipped_table_files.h"

namespace bb {

namespace {

nlohmann::json parseShipped(std::string_view text, const std::string& file) {
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& error) {
        throw InputError(fmt::format("{}: not valid JSON: {}", file, error.what()));
    }
}

std::vector<MeasuredTable> parseShippedTables() {
    std::vector<MeasuredTable> tables;
    for (const auto& files : shippedTableFiles()) {
        const auto stem = fmt::format("core/references/{}", files.name);
        const auto header = parseShipped(files.header, stem + ".table.json");
        const auto runs = parseShipped(files.runs, stem + ".runs.json");
        tables.push_back(measuredTableFromJson(header, runs, stem));
    }
    return tables;
}

}  // namespace

const std::vector<MeasuredTable>& shippedMeasuredTables() {
    static const std::vector<MeasuredTable> tables = parseShippedTables();
    return tables;
}

}  // namespace bb
