// What selecting a long run in the Runs tab costs the UI thread: the longest the event loop
// is held, from the selection until the diagnosis shows. Peer: the same selection as the
// window made it before the steps were read off the UI thread (RunStore::steps, then the
// diagnosis, on the UI thread), measured as the time those two calls take.
// Run: build/release/bench/chart_select_run_bench --benchmark_repetitions=3
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <vector>

#include "adapters/run_store.h"
#include "bridgebench/result_store.h"
#include "qt_benchmark_main.h"
#include "scratch_database.h"
#include "ui_stall.h"
#include "widgets/diagnosis_panel.h"
#include "widgets/main_window.h"
#include "widgets/runs_browser.h"

namespace {

// One run of `count` steps with a full breakdown, as a CPU run stores them; returns its id.
qint64 storeLongRun(const std::filesystem::path& file, int count) {
    bb::ResultStore store(file);
    bb::RunRecord record;
    record.name = "long";
    record.status = bb::RunStatus::Completed;
    record.deviceKind = "cpu";
    record.batchSize = 8;
    const qint64 id = store.createRun(record);
    std::vector<bb::StepMetrics> steps(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        auto& s = steps[static_cast<std::size_t>(i)];
        s.step = i;
        s.samples = 8;
        s.dataWaitMs = 4 + i % 3;
        s.loadMs = s.dataWaitMs;
        s.decodeMs = 3;
        s.forwardMs = 10 + i % 5;
        s.backwardMs = 20 + i % 7;
        s.optimizerMs = 2;
        s.wallMs = s.dataWaitMs + s.forwardMs + s.backwardMs + s.optimizerMs;
        s.samplesPerSec = 8000.0 / s.wallMs;
        s.otherCpuCores = 0.01;
    }
    store.appendSteps(id, steps);
    return id;
}

// Made before the window or store that reads it, so that its files go after they close them.
struct LongRun {
    explicit LongRun(int count)
        : scratch("bb-select-run-bench", std::to_string(count)), file(scratch.file()), id(storeLongRun(file, count)) {}
    bb::bench::ScratchDatabase scratch;
    std::filesystem::path file;
    qint64 id;
};

void selectThroughStepReader(benchmark::State& state) {
    const LongRun run(static_cast<int>(state.range(0)));
    bb::ui::MainWindow window(QString::fromStdString(run.file.string()));
    double worst = 0;
    for (auto _ : state) {
        window.runsBrowser()->selectRuns({});
        const double stall = bb::bench::longestStallMs([&] { window.runsBrowser()->selectRuns({run.id}); },
                                            [&] { return !window.diagnosisPanel()->isReading(); });
        worst = std::max(worst, stall);
        state.SetIterationTime(stall / 1000);
    }
    state.counters["ui_stall_ms_worst"] = worst;
}

void selectOnUiThread(benchmark::State& state) {
    const LongRun run(static_cast<int>(state.range(0)));
    bb::ui::RunStore store;
    store.open(QString::fromStdString(run.file.string()));
    bb::ui::DiagnosisPanel panel;
    double worst = 0;
    for (auto _ : state) {
        const double stall = bb::bench::longestStallMs([&] { panel.showRun(store.run(run.id), store.steps(run.id)); },
                                            [] { return true; });
        worst = std::max(worst, stall);
        state.SetIterationTime(stall / 1000);
    }
    state.counters["ui_stall_ms_worst"] = worst;
}

}  // namespace

BENCHMARK(selectThroughStepReader)->Arg(20000)->Arg(200000)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(selectOnUiThread)->Arg(20000)->Arg(200000)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);

int main(int argc, char** argv) { return bb::bench::runQtBenchmarks(argc, argv); }
