// Moves step rows from the training thread to SQLite. push() only enqueues; a writer thread
// with its own connection commits what has queued about once a second in one transaction,
// so a crash loses at most the last second and never the file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "bridgebench/step_metrics.h"

namespace bb {

class StepWriter {
public:
    static constexpr std::size_t kDefaultCapacity = 1 << 16;
    static constexpr int kDefaultFlushIntervalMs = 1000;

    StepWriter(const std::filesystem::path& dbFile, std::int64_t runId,
               std::size_t capacity = kDefaultCapacity,
               int flushIntervalMs = kDefaultFlushIntervalMs);
    ~StepWriter();  // same as close(); never throws
    StepWriter(const StepWriter&) = delete;
    StepWriter& operator=(const StepWriter&) = delete;

    // Cheap; blocks only when `capacity` rows are waiting (back-pressure, not loss).
    void push(const StepMetrics& metrics);
    // Commits what is queued and joins the writer thread. Returns the first write error,
    // empty when every row was committed.
    std::string close();

    std::int64_t committedRows() const;
    // True once a write failed; later rows are dropped. Cheap: the training thread polls it.
    bool failed() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace bb
