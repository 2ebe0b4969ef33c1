#include "store/machine_peak_rows.h"

#include <SQLiteCpp/SQLiteCpp.h>

namespace bb {

std::vector<MachinePeak> readMachinePeaks(SQLite::Database& db) {
    std::vector<MachinePeak> peaks;
    SQLite::Statement query(db, R"sql(
SELECT machine, precision, flops_per_s, gemm_size, threads, repetitions, other_cores, measured_at
FROM machine_peaks ORDER BY machine, precision)sql");
    while (query.executeStep()) {
        MachinePeak peak;
        peak.machine = query.getColumn(0).getString();
        peak.precision = query.getColumn(1).getString();
        peak.flopsPerSec = query.getColumn(2).getDouble();
        peak.gemmSize = query.getColumn(3).getInt();
        peak.threads = query.getColumn(4).getInt();
        peak.repetitions = query.getColumn(5).getInt();
        peak.otherCores = query.getColumn(6).getDouble();
        peak.measuredAt = query.getColumn(7).getString();
        peaks.push_back(std::move(peak));
    }
    return peaks;
}

bool insertMachinePeak(SQLite::Database& db, const MachinePeak& peak) {
    SQLite::Statement insert(db, R"sql(
INSERT INTO machine_peaks (machine, precision, flops_per_s, gemm_size, threads, repetitions, other_cores, measured_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (machine, precision) DO NOTHING)sql");
    insert.bind(1, peak.machine);
    insert.bind(2, peak.precision);
    insert.bind(3, peak.flopsPerSec);
    insert.bind(4, peak.gemmSize);
    insert.bind(5, peak.threads);
    insert.bind(6, peak.repetitions);
    insert.bind(7, peak.otherCores);
    insert.bind(8, peak.measuredAt);
    return insert.exec() == 1;
}

}  // namespace bb
