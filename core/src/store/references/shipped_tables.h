// The measured reference tables this build ships (core/references/): migrate() gives every
// database those it lacks when it is opened for writing, as every database got the study's figures.
#pragma once

#include <vector>

#include "store/references/measured_table.h"

namespace bb {

// Parsed once per process; throws InputError naming core/references/NAME if a shipped file is
// malformed (a test parses each of them, so a build that ships one does not get that far).
const std::vector<MeasuredTable>& shippedMeasuredTables();

}  // namespace bb
