// A run taken out of the store by ResultStore::deleteRuns, held by the caller to undo the
// deletion. Rows are copied column by column, so columns that later schema versions add come
// back as well.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace bb {

struct DeletedRun {
    using Value = std::variant<std::monostate, std::int64_t, double, std::string>;
    struct Row {
        std::vector<std::string> columns;
        std::vector<Value> values;
    };
    std::int64_t id = 0;
    std::string name;
    Row run;
    std::vector<Row> steps;
    std::vector<Row> tags;
};

}  // namespace bb
