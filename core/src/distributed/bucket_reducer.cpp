#include "distributed/bucket_reducer.h"

#include <chrono>

namespace bb {

struct BucketReducer::State {
    Collectives* collectives = nullptr;
    std::vector<torch::Tensor> parameters;
    std::vector<GradientBucket> buckets;
    std::vector<torch::Tensor> buffers;
    std::vector<std::int64_t> remaining;
    std::vector<Collectives::Pending> pending;
    std::vector<std::pair<std::size_t, std::size_t>> where;  // parameter → (bucket, position)
    std::vector<std::uint8_t> used;
    std::size_t nextBucket = 0;
    double scale = 1.0;
    bool armed = false;

    torch::Tensor slot(std::size_t bucket, std::size_t position) {
        const std::size_t parameter = buckets[bucket].parameters[position];
        return buffers[bucket].narrow(0, buckets[bucket].offsets[position], parameters[parameter].numel());
    }

    void launchReady() {
        while (nextBucket < buckets.size() && remaining[nextBucket] == 0) {
            pending[nextBucket] = collectives->allreduceSum(buffers[nextBucket]);
            ++nextBucket;
        }
    }

    void onGradient(std::size_t parameter, const torch::Tensor& gradient) {
        if (!armed || used[parameter]) return;
        const auto [bucket, position] = where[parameter];
        // Pre-divided, as DDP does (the sum of means cannot overflow where a sum might), in
        // the same pass as the copy: on a CPU every pass over the gradients costs as much as
        // a share of the all-reduce.
        torch::Tensor destination = slot(bucket, position);
        at::mul_out(destination, gradient.reshape({-1}), scale);
        used[parameter] = 1;
        --remaining[bucket];
        launchReady();
    }
};

BucketReducer::BucketReducer(Collectives& collectives, std::vector<torch::Tensor> parameters,
                             std::int64_t capBytes)
    : m_state(std::make_shared<State>()) {
    State& state = *m_state;
    state.collectives = &collectives;
    state.scale = 1.0 / collectives.world().size;
    state.parameters = std::move(parameters);
    state.buckets = planGradientBuckets(state.parameters, capBytes);
    state.where.resize(state.parameters.size());
    state.used.assign(state.parameters.size(), 0);
    for (std::size_t b = 0; b < state.buckets.size(); ++b) {
        const GradientBucket& bucket = state.buckets[b];
        const torch::Tensor& first = state.parameters[bucket.parameters.front()];
        state.buffers.push_back(torch::zeros({bucket.numel}, first.options().requires_grad(false)));
        state.remaining.push_back(static_cast<std::int64_t>(bucket.parameters.size()));
        for (std::size_t p = 0; p < bucket.parameters.size(); ++p) state.where[bucket.parameters[p]] = {b, p};
    }
    state.pending.resize(state.buckets.size());
    std::weak_ptr<State> weak = m_state;
    for (std::size_t k = 0; k < state.parameters.size(); ++k) {
        state.parameters[k].register_hook([weak, k](const torch::Tensor& gradient) {
            if (auto live = weak.lock()) live->onGradient(k, gradient);
        });
    }
}

BucketReducer::~BucketReducer() = default;

void BucketReducer::arm() {
    State& state = *m_state;
    std::fill(state.used.begin(), state.used.end(), 0);
    for (std::size_t b = 0; b < state.buckets.size(); ++b)
        state.remaining[b] = static_cast<std::int64_t>(state.buckets[b].parameters.size());
    state.nextBucket = 0;
    state.armed = true;
}

double BucketReducer::finish() {
    State& state = *m_state;
    const auto start = std::chrono::steady_clock::now();
    state.armed = false;
    for (std::size_t b = 0; b < state.buckets.size(); ++b) {
        if (state.remaining[b] == 0) continue;
        for (std::size_t p = 0; p < state.buckets[b].parameters.size(); ++p)
            if (!state.used[state.buckets[b].parameters[p]]) state.slot(b, p).zero_();
        state.remaining[b] = 0;
    }
    state.launchReady();
    // Issued after every bucket on every rank, so the order of collectives stays the same.
    torch::Tensor usedMask = torch::from_blob(state.used.data(), {static_cast<std::int64_t>(state.used.size())},
                                              torch::kUInt8)
                                 .to(torch::kInt32)
                                 .to(state.buffers.empty() ? torch::Device(torch::kCPU) : state.buffers[0].device());
    Collectives::Pending usedPending = state.collectives->allreduceSum(usedMask);
    for (auto& pending : state.pending) pending.wait();
    usedPending.wait();
    const torch::Tensor usedAnywhere = usedMask.cpu();
    const auto* usedCount = usedAnywhere.data_ptr<std::int32_t>();
    for (std::size_t k = 0; k < state.parameters.size(); ++k) {
        if (usedCount[k] == 0) continue;
        torch::Tensor& parameter = state.parameters[k];
        const auto [bucket, position] = state.where[k];
        // The gradient becomes a view of its bucket, as DDP's gradient_as_bucket_view: no copy
        // back. The trainer clears gradients to none before the next backward (so autograd
        // hands over a fresh gradient instead of adding into this view), which also keeps
        // LibTorch 1.13's Optimizer::zero_grad, whose detach_() refuses views, away from them.
        parameter.mutable_grad() = state.slot(bucket, position).view(parameter.sizes());
    }
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

const std::vector<GradientBucket>& BucketReducer::buckets() const { return m_state->buckets; }

std::int64_t BucketReducer::gradientBytes() const {
    std::int64_t bytes = 0;
    for (const auto& buffer : m_state->buffers) bytes += buffer.numel() * static_cast<std::int64_t>(buffer.element_size());
    return bytes;
}

}  // namespace bb
