#include "data/loader.h"

#include <algorithm>
#include <chrono>

#include <opencv2/core/utility.hpp>

#include "bridgebench/errors.h"
#include "data/batch_builder.h"
#include "data/dataset.h"
#include "data/sample_order.h"

namespace bb {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::int64_t kEmptyEpochs = 3;

double millisecondsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

LoaderOptions validated(LoaderOptions options) {
    validate(options);
    return options;
}

// Every batch in flight, the one the consumer holds, and the one the model may still hold
// from the previous step.
std::size_t poolCapacity(const LoaderOptions& options) {
    // Device decoding gives a batch two pooled buffers: the JPEG files, and the other formats decoded.
    const std::int64_t perBatch = options.deviceTransforms && options.encodedJpegs ? 2 : 1;
    return static_cast<std::size_t>((std::max<std::int64_t>(1, options.workers) * options.prefetchFactor + 2) * perBatch);
}

}  // namespace

Loader::Loader(std::shared_ptr<const Dataset> dataset, LoaderOptions options,
               std::shared_ptr<const BatchStager> stager)
    : m_dataset(std::move(dataset)),
      m_options(validated(std::move(options))),
      m_stager(std::move(stager)),
      m_pool(poolCapacity(m_options), torch::kCPU, m_options.pinMemory) {
    if (!m_dataset) {
        throw std::invalid_argument("Loader needs a dataset");
    }
    const SampleOrder order(m_dataset->size(), m_options.batchSize, m_options.shuffle, m_options.dropLast,
                            m_options.seed, m_options.shardRank, m_options.shardCount);
    m_batchesPerEpoch = order.batchesPerEpoch();
    if (m_batchesPerEpoch == 0) {
        throw ConfigError("batch_size", "is larger than the dataset's " + std::to_string(m_dataset->size()) +
                                            " usable samples");
    }
    m_totalBatches = m_options.epochs * m_batchesPerEpoch;
    m_stats.skipped = m_dataset->skipped();

    if (m_options.opencvThreads > 0) {
        // OpenCV reads 0 as "run in the calling thread", which is what one thread means here.
        cv::setNumThreads(m_options.opencvThreads == 1 ? 0 : static_cast<int>(m_options.opencvThreads));
    }
    if (m_options.workers == 0) {
        m_inlineBuilder = std::make_unique<BatchBuilder>(*m_dataset, m_options, m_pool,
                                                         SpanLane{m_options.timeline, TimelineTrack::Main, 0});
        return;
    }
    m_workers.reserve(static_cast<std::size_t>(m_options.workers));
    for (std::int64_t worker = 0; worker < m_options.workers; ++worker) {
        m_workers.emplace_back([this, worker] { runWorker(worker, m_stop.get_token()); });
    }
}

Loader::~Loader() {
    cancel();
    m_workers.clear();  // joins; the workers return within one sample once stop is requested
}

bool Loader::finished(std::int64_t index) const noexcept {
    return m_totalBatches != 0 && index >= m_totalBatches;
}

void Loader::cancel() {
    {
        std::lock_guard lock(m_mutex);
        m_cancelled = true;
    }
    m_stop.request_stop();
    m_readyChanged.notify_all();
    m_spaceFreed.notify_all();
}

std::optional<Batch> Loader::buildStaged(BatchBuilder& builder, std::int64_t index, std::stop_token stop) const {
    std::optional<Batch> batch = builder.build(index, stop);
    if (batch && m_stager && batch->size() > 0) m_stager->stage(*batch);
    return batch;
}

LoaderStats Loader::stats() const {
    std::lock_guard lock(m_mutex);
    return m_stats;
}

void Loader::runWorker(std::int64_t worker, std::stop_token stop) {
    std::int64_t index = worker;
    // Nothing may leave a thread's entry point: failures travel to next() in the slot of the
    // batch they stopped.
    try {
        const SpanLane lane{m_options.timeline, TimelineTrack::Worker, static_cast<int>(worker)};
        BatchBuilder builder(*m_dataset, m_options, m_pool, lane);
        const std::int64_t window = m_options.workers * m_options.prefetchFactor;
        for (; !finished(index); index += m_options.workers) {
            {
                const Clock::time_point idleStart = Clock::now();
                std::unique_lock lock(m_mutex);
                const bool mayStart =
                    m_spaceFreed.wait(lock, stop, [&] { return m_cancelled || index < m_next + window; });
                if (!mayStart || m_cancelled) {
                    return;
                }
                if (lane.records(index)) lane.add(SpanKind::Idle, index, idleStart, Clock::now());
                ++m_building;
                m_stats.maxBatchesInFlight = std::max(
                    m_stats.maxBatchesInFlight, m_building + static_cast<std::int64_t>(m_ready.size()));
            }
            Slot slot;
            try {
                slot.batch = buildStaged(builder, index, stop);
            } catch (...) {
                slot.error = std::current_exception();
            }
            const bool failed = slot.error != nullptr;
            {
                std::lock_guard lock(m_mutex);
                --m_building;
                if (!slot.batch && !failed) {
                    return;  // stopped part-way through the batch
                }
                m_ready.emplace(index, std::move(slot));
            }
            m_readyChanged.notify_all();
            if (failed) {
                return;
            }
        }
    } catch (...) {
        {
            std::lock_guard lock(m_mutex);
            m_ready.insert_or_assign(index, Slot{std::nullopt, std::current_exception()});
        }
        m_readyChanged.notify_all();
    }
}

