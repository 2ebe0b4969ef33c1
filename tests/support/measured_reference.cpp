#include "support/measured_reference.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include "bridgebench/result_store.h"
#include "bridgebench/run_json.h"
#include "store/references/measured_table.h"
#include "store/references/shipped_tables.h"
#include "store/schema.h"

namespace bb::test {

void addMeasuredReferenceTable(const std::filesystem::path& database, const std::string& tableUuid,
                               const std::string& date, const std::vector<RunData>& runs) {
    const nlohmann::json header = {{"uuid", tableUuid},       {"name", "BridgeBench, " + date},
                                   {"date", date},            {"created_at", "2026-12-02T00:00:00Z"},
                                   {"software", "this build"}, {"source", "a test"}};
    const auto table = measuredTableFromJson(header, runsToJson(runs), database.string());
    { ResultStore created(database); }
    SQLite::Database db(database.string(), SQLite::OPEN_READWRITE);
    migrate(db, database.c_str(), {table});
}

std::size_t shippedMeasuredRunCount() {
    std::size_t count = 0;
    for (const auto& table : shippedMeasuredTables()) count += table.runs.size();
    return count;
}

}  // namespace bb::test
