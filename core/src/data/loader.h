// Batches for the training loop, built on the training thread (workers = 0) or by N worker
// threads ahead of it.
//
//   Loader loader(dataset, LoaderOptions{.batchSize = 32, .workers = 2});
//   DevicePreparer preparer(device);
//   while (std::optional<Batch> batch = loader.next()) {
//       DeviceBatch inputs = preparer.prepare(*batch);
//       ...
//   }
//
// Thread contract:
// - next() is called from one thread, the consumer (the training thread). With workers = 0
//   that thread does all the loading inside next().
// - cancel() and stats() may be called from any thread. cancel() makes a next() that is
//   blocked, or any later one, return std::nullopt; workers stop between two samples.
// - Worker threads are std::jthreads owned by the loader: the destructor cancels and joins
//   them, so no loader thread outlives the loader. Nothing throws out of a worker: an
//   exception there (from the text encoder, or out of memory) is rethrown by next() at the
//   batch where it happened.
// - Batches come out in index order, each sample in the same place for a given seed and
//   epoch whatever the number of workers; augmentation draws are fixed by seed, epoch and
//   position too, so the pixels are the same as well.
// - Memory: at most workers × prefetchFactor batches are being built or waiting, whatever
//   the dataset size.
// - A stager (batch_stager.h), when given, is each non-empty batch's last stage, run by the
//   thread that built it; an exception from it is rethrown at its batch, like any other.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <unordered_set>
#include <vector>

#include "bridgebench/skipped_samples.h"
#include "data/batch.h"
#include "data/batch_stager.h"
#include "data/buffer_pool.h"
#include "data/loader_options.h"

namespace bb {

class BatchBuilder;
class Dataset;

struct LoaderStats {
    std::int64_t batches = 0;             // delivered by next()
    std::int64_t samples = 0;             // in those batches
    double waitMs = 0;                    // total time next() blocked its caller
    std::int64_t maxBatchesInFlight = 0;  // high-water mark of batches built or being built, not yet delivered
    SkippedSamples skipped;               // the dataset's, then each file the loader could not use (once)
};

class Loader {
public:
    // Throws ConfigError for invalid options, or when dropLast leaves no batch (batch_size
    // larger than the dataset). Starts the workers.
    Loader(std::shared_ptr<const Dataset> dataset, LoaderOptions options,
           std::shared_ptr<const BatchStager> stager = nullptr);
    ~Loader();
    Loader(const Loader&) = delete;
    Loader& operator=(const Loader&) = delete;

    // The next non-empty batch, or std::nullopt after the last epoch or once cancelled. Throws
    // InputError, naming the dataset and why its samples were skipped, when it cannot give a
    // batch: an epoch of empty batches in which every sample failed, or three epochs of them.
    std::optional<Batch> next();
    void cancel();
    LoaderStats stats() const;

    std::int64_t batchesPerEpoch() const noexcept { return m_batchesPerEpoch; }
    const LoaderOptions& options() const noexcept { return m_options; }

private:
    // A built batch, or the exception that stopped its worker.
    struct Slot {
        std::optional<Batch> batch;
        std::exception_ptr error;
    };

    void runWorker(std::int64_t worker, std::stop_token stop);
    std::optional<Batch> buildStaged(BatchBuilder& builder, std::int64_t index, std::stop_token stop) const;
    std::optional<Slot> takeNextSlot(double& waitMs);
    void recordDelivered(const Batch& batch, double waitMs);
    std::string noUsableBatchMessage() const;
    bool finished(std::int64_t index) const noexcept;

    const std::shared_ptr<const Dataset> m_dataset;
    const LoaderOptions m_options;
    const std::shared_ptr<const BatchStager> m_stager;
    std::int64_t m_batchesPerEpoch = 0;
    std::int64_t m_totalBatches = 0;  // 0: endless
    BufferPool m_pool;

    mutable std::mutex m_mutex;
    std::condition_variable_any m_readyChanged;  // a batch became ready, or cancel
    std::condition_variable_any m_spaceFreed;    // the consumer took a batch, or cancel
    std::map<std::int64_t, Slot> m_ready;
    std::int64_t m_next = 0;        // index of the batch next() delivers next
    std::int64_t m_building = 0;
    bool m_cancelled = false;
    LoaderStats m_stats;
    std::unordered_set<std::int64_t> m_skippedIndices;
    std::int64_t m_emptyInARow = 0;  // batches in which every sample was unusable, since the last good one

    std::stop_source m_stop;
    std::unique_ptr<BatchBuilder> m_inlineBuilder;  // workers = 0
    // Last: destroyed (joined) before anything the workers use.
    std::vector<std::jthread> m_workers;
};

}  // namespace bb
