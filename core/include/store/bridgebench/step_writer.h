// Moves step rows from the training thread to SQLite. push() only enqueues; a writer thread
// with its own connection commits what has queued about once a second in one transaction,
// so a crash loses at most the last second and never the file.
//
// A store that cannot be written for a while (another process holds its lock, a full or
// failing disk: StoreUnavailableError) does not end the run: the writer keeps the rows and
// retries, backing off to one attempt every 2 s, while training goes on and queues up to
// `capacity` rows behind them (65,536 by default, about 20 MB). Only when `retryWindowMs`
// passes without one successful write does the writer give up: failed() turns true and
// close() says why and for how long it tried. Rows already committed stay.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bridgebench/step_metrics.h"
#include "bridgebench/timeline.h"

namespace bb {

class StepWriter {
public:
    static constexpr std::size_t kDefaultCapacity = 1 << 16;
    static constexpr int kDefaultFlushIntervalMs = 1000;
    static constexpr int kDefaultRetryWindowMs = 60'000;

    StepWriter(const std::filesystem::path& dbFile, std::int64_t runId,
               std::size_t capacity = kDefaultCapacity,
               int flushIntervalMs = kDefaultFlushIntervalMs, int retryWindowMs = kDefaultRetryWindowMs);
    ~StepWriter();  // same as close(); never throws
    StepWriter(const StepWriter&) = delete;
    StepWriter& operator=(const StepWriter&) = delete;

    // Cheap; blocks only when `capacity` rows are waiting (back-pressure, not loss).
    void push(const StepMetrics& metrics);
    // The timeline's spans, committed with the steps. Never blocks: a timeline is worth less
    // than the training it watches, so past kSpanCapacity spans waiting (a store stuck for a
    // long while) further spans are dropped and counted.
    void pushTimeline(const std::vector<TimelineSpan>& spans);
    static constexpr std::size_t kSpanCapacity = 1 << 20;
    std::int64_t timelineSpansDropped() const;
    // Commits what is queued and joins the writer thread. Returns the first write error,
    // empty when every row was committed.
    std::string close();

    std::int64_t committedRows() const;
    // Writes that failed and were tried again (the store was busy or full); 0 on a quiet disk.
    std::int64_t retries() const;
    // True once a write failed; later rows are dropped. Cheap: the training thread polls it.
    bool failed() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace bb
