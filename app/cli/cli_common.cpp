#include "cli/cli_common.h"

#include "bridgebench/result_store.h"

namespace bb::cli {

void addDbOption(CLI::App& command, std::string& dbPath) {
    dbPath = defaultDatabasePath().string();
    command.add_option("--db", dbPath, "Results database (default: $BRIDGEBENCH_DB or the user data directory)")
        ->capture_default_str();
}

}  // namespace bb::cli
