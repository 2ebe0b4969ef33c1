// Step rows into SQLite: through StepWriter (the engine's path: a bounded queue and a writer
// thread committing batched transactions) and through ResultStore::appendSteps (one
// transaction, what importers use). Target (issue 5): 100,000 rows/s or more.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "bridgebench/result_store.h"
#include "bridgebench/step_writer.h"
#include "scratch_database.h"

namespace bb {
namespace {

// Each measurement gets a fresh database (numbered), on the same file system as the user's data.
int s_databases = 0;

std::vector<StepMetrics> makeSteps(std::int64_t count) {
    std::vector<StepMetrics> steps(static_cast<std::size_t>(count));
    for (std::int64_t i = 0; i < count; ++i) {
        StepMetrics& s = steps[static_cast<std::size_t>(i)];
        s.step = i;
        s.timestampMs = 1.7e12 + static_cast<double>(i) * 50;
        s.wallMs = 50 + static_cast<double>(i % 7);
        s.samples = 32;
        s.samplesPerSec = samplesPerSecond(s.samples, s.wallMs);
        s.dataWaitMs = 3;
        s.forwardMs = 15;
        s.backwardMs = 25;
        s.optimizerMs = 5;
        s.loss = 2.0 / static_cast<double>(i + 1);
        s.rssBytes = 1 << 30;
        s.cpuUtilisation = 1.9;
        s.loadMs = 40;
        s.decodeMs = 30;
    }
    return steps;
}

std::int64_t newRun(ResultStore& store) {
    RunRecord run;
    run.name = "ingest";
    run.model = "tiny";
    return store.createRun(run);
}

void stepWriterIngest(benchmark::State& state) {
    const auto rows = makeSteps(state.range(0));
    for (auto _ : state) {
        state.PauseTiming();
        bench::ScratchDatabase db("bb-ingest-bench", std::to_string(s_databases++));
        std::int64_t runId = 0;
        {
            ResultStore store(db.file());
            runId = newRun(store);
        }
        state.ResumeTiming();
        StepWriter writer(db.file(), runId);
        for (const auto& row : rows) writer.push(row);
        const std::string error = writer.close();
        if (!error.empty()) state.SkipWithError(error.c_str());
        state.PauseTiming();
        if (writer.committedRows() != state.range(0)) state.SkipWithError("rows lost");
        state.ResumeTiming();
    }
    state.counters["rows_per_s"] =
        benchmark::Counter(static_cast<double>(state.range(0) * state.iterations()), benchmark::Counter::kIsRate);
}

void appendStepsIngest(benchmark::State& state) {
    const auto rows = makeSteps(state.range(0));
    for (auto _ : state) {
        state.PauseTiming();
        bench::ScratchDatabase db("bb-ingest-bench", std::to_string(s_databases++));
        ResultStore store(db.file());
        const auto runId = newRun(store);
        state.ResumeTiming();
        store.appendSteps(runId, rows);
    }
    state.counters["rows_per_s"] =
        benchmark::Counter(static_cast<double>(state.range(0) * state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK(stepWriterIngest)->Arg(200'000)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2);
BENCHMARK(appendStepsIngest)->Arg(200'000)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2);

}  // namespace
}  // namespace bb

BENCHMARK_MAIN();
