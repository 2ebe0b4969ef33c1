#include "bridgebench/step_writer.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "bridgebench/result_store.h"
#include "store/retry_unavailable.h"

namespace bb {

struct StepWriter::Impl {
    std::filesystem::path dbFile;
    std::int64_t runId;
    std::size_t capacity;
    std::chrono::milliseconds flushInterval;
    std::chrono::milliseconds retryWindow;

    std::mutex mutex;
    std::condition_variable wake;       // writer: rows or close
    std::condition_variable spaceFreed; // producer: back-pressure
    std::deque<StepMetrics> queue;
    std::vector<TimelineSpan> spans;
    std::atomic<std::int64_t> spansDropped{0};
    bool closing = false;
    std::string error;
    std::atomic<std::int64_t> committed{0};
    std::atomic<std::int64_t> retries{0};
    std::atomic<bool> failed{false};
    std::jthread thread;  // last member: joined before the state it uses is destroyed

    // Commits `batch`, trying again while the store is unavailable and the window lasts.
    void commit(ResultStore& store, const std::vector<StepMetrics>& batch, const std::vector<TimelineSpan>& spanBatch) {
        const auto start = std::chrono::steady_clock::now();
        try {
            if (!batch.empty())
                retryWhileUnavailable(retryWindow, [&] { store.appendSteps(runId, batch); }, [&] { ++retries; });
            committed += static_cast<std::int64_t>(batch.size());
            if (!spanBatch.empty())
                retryWhileUnavailable(retryWindow, [&] { store.appendTimeline(runId, spanBatch); }, [&] { ++retries; });
        } catch (const StoreUnavailableError& failure) {
            const std::chrono::duration<double> tried = std::chrono::steady_clock::now() - start;
            giveUp(fmt::format("{} (tried for {:.0f} s; the last {} steps were not stored)", failure.what(),
                               tried.count(), batch.size()));
        } catch (const std::exception& failure) {
            giveUp(failure.what());
        }
    }

    void giveUp(std::string why) {
        std::lock_guard lock(mutex);
        error = std::move(why);
        failed = true;
    }

    void run() {
        std::unique_ptr<ResultStore> store;
        try {
            store = std::make_unique<ResultStore>(dbFile);
        } catch (const std::exception& failure) {
            giveUp(failure.what());
        }
        std::vector<StepMetrics> batch;
        std::vector<TimelineSpan> spanBatch;
        for (;;) {
            bool finished = false;
            {
                std::unique_lock lock(mutex);
                wake.wait_for(lock, flushInterval, [&] { return closing || queue.size() >= capacity; });
                batch.assign(queue.begin(), queue.end());
                queue.clear();
                spanBatch.swap(spans);
                spans.clear();
                finished = closing;
            }
            spaceFreed.notify_all();
            // After a failure rows are still drained, so the training thread never blocks on a
            // broken disk; the first error is what the run reports.
            if ((!batch.empty() || !spanBatch.empty()) && store && error.empty()) commit(*store, batch, spanBatch);
            if (finished) return;
        }
    }
};

StepWriter::StepWriter(const std::filesystem::path& dbFile, std::int64_t runId, std::size_t capacity,
                       int flushIntervalMs, int retryWindowMs)
    : m_impl(std::make_unique<Impl>()) {
    m_impl->dbFile = dbFile;
    m_impl->runId = runId;
    m_impl->capacity = capacity == 0 ? 1 : capacity;
    m_impl->flushInterval = std::chrono::milliseconds(flushIntervalMs);
    m_impl->retryWindow = std::chrono::milliseconds(retryWindowMs);
    m_impl->thread = std::jthread([impl = m_impl.get()] { impl->run(); });
}

StepWriter::~StepWriter() { close(); }

void StepWriter::push(const StepMetrics& metrics) {
    std::unique_lock lock(m_impl->mutex);
    m_impl->spaceFreed.wait(lock, [&] { return m_impl->queue.size() < m_impl->capacity || m_impl->closing; });
    if (m_impl->closing) return;
    m_impl->queue.push_back(metrics);
    if (m_impl->queue.size() >= m_impl->capacity) m_impl->wake.notify_one();
}

void StepWriter::pushTimeline(const std::vector<TimelineSpan>& spans) {
    std::lock_guard lock(m_impl->mutex);
    if (m_impl->closing) return;
    const std::size_t room = kSpanCapacity - std::min(kSpanCapacity, m_impl->spans.size());
    const std::size_t kept = std::min(room, spans.size());
    m_impl->spans.insert(m_impl->spans.end(), spans.begin(), spans.begin() + static_cast<std::ptrdiff_t>(kept));
    m_impl->spansDropped += static_cast<std::int64_t>(spans.size() - kept);
}

std::int64_t StepWriter::timelineSpansDropped() const { return m_impl->spansDropped.load(); }

std::string StepWriter::close() {
    {
        std::lock_guard lock(m_impl->mutex);
        m_impl->closing = true;
    }
    m_impl->wake.notify_one();
    m_impl->spaceFreed.notify_all();
    if (m_impl->thread.joinable()) m_impl->thread.join();
    std::lock_guard lock(m_impl->mutex);
    return m_impl->error;
}

std::int64_t StepWriter::committedRows() const { return m_impl->committed.load(); }

std::int64_t StepWriter::retries() const { return m_impl->retries.load(); }

bool StepWriter::failed() const { return m_impl->failed.load(); }

}  // namespace bb
