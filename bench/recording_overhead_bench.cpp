// What recording a step costs next to the step itself (issue 5: under 1% on the `tiny`
// preset). recordStep does, per step, exactly the recording work of engine/trainer.cpp: the
// clock reads, the process CPU and memory readings, and the hand-over to the StepWriter queue
// (with a real writer thread committing to a real SQLite file). tinyTrainStep is the step it
// is recorded for: the tiny BridgeTower, batch 8, fp32, forward + backward + AdamW. The
// overhead is recordStep's time over tinyTrainStep's.
#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>

#include <torch/torch.h>

#include "bridgebench/model_info.h"
#include "bridgebench/result_store.h"
#include "bridgebench/step_writer.h"
#include "engine/process_stats.h"
#include "model/bridgetower_heads.h"
#include "util/time_format.h"
#include "scratch_database.h"

namespace bb {
namespace {

using Clock = std::chrono::steady_clock;

void recordStep(benchmark::State& state) {
    const bench::ScratchDatabase scratch("bb-recording-bench", "");
    const auto& file = scratch.file();
    std::int64_t runId = 0;
    {
        ResultStore store(file);
        RunRecord run;
        run.name = "recording";
        runId = store.createRun(run);
    }
    {
        StepWriter writer(file, runId);
        std::int64_t step = 0;
        for (auto _ : state) {
            StepMetrics metrics;
            metrics.step = step++;
            const double cpuBefore = processCpuMs();
            const auto start = Clock::now();
            const auto loaded = Clock::now();
            const auto copied = Clock::now();
            const auto forwarded = Clock::now();
            const auto backwarded = Clock::now();
            const auto end = Clock::now();
            const auto ms = [](Clock::time_point a, Clock::time_point b) {
                return std::chrono::duration<double, std::milli>(b - a).count();
            };
            metrics.dataWaitMs = ms(start, loaded);
            metrics.hostToDeviceMs = ms(loaded, copied);
            metrics.forwardMs = ms(copied, forwarded);
            metrics.backwardMs = ms(forwarded, backwarded);
            metrics.optimizerMs = ms(backwarded, end);
            metrics.wallMs = ms(start, end);
            metrics.samples = 8;
            metrics.samplesPerSec = samplesPerSecond(metrics.samples, metrics.wallMs);
            metrics.timestampMs = unixMs(std::chrono::system_clock::now());
            metrics.rssBytes = residentSetBytes();
            metrics.cpuUtilisation = (processCpuMs() - cpuBefore) / std::max(metrics.wallMs, 1e-3);
            writer.push(metrics);
            benchmark::DoNotOptimize(writer.failed());
        }
        writer.close();
    }
}

void tinyTrainStep(benchmark::State& state) {
    at::set_num_threads(1);
    torch::manual_seed(0);
    const BridgeTowerConfig config = bridgeTowerPreset("tiny");
    const ModelInfo info = modelInfo(config);
    auto model = makeContrastiveModel(config);
    torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(1e-5).weight_decay(0.01));
    constexpr std::int64_t kBatch = 8;
    at::Tensor ids = at::randint(3, config.text.vocabSize, {kBatch, info.textLength}, at::kLong);
    const at::Tensor mask = at::ones({kBatch, info.textLength}, at::kLong);
    const at::Tensor pixels = at::randn({kBatch, 3, info.imageSizePx, info.imageSizePx});
    for (auto _ : state) {
        optimizer.zero_grad();
        auto loss = model->forward(ids, mask, pixels).loss;
        loss.backward();
        optimizer.step();
        benchmark::DoNotOptimize(loss.item<double>());
    }
}

BENCHMARK(recordStep)->UseRealTime()->MinTime(2);
BENCHMARK(tinyTrainStep)->UseRealTime()->Unit(benchmark::kMillisecond)->MinTime(3);

}  // namespace
}  // namespace bb

BENCHMARK_MAIN();
