// A measured reference table added to a database file the way a shipped one is: the runs in
// the export's JSON form, read by core's loader and written by migrate().
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "bridgebench/run_data.h"

namespace bb::test {

void addMeasuredReferenceTable(const std::filesystem::path& database, const std::string& tableUuid,
                               const std::string& date, const std::vector<RunData>& runs);

// How many measured reference runs this build ships (core/references/): every new database
// holds them beside the study's published figures.
std::size_t shippedMeasuredRunCount();

}  // namespace bb::test
