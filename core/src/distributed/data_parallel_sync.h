// GradientSynchronizer over c10d: rank 0's parameters broadcast at attach, bucketed gradient
// all-reduce overlapped with backward (BucketReducer), one small all-gather per step that gives
// rank 0 every rank's timings and every rank the others' wish to stop, and one more at most
// every quarter second with the CPU time other processes took beside the ranks (HostCpuShare).
#pragma once

#include <memory>

#include "distributed/bucket_reducer.h"
#include "distributed/collectives.h"
#include "distributed/host_cpu_share.h"
#include "engine/gradient_synchronizer.h"

namespace bb {

class DataParallelSync final : public GradientSynchronizer {
public:
    DataParallelSync(std::shared_ptr<Collectives> collectives, double bucketMb, std::int64_t warmupSteps);

    int rank() const override;
    int worldSize() const override;
    void attach(torch::nn::Module& module) override;
    void beforeBackward(const torch::Tensor& loss) override;
    double afterBackward() override;
    StepMetrics combine(const StepMetrics& local, bool& stopRequested) override;
    nlohmann::json finish() override;
    std::chrono::steady_clock::time_point alignClocks() override;
    void recordBuckets(std::shared_ptr<TimelineRecorder> recorder) override;
    std::vector<TimelineSpan> gatherTimeline(const std::vector<TimelineSpan>& local) override;

private:
    std::shared_ptr<Collectives> m_collectives;
    std::int64_t m_bucketBytes;
    std::int64_t m_warmupSteps;
    std::unique_ptr<BucketReducer> m_reducer;
    std::unique_ptr<HostCpuShare> m_cpu;  // from attach()
    // Every rank's step times, per step (rank 0 uses them for the per-rank medians).
    std::vector<torch::Tensor> m_gathered;
    std::shared_ptr<TimelineRecorder> m_timeline;  // buckets' spans; handed to the reducer
    double m_clockAlignmentUs = -1;                // from alignClocks(); -1: not aligned
};

// Copies rank 0's tensors into every rank's, one broadcast per dtype.
void broadcastTensors(Collectives& collectives, const std::vector<torch::Tensor>& tensors);

}  // namespace bb
