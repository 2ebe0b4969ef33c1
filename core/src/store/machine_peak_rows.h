// The machine_peaks table (schema step 7) on a connection the caller owns.
#pragma once

#include <string>
#include <vector>

#include "bridgebench/machine_peak.h"

namespace SQLite {
class Database;
}

namespace bb {

// Every stored peak, keyed as the rows are; the table holds a few rows per machine.
std::vector<MachinePeak> readMachinePeaks(SQLite::Database& db);
// Inserts it unless its machine has a peak at its precision already; true when inserted.
bool insertMachinePeak(SQLite::Database& db, const MachinePeak& peak);

}  // namespace bb
