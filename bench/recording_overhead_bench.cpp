// What recording a step costs next to the step itself (issue 5: under 1% on the `tiny`
// preset). recordStep does, per step, exactly the recording work of engine/trainer.cpp: the
// clock reads, the process CPU and memory readings, and the hand-over to the StepWriter queue
// (with a real writer thread committing to a real SQLite file). tinyTrainStep is the step it
// is recorded for: the tiny BridgeTower, batch 8, fp32, forward + backward + AdamW. The
// overhead is recordStep's time over tinyTrainStep's.
//
// recordStepWithTimeline adds what a step the timeline records costs (issue #51: under 1%):
// the training thread's spans (engine/trainer.cpp, engine/step_spans.cpp) and its batch's
// (workers 0: the batch, 8 samples' read, decode, transform and tokenize, the collate; each
// one clock read and one add, as data/batch_builder.cpp), taken after the step and handed to
// the writer, which commits them with the steps. Its time less recordStep's is the timeline's.
#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>

#include <torch/torch.h>

#include "bridgebench/model_info.h"
#include "bridgebench/result_store.h"
#include "bridgebench/step_writer.h"
#include "engine/process_stats.h"
#include "engine/step_spans.h"
#include "timeline/timeline_recorder.h"
#include "model/bridgetower_heads.h"
#include "util/time_format.h"
#include "scratch_database.h"

namespace bb {
namespace {

using Clock = std::chrono::steady_clock;

// A run's row in a fresh scratch database, for a writer to record into.
std::int64_t scratchRun(const std::filesystem::path& file, const char* name) {
    ResultStore store(file);
    RunRecord run;
    run.name = name;
    return store.createRun(run);
}

void recordStep(benchmark::State& state) {
    const bench::ScratchDatabase scratch("bb-recording-bench", "");
    const auto& file = scratch.file();
    const std::int64_t runId = scratchRun(file, "recording");
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

void recordStepWithTimeline(benchmark::State& state) {
    const bench::ScratchDatabase scratch("bb-recording-timeline-bench", "");
    const auto& file = scratch.file();
    const std::int64_t runId = scratchRun(file, "recording with a timeline");
    {
        StepWriter writer(file, runId);
        TimelineRecorder recorder(TimelineMode::All, 0, 0);
        std::int64_t step = 0;
        for (auto _ : state) {
            StepMetrics metrics;
            metrics.step = step;
            const double cpuBefore = processCpuMs();
            const auto start = Clock::now();
            // The batch's spans, as the builder records them inside the data wait.
            if (recorder.records(step)) {
                auto at = Clock::now();
                for (int sample = 0; sample < 8; ++sample)
                    for (const SpanKind kind : {SpanKind::Read, SpanKind::Decode, SpanKind::Transform, SpanKind::Tokenize}) {
                        const auto now = Clock::now();
                        recorder.add(TimelineTrack::Main, 0, kind, step, at, now);
                        at = now;
                    }
                recorder.add(TimelineTrack::Main, 0, SpanKind::Collate, step, at, Clock::now());
                recorder.add(TimelineTrack::Main, 0, SpanKind::Batch, step, start, Clock::now());
            }
            const auto loaded = Clock::now();
            const auto end = Clock::now();
            const auto ms = [](Clock::time_point a, Clock::time_point b) {
                return std::chrono::duration<double, std::milli>(b - a).count();
            };
            StepPhaseTimes times;
            times.dataWaitMs = ms(start, loaded);
            times.optimizerMs = ms(loaded, end);
            times.wallMs = ms(start, end);
            if (recorder.records(step)) recordStepSpans(recorder, step, start, loaded, times, false, false);
            metrics.dataWaitMs = times.dataWaitMs;
            metrics.optimizerMs = times.optimizerMs;
            metrics.wallMs = times.wallMs;
            metrics.samples = 8;
            metrics.samplesPerSec = samplesPerSecond(metrics.samples, metrics.wallMs);
            metrics.timestampMs = unixMs(std::chrono::system_clock::now());
            metrics.rssBytes = residentSetBytes();
            metrics.cpuUtilisation = (processCpuMs() - cpuBefore) / std::max(metrics.wallMs, 1e-3);
            writer.push(metrics);
            recorder.add(TimelineTrack::Main, 0, SpanKind::Record, step, end, Clock::now());
            writer.pushTimeline(recorder.takeUpTo(step));
            benchmark::DoNotOptimize(writer.failed());
            ++step;
        }
        state.counters["spans_dropped"] = static_cast<double>(writer.timelineSpansDropped());
        writer.close();
    }
}

// The writer thread's share: committing the spans of 100 recorded steps (41 each, as
// recordStepWithTimeline makes) in one transaction, as the writer does about once a second.
// Its time over 100 is the CPU the store takes per recorded step, which a machine with no
// spare core takes from the run.
void storeTimelineOf100Steps(benchmark::State& state) {
    const bench::ScratchDatabase scratch("bb-timeline-store-bench", "");
    const std::int64_t runId = scratchRun(scratch.file(), "timeline store");
    ResultStore store(scratch.file());
    std::int64_t step = 0;
    for (auto _ : state) {
        std::vector<TimelineSpan> spans;
        spans.reserve(4100);
        for (int k = 0; k < 100; ++k, ++step) {
            std::int64_t at = step * 20'000'000;
            for (int span = 0; span < 41; ++span, at += 50'000)
                spans.push_back({0, TimelineTrack::Main, span % 3, static_cast<SpanKind>(span % kSpanKindCount), step, at,
                                 at + 40'000});
        }
        store.appendTimeline(runId, spans);
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
BENCHMARK(recordStepWithTimeline)->UseRealTime()->MinTime(2);
BENCHMARK(storeTimelineOf100Steps)->UseRealTime()->Unit(benchmark::kMillisecond)->MinTime(2);
BENCHMARK(tinyTrainStep)->UseRealTime()->Unit(benchmark::kMillisecond)->MinTime(3);

}  // namespace
}  // namespace bb

BENCHMARK_MAIN();
