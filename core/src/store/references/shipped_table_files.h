// The files of core/references/, compiled in by cmake/ReferenceTables.cmake, which writes the
// definition of shippedTableFiles() into the build folder.
#pragma once

#include <span>
#include <string_view>

namespace bb {

struct ShippedTableFiles {
    std::string_view name;    // "h200-2026-12-02": NAME of NAME.table.json and NAME.runs.json
    std::string_view header;  // NAME.table.json's text
    std::string_view runs;    // NAME.runs.json's text
};

std::span<const ShippedTableFiles> shippedTableFiles();

}  // namespace bb
