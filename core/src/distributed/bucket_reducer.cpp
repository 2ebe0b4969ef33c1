#include "distributed/bucket_reducer.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>
#include <string>

#include "distributed/autograd_reach.h"

namespace bb {

namespace {
constexpr std::size_t kStartedInFinish = std::numeric_limits<std::size_t>::max();
}

struct BucketReducer::State {
    Collectives* collectives = nullptr;
    std::vector<torch::Tensor> parameters;
    std::int64_t capBytes = 0;
    std::vector<GradientBucket> buckets;
    std::vector<torch::Tensor> buffers;
    std::vector<std::int64_t> remaining;
    std::vector<Collectives::Pending> pending;
    std::vector<std::size_t> startedAt;  // per bucket: gradients arrived when its all-reduce started
    std::vector<std::pair<std::size_t, std::size_t>> where;  // parameter → (bucket, position)
    std::vector<std::uint8_t> reached;  // this step's graph leads to it
    std::vector<std::uint8_t> used;     // its gradient arrived this step
    std::vector<std::uint8_t> settled;  // its slot is final this step: arrived, or unused
    std::vector<std::size_t> arrivals;  // parameters in the order their gradients arrived
    std::size_t nextBucket = 0;
    std::size_t startedEarly = 0;
    double scale = 1.0;
    bool armed = false;
    bool replanned = false;
    // The timeline: this step's buckets' starts, and their ends as c10d's threads report them.
    std::shared_ptr<TimelineRecorder> timeline;
    std::int64_t step = -1;
    bool recording = false;
    std::vector<TimelineRecorder::Clock::time_point> launchedAt;
    std::shared_ptr<std::vector<TimelineRecorder::Clock::time_point>> doneAt;

    void recordBuckets() {
        std::vector<std::size_t> order(buckets.size());
        for (std::size_t b = 0; b < order.size(); ++b) order[b] = b;
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return launchedAt[a] < launchedAt[b]; });
        // Buckets overlap when the backend runs several at once; each takes the first row free
        // by its start, so a track's spans never overlap.
        std::vector<TimelineRecorder::Clock::time_point> rowFreeAt;
        for (const std::size_t b : order) {
            std::size_t row = 0;
            while (row < rowFreeAt.size() && rowFreeAt[row] > launchedAt[b]) ++row;
            if (row == rowFreeAt.size()) rowFreeAt.emplace_back();
            rowFreeAt[row] = (*doneAt)[b];
            timeline->add(TimelineTrack::AllReduce, static_cast<int>(row), SpanKind::Bucket, step, launchedAt[b],
                          (*doneAt)[b]);
        }
    }

    void plan(const std::vector<std::size_t>& order) {
        buckets = planGradientBuckets(parameters, capBytes, order);
        buffers.clear();
        where.assign(parameters.size(), {0, 0});
        for (std::size_t b = 0; b < buckets.size(); ++b) {
            const GradientBucket& bucket = buckets[b];
            const torch::Tensor& first = parameters[bucket.parameters.front()];
            buffers.push_back(torch::zeros({bucket.numel}, first.options().requires_grad(false)));
            for (std::size_t p = 0; p < bucket.parameters.size(); ++p) where[bucket.parameters[p]] = {b, p};
        }
        remaining.assign(buckets.size(), 0);
        pending.assign(buckets.size(), {});
        startedAt.assign(buckets.size(), kStartedInFinish);
    }

    torch::Tensor slot(std::size_t parameter) {
        const auto [bucket, position] = where[parameter];
        return buffers[bucket].narrow(0, buckets[bucket].offsets[position], parameters[parameter].numel());
    }

    void settle(std::size_t parameter) {
        settled[parameter] = 1;
        --remaining[where[parameter].first];
    }

    void launchReady(std::size_t arrived) {
        while (nextBucket < buckets.size() && remaining[nextBucket] == 0) {
            if (recording) {
                launchedAt[nextBucket] = TimelineRecorder::Clock::now();
                (*doneAt)[nextBucket] = launchedAt[nextBucket];
                pending[nextBucket] = collectives->allreduceSum(
                    buffers[nextBucket], [done = doneAt, b = nextBucket] { (*done)[b] = TimelineRecorder::Clock::now(); });
            } else {
                pending[nextBucket] = collectives->allreduceSum(buffers[nextBucket]);
            }
            startedAt[nextBucket] = arrived;
            ++nextBucket;
        }
    }

    void onGradient(std::size_t parameter, const torch::Tensor& gradient) {
        if (!armed || used[parameter]) return;
        if (settled[parameter])
            throw std::logic_error("data parallel: parameter " + std::to_string(parameter) +
                                   " received a gradient though the graph given to arm() does not reach it; "
                                   "backward ran from another tensor");
        // Pre-divided, as DDP does (the sum of means cannot overflow where a sum might), in
        // the same pass as the copy: on a CPU every pass over the gradients costs as much as
        // a share of the all-reduce.
        torch::Tensor destination = slot(parameter);
        at::mul_out(destination, gradient.reshape({-1}), scale);
        used[parameter] = 1;
        arrivals.push_back(parameter);
        settle(parameter);
        launchReady(arrivals.size());
    }

    // Rank 0's arrival order, agreed by all. Parameters the graph did not reach go first (they
    // are ready before backward starts); those it reached that got no gradient last (they are
    // ready only when finish() closes their bucket).
    std::vector<std::size_t> arrivalOrder() {
        std::vector<std::int64_t> order;
        order.reserve(parameters.size());
        for (std::size_t k = parameters.size(); k-- > 0;)
            if (!reached[k]) order.push_back(static_cast<std::int64_t>(k));
        for (const std::size_t k : arrivals) order.push_back(static_cast<std::int64_t>(k));
        for (std::size_t k = parameters.size(); k-- > 0;)
            if (reached[k] && !used[k]) order.push_back(static_cast<std::int64_t>(k));
        torch::Tensor shared = torch::tensor(order, torch::kLong).to(buffers.empty() ? torch::Device(torch::kCPU)
                                                                                      : buffers[0].device());
        collectives->broadcast(shared, 0);
        const torch::Tensor agreed = shared.cpu();
        const auto* values = agreed.data_ptr<std::int64_t>();
        return {values, values + agreed.numel()};
    }
};

