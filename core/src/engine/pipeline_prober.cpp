#include "engine/pipeline_prober.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

#include "engine/autocast_guard.h"
#include "engine/compute_threads.h"
#include "engine/cpu_availability.h"

namespace bb {

namespace {

double forwardBackwardMs(TrainingModel& model, const ModelInputs& batch, const RunConfig& config,
                         const torch::Device& device) {
    const auto start = std::chrono::steady_clock::now();
    torch::Tensor loss;
    {
        AutocastGuard autocast(config.precision, device);
        loss = model.loss(batch);
    }
    model.module().zero_grad();
    loss.to(torch::kFloat).backward();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::vector<int> probeThreadCounts(const RunConfig& config, int cores) {
    if (config.threads > 0 || cores <= 1) return {};
    std::set<int> counts{1};
    for (int workers = 0; workers <= 2; ++workers) counts.insert(std::max(1, cores - workers));
    return {counts.begin(), counts.end()};
}

PipelineProbe probePipeline(TrainingModel& model, const ModelInputs& batch, BatchSource& source,
                            const RunConfig& config, int computeThreads, double runComputeMs, RunControl& control) {
    PipelineProbe probe;
    source.finish();
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    // First, while the machine is as the run left it.
    if (const double available = measureAvailableCores(cores, std::chrono::milliseconds(200)); available > 0)
        probe.availableCores = available;
    if (const auto costs = source.probeTransforms()) {
        // A cost the source could not measure comes as 0.
        const auto measured = [](double ms) { return ms > 0 ? std::optional(ms) : std::nullopt; };
        probe.loadMs = measured(costs->loadMs);
        probe.decodeMs = measured(costs->decodeMs);
        probe.hostTransformMs = measured(costs->hostTransformMs);
        probe.deviceTransformMs = measured(costs->deviceTransformMs);
    }
    const torch::Device device(config.device);
    // On an accelerator the host threads barely move compute; only a CPU run needs the curve.
    if (!device.is_cpu() || !batch.inputIds.defined()) return probe;

    const std::vector<int> counts = probeThreadCounts(config, cores);
    // Passes alternate between the counts so that a burst of load from elsewhere lands on all
    // of them alike, and each count keeps its fastest pass: interference only ever adds time.
    // The first round settles each count's pools and is not kept. A model whose step takes
    // seconds gets one kept round instead of three.
    const int rounds = runComputeMs > 1000 ? 2 : 4;
    for (int round = 0; round < rounds && !control.cancelled(); ++round) {
        for (const int threads : counts) {
            applyComputeThreads(planComputeThreads(threads));
            const double ms = forwardBackwardMs(model, batch, config, device);
            if (round == 0) continue;
            auto [entry, inserted] = probe.forwardBackwardMsByThreads.try_emplace(threads, ms);
            if (!inserted) entry->second = std::min(entry->second, ms);
        }
    }
    applyComputeThreads(planComputeThreads(computeThreads));
    return probe;
}

}  // namespace bb