std::optional<Loader::Slot> Loader::takeNextSlot(double& waitMs) {
    const Clock::time_point start = Clock::now();
    if (m_inlineBuilder) {
        {
            std::lock_guard lock(m_mutex);
            if (m_cancelled || finished(m_next)) {
                return std::nullopt;
            }
        }
        // workers = 0: loading is the training thread's own time, and all of it is data wait.
        Slot slot;
        slot.batch = buildStaged(*m_inlineBuilder, m_next, m_stop.get_token());
        waitMs += millisecondsSince(start);
        if (!slot.batch) {
            return std::nullopt;
        }
        std::lock_guard lock(m_mutex);
        ++m_next;
        return slot;
    }
    std::unique_lock lock(m_mutex);
    m_readyChanged.wait(lock, [&] { return m_cancelled || finished(m_next) || m_ready.contains(m_next); });
    waitMs += millisecondsSince(start);
    if (m_cancelled || finished(m_next)) {
        return std::nullopt;
    }
    auto node = m_ready.extract(m_next);
    ++m_next;
    lock.unlock();
    m_spaceFreed.notify_all();
    return std::move(node.mapped());
}

std::string Loader::noUsableBatchMessage() const {
    std::lock_guard lock(m_mutex);
    std::string message = m_dataset->source().string() + ": no sample could be loaded in a whole epoch (" +
                          std::to_string(m_stats.skipped.count) + " skipped";
    for (std::size_t index = 0; index < m_stats.skipped.first.size(); ++index) {
        const SkippedSample& skipped = m_stats.skipped.first[index];
        message += (index == 0 ? ": " : "; ") + skipped.path + " (" + skipped.reason + ")";
    }
    return message + ")";
}

void Loader::recordDelivered(const Batch& batch, double waitMs) {
    std::lock_guard lock(m_mutex);
    ++m_stats.batches;
    m_stats.samples += batch.size();
    m_stats.waitMs += waitMs;
}

std::optional<Batch> Loader::next() {
    double waitMs = 0;
    while (true) {
        std::optional<Slot> slot = takeNextSlot(waitMs);
        if (!slot) {
            std::lock_guard lock(m_mutex);
            m_stats.waitMs += waitMs;
            return std::nullopt;
        }
        if (slot->error) {
            std::rethrow_exception(slot->error);
        }
        Batch& batch = *slot->batch;
        if (!batch.skipped.empty()) {
            std::lock_guard lock(m_mutex);
            for (const BatchSkip& skip : batch.skipped) {
                // A corrupt file is met again every epoch; it is one skipped input.
                if (m_skippedIndices.insert(skip.sampleIndex).second) {
                    m_stats.skipped.add(skip.sample.path, skip.sample.reason);
                }
            }
        }
        if (batch.size() == 0) {
            // Every sample in it was unusable; its wait counts toward the next one. A run has
            // no last epoch, so without a bound this would loop for ever: it ends once every
            // sample has failed, or (usable ones always left out, say by drop_last) after
            // kEmptyEpochs whole epochs without a batch.
            ++m_emptyInARow;
            bool allSkipped = false;
            {
                std::lock_guard lock(m_mutex);
                allSkipped = m_skippedIndices.size() >= m_dataset->size();
            }
            if ((allSkipped && m_emptyInARow >= m_batchesPerEpoch) || m_emptyInARow >= kEmptyEpochs * m_batchesPerEpoch) {
                throw InputError(noUsableBatchMessage());
            }
            continue;
        }
        m_emptyInARow = 0;
        batch.timings.waitMs = waitMs;
        recordDelivered(batch, waitMs);
        return std::move(batch);
    }
}

}  // namespace bb