BucketReducer::BucketReducer(Collectives& collectives, std::vector<torch::Tensor> parameters,
                             std::int64_t capBytes)
    : m_state(std::make_shared<State>()) {
    State& state = *m_state;
    state.collectives = &collectives;
    state.scale = 1.0 / collectives.world().size;
    state.parameters = std::move(parameters);
    state.capBytes = capBytes;
    state.plan(reverseRegistrationOrder(state.parameters.size()));
    state.used.assign(state.parameters.size(), 0);
    state.settled.assign(state.parameters.size(), 0);
    std::weak_ptr<State> weak = m_state;
    for (std::size_t k = 0; k < state.parameters.size(); ++k) {
        state.parameters[k].register_hook([weak, k](const torch::Tensor& gradient) {
            if (auto live = weak.lock()) live->onGradient(k, gradient);
        });
    }
}

BucketReducer::~BucketReducer() = default;

void BucketReducer::arm(const torch::Tensor& root) {
    State& state = *m_state;
    state.reached = parametersReachedFrom(root, state.parameters);
    std::fill(state.used.begin(), state.used.end(), 0);
    std::fill(state.settled.begin(), state.settled.end(), 0);
    state.arrivals.clear();
    for (std::size_t b = 0; b < state.buckets.size(); ++b) {
        state.remaining[b] = static_cast<std::int64_t>(state.buckets[b].parameters.size());
        state.startedAt[b] = kStartedInFinish;
    }
    state.nextBucket = 0;
    ++state.step;
    state.recording = state.timeline && state.timeline->records(state.step);
    if (state.recording) {
        state.launchedAt.assign(state.buckets.size(), {});
        // A fresh vector each step: a callback of the step before can no longer write into it.
        state.doneAt = std::make_shared<std::vector<TimelineRecorder::Clock::time_point>>(state.buckets.size());
    }
    for (std::size_t k = 0; k < state.parameters.size(); ++k) {
        if (state.reached[k]) continue;
        state.slot(k).zero_();
        state.settle(k);
    }
    state.armed = true;
    state.launchReady(0);
}

double BucketReducer::finish() {
    State& state = *m_state;
    const auto start = std::chrono::steady_clock::now();
    state.armed = false;
    for (std::size_t k = 0; k < state.parameters.size(); ++k) {
        if (state.settled[k]) continue;
        state.slot(k).zero_();
        state.settle(k);
    }
    state.launchReady(kStartedInFinish);
    // Issued after every bucket on every rank, so the order of collectives stays the same.
    torch::Tensor usedMask = torch::from_blob(state.used.data(), {static_cast<std::int64_t>(state.used.size())},
                                              torch::kUInt8)
                                 .to(torch::kInt32)
                                 .to(state.buffers.empty() ? torch::Device(torch::kCPU) : state.buffers[0].device());
    Collectives::Pending usedPending = state.collectives->allreduceSum(usedMask);
    for (auto& pending : state.pending) pending.wait();
    usedPending.wait();
    if (state.recording) state.recordBuckets();
    state.startedEarly = 0;
    for (const std::size_t at : state.startedAt)
        if (at < state.arrivals.size()) ++state.startedEarly;
    const torch::Tensor usedAnywhere = usedMask.cpu();
    const auto* usedCount = usedAnywhere.data_ptr<std::int32_t>();
    for (std::size_t k = 0; k < state.parameters.size(); ++k) {
        if (usedCount[k] == 0) continue;
        torch::Tensor& parameter = state.parameters[k];
        // The gradient becomes a view of its bucket, as DDP's gradient_as_bucket_view: no copy
        // back. The trainer clears gradients to none before the next backward (so autograd
        // hands over a fresh gradient instead of adding into this view), which also keeps
        // LibTorch 1.13's Optimizer::zero_grad, whose detach_() refuses views, away from them.
        parameter.mutable_grad() = state.slot(k).view(parameter.sizes());
    }
    if (!state.replanned) {
        // New buffers: this step's gradients keep the old ones alive until they are cleared.
        state.plan(state.arrivalOrder());
        state.replanned = true;
    }
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void BucketReducer::recordTimeline(std::shared_ptr<TimelineRecorder> recorder) { m_state->timeline = std::move(recorder); }

const std::vector<GradientBucket>& BucketReducer::buckets() const { return m_state->buckets; }

std::size_t BucketReducer::bucketsStartedEarly() const { return m_state->startedEarly; }

std::int64_t BucketReducer::gradientBytes() const {
    std::int64_t bytes = 0;
    for (const auto& buffer : m_state->buffers) bytes += buffer.numel() * static_cast<std::int64_t>(buffer.element_size());
    return bytes;
}

}  // namespace bb
