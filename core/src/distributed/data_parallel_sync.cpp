#include "distributed/data_parallel_sync.h"

#include <algorithm>
#include <chrono>
#include <map>

namespace bb {

namespace {

// The fields of a step that travel in the per-step all-gather, in this order.
enum StatField : std::int64_t {
    kWall, kDataWait, kHostToDevice, kDeviceTransform, kForward, kBackward, kOptimizer, kComm,
    kSamples, kLoss, kStop, kLoad, kRead, kDecode, kTransform, kCollate, kCpu, kRss, kDeviceMemory,
    kDeviceMemoryPeak, kFieldCount
};

torch::Tensor packStep(const StepMetrics& s, bool stop) {
    const double values[kFieldCount] = {s.wallMs, s.dataWaitMs, s.hostToDeviceMs, s.deviceTransformMs,
                                        s.forwardMs, s.backwardMs, s.optimizerMs, s.commMs,
                                        static_cast<double>(s.samples), s.loss, stop ? 1.0 : 0.0, s.loadMs,
                                        s.readMs, s.decodeMs, s.transformMs, s.collateMs, s.cpuUtilisation,
                                        static_cast<double>(s.rssBytes), static_cast<double>(s.deviceMemoryBytes),
                                        static_cast<double>(s.deviceMemoryPeakBytes)};
    return torch::tensor(std::vector<double>(values, values + kFieldCount), torch::kDouble);
}

double medianMs(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

}  // namespace

void broadcastTensors(Collectives& collectives, const std::vector<torch::Tensor>& tensors) {
    torch::NoGradGuard noGrad;
    std::map<std::pair<int, std::string>, std::vector<torch::Tensor>> groups;
    for (const auto& tensor : tensors)
        if (tensor.defined() && tensor.numel() > 0)
            groups[{static_cast<int>(tensor.scalar_type()), tensor.device().str()}].push_back(tensor);
    for (auto& [key, group] : groups) {
        std::vector<torch::Tensor> flat;
        for (const auto& tensor : group) flat.push_back(tensor.detach().reshape({-1}));
        torch::Tensor buffer = torch::cat(flat);
        collectives.broadcast(buffer, 0);
        std::int64_t offset = 0;
        for (auto& tensor : group) {
            tensor.detach().copy_(buffer.narrow(0, offset, tensor.numel()).view(tensor.sizes()));
            offset += tensor.numel();
        }
    }
}

DataParallelSync::DataParallelSync(std::shared_ptr<Collectives> collectives, double bucketMb,
                                   std::int64_t warmupSteps)
    : m_collectives(std::move(collectives)),
      m_bucketBytes(std::max<std::int64_t>(1, static_cast<std::int64_t>(bucketMb * 1024 * 1024))),
      m_warmupSteps(warmupSteps) {}

int DataParallelSync::rank() const { return m_collectives->world().rank; }
int DataParallelSync::worldSize() const { return m_collectives->world().size; }

void DataParallelSync::attach(torch::nn::Module& module) {
    std::vector<torch::Tensor> state = module.parameters();
    for (const auto& buffer : module.buffers()) state.push_back(buffer);
    broadcastTensors(*m_collectives, state);
    std::vector<torch::Tensor> trainable;
    for (const auto& parameter : module.parameters())
        if (parameter.requires_grad()) trainable.push_back(parameter);
    m_reducer = std::make_unique<BucketReducer>(*m_collectives, std::move(trainable), m_bucketBytes);
    if (m_timeline) m_reducer->recordTimeline(m_timeline);
    m_cpu = std::make_unique<HostCpuShare>(*m_collectives);
}

void DataParallelSync::beforeBackward(const torch::Tensor& loss) { m_reducer->arm(loss); }

double DataParallelSync::afterBackward() { return m_reducer->finish(); }

StepMetrics DataParallelSync::combine(const StepMetrics& local, bool& stopRequested) {
    const torch::Tensor all =
        m_collectives->allgather(packStep(local, stopRequested).to(m_collectives->device())).cpu();
    m_gathered.push_back(all);
    const auto rows = all.accessor<double, 2>();
    const int ranks = static_cast<int>(all.size(0));
    int slowest = 0;
    double samples = 0, loss = 0, cpu = 0, rss = 0, deviceMemory = 0, deviceMemoryPeak = 0;
    bool stop = false;
    for (int r = 0; r < ranks; ++r) {
        if (rows[r][kWall] > rows[slowest][kWall]) slowest = r;
        samples += rows[r][kSamples];
        loss += rows[r][kLoss];
        cpu += rows[r][kCpu];
        rss += rows[r][kRss];
        // Per device, the fullest one: it is the one that runs out first.
        deviceMemory = std::max(deviceMemory, rows[r][kDeviceMemory]);
        deviceMemoryPeak = std::max(deviceMemoryPeak, rows[r][kDeviceMemoryPeak]);
        stop = stop || rows[r][kStop] != 0;
    }
    stopRequested = stop;
    // The world's step: its wall time is the slowest rank's, and its breakdown that rank's, so
    // that the parts still add up to the wall time.
    const auto s = rows[slowest];
    StepMetrics out = local;
    out.wallMs = s[kWall];
    out.dataWaitMs = s[kDataWait];
    out.hostToDeviceMs = s[kHostToDevice];
    out.deviceTransformMs = s[kDeviceTransform];
    out.forwardMs = s[kForward];
    out.backwardMs = s[kBackward];
    out.optimizerMs = s[kOptimizer];
    out.commMs = s[kComm];
    out.loadMs = s[kLoad];
    out.readMs = s[kRead];
    out.decodeMs = s[kDecode];
    out.transformMs = s[kTransform];
    out.collateMs = s[kCollate];
    out.samples = static_cast<std::int64_t>(samples);
    out.samplesPerSec = samplesPerSecond(out.samples, out.wallMs);
    out.loss = loss / ranks;
    out.cpuUtilisation = cpu;
    out.rssBytes = static_cast<std::int64_t>(rss);
    out.deviceMemoryBytes = static_cast<std::int64_t>(deviceMemory);
    out.deviceMemoryPeakBytes = static_cast<std::int64_t>(deviceMemoryPeak);
    if (m_cpu) out.otherCpuCores = m_cpu->advance(out.wallMs);
    return out;
}

nlohmann::json DataParallelSync::finish() {
    nlohmann::json out = {{"world_size", worldSize()},
                          {"backend", m_collectives->backendName()},
                          {"bucket_mb", static_cast<double>(m_bucketBytes) / (1024 * 1024)}};
    if (m_reducer) {
        out["buckets"] = m_reducer->buckets().size();
        // How much of the all-reduce backward could hide: at best every bucket but the last.
        out["buckets_started_early"] = m_reducer->bucketsStartedEarly();
        out["gradient_bytes"] = m_reducer->gradientBytes();
        // One all-reduce of the whole gradient at once, fastest of three: the cost the
        // diagnosis sets against what backward hid.
        const std::int64_t elements = std::max<std::int64_t>(1, m_reducer->gradientBytes() / 4);
        torch::Tensor buffer = torch::zeros({elements}, torch::TensorOptions(torch::kFloat).device(m_collectives->device()));
        double fastestMs = 1e300;
        for (int pass = 0; pass < 3; ++pass) {
            const auto start = std::chrono::steady_clock::now();
            m_collectives->allreduceSum(buffer).wait();
            fastestMs = std::min(
                fastestMs, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        }
        out["allreduce_full_ms"] = fastestMs;
        out["allreduce_gb_per_s"] = static_cast<double>(elements * 4) / (fastestMs * 1e6);
    }
    nlohmann::json ranks = nlohmann::json::array();
    for (int r = 0; r < worldSize(); ++r) {
        std::vector<double> wall, comm, wait, compute;
        // Warm-up steps are left out, as from the run's own throughput, when enough remain.
        const std::size_t skip =
            m_gathered.size() > static_cast<std::size_t>(m_warmupSteps) ? static_cast<std::size_t>(m_warmupSteps) : 0;
        for (std::size_t k = skip; k < m_gathered.size(); ++k) {
            const torch::Tensor& step = m_gathered[k];
            const auto row = step.accessor<double, 2>()[r];
            wall.push_back(row[kWall]);
            comm.push_back(row[kComm]);
            wait.push_back(row[kDataWait]);
            compute.push_back(row[kForward] + row[kBackward]);
        }
        ranks.push_back({{"rank", r},
                         {"median_wall_ms", medianMs(wall)},
                         {"median_comm_ms", medianMs(comm)},
                         {"median_data_wait_ms", medianMs(wait)},
                         {"median_compute_ms", medianMs(compute)}});
    }
    out["ranks"] = ranks;
    if (m_clockAlignmentUs >= 0) out["clock_alignment_us"] = m_clockAlignmentUs;
    return out;
}

std::chrono::steady_clock::time_point DataParallelSync::alignClocks() {
    using Clock = std::chrono::steady_clock;
    torch::Tensor token = torch::zeros({1}, torch::TensorOptions(torch::kFloat).device(m_collectives->device()));
    // No rank leaves an all-reduce before the last one entered it, and each leaves once the
    // result reaches it: the ranks' origins differ by at most about one all-reduce of one
    // value, which the second one measures (and the summary keeps, as clock_alignment_us).
    m_collectives->allreduceSum(token).wait();
    const Clock::time_point origin = Clock::now();
    m_collectives->allreduceSum(token).wait();
    m_clockAlignmentUs = std::chrono::duration<double, std::micro>(Clock::now() - origin).count();
    return origin;
}

void DataParallelSync::recordBuckets(std::shared_ptr<TimelineRecorder> recorder) {
    m_timeline = std::move(recorder);
    if (m_reducer) m_reducer->recordTimeline(m_timeline);
}

std::vector<TimelineSpan> DataParallelSync::gatherTimeline(const std::vector<TimelineSpan>& local) {
    // Seven integers a span; an all-gather needs one shape on every rank, so the counts go
    // first and every rank pads to the longest.
    constexpr std::int64_t kFields = 7;
    const auto device = m_collectives->device();
    const torch::Tensor counts =
        m_collectives->allgather(torch::tensor({static_cast<std::int64_t>(local.size())}, torch::kLong).to(device)).cpu();
    const std::int64_t longest = std::max<std::int64_t>(1, counts.max().item<std::int64_t>());
    torch::Tensor mine = torch::zeros({longest, kFields}, torch::kLong);
    auto rows = mine.accessor<std::int64_t, 2>();
    for (std::size_t k = 0; k < local.size(); ++k) {
        const TimelineSpan& span = local[k];
        const std::int64_t values[kFields] = {span.rank, static_cast<std::int64_t>(span.track), span.lane,
                                              static_cast<std::int64_t>(span.kind), span.step, span.beginNs,
                                              span.endNs};
        for (std::int64_t f = 0; f < kFields; ++f) rows[static_cast<std::int64_t>(k)][f] = values[f];
    }
    const torch::Tensor all = m_collectives->allgather(mine.to(device)).cpu();
    std::vector<TimelineSpan> others;
    if (rank() != 0) return others;
    const auto table = all.accessor<std::int64_t, 3>();
    for (int r = 1; r < worldSize(); ++r) {
        const std::int64_t count = counts[r][0].item<std::int64_t>();
        for (std::int64_t k = 0; k < count; ++k) {
            const auto row = table[r][k];
            const auto track = timelineTrackFromCode(static_cast<int>(row[1]));
            const auto kind = spanKindFromCode(static_cast<int>(row[3]));
            if (!track || !kind) continue;
            others.push_back({static_cast<std::int32_t>(row[0]), *track, static_cast<std::int32_t>(row[2]), *kind,
                              row[4], row[5], row[6]});
        }
    }
    return others;
}

}  // namespace bb
