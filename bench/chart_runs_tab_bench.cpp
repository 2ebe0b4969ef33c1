// What a store of many runs costs the UI thread: the longest the event loop is held from opening
// a database of 10,000 runs (each with the config, environment and summary a run of this engine
// stores) until the Runs table holds them all, and from asking the store to read them again (what
// the window does when a run ends or an import lands) until it has. Goal: under 16 ms (a frame at
// 60 Hz). Peer: the same read on the calling thread (ResultStore::listRuns), as the window's store
// made it before it read off the UI thread.
// Run: build/release/bench/chart_runs_tab_bench --benchmark_repetitions=3
#include <QElapsedTimer>
#include <QEventLoop>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>

#include "adapters/run_store.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_config.h"
#include "models/run_table_model.h"
#include "qt_benchmark_main.h"
#include "scratch_database.h"
#include "ui_stall.h"

namespace {

constexpr int kRuns = 10'000;

bb::RunRecord typicalRun(int index) {
    bb::RunRecord run;
    run.name = "tiny b8 fp32 cpu workers " + std::to_string(index % 3) + " #" + std::to_string(index);
    run.status = bb::RunStatus::Completed;
    run.deviceKind = "cpu";
    run.deviceName = "cpu";
    run.model = "tiny";
    run.precision = "fp32";
    run.batchSize = 8;
    run.workers = index % 3;
    run.deviceTransforms = index % 2 == 1;
    bb::RunConfig config;
    config.model = "tiny";
    config.workers = index % 3;
    bb::from_json(bb::toJson(config), run.config);
    run.environment.hostname = "bench-host";
    run.environment.cpuModel = "AMD EPYC 7B13";
    run.environment.logicalCores = 2;
    run.environment.intraOpThreads = 1;
    run.summary.meanSamplesPerSec = 40.0 + index % 7;
    run.summary.medianSamplesPerSec = 41.0 + index % 7;
    run.summary.achievedFlopsPerSec = 4e9;
    run.summary.dataWaitShare = 0.2;
    return run;
}

// A database of kRuns runs, made once per process (the shipped reference runs come with it).
const bb::bench::ScratchDatabase& manyRuns() {
    static const bb::bench::ScratchDatabase scratch("bb-runs-tab-bench", "many");
    static const bool filled = [] {
        bb::ResultStore store(scratch.file());
        for (int index = 0; index < kRuns; ++index) store.createRun(typicalRun(index));
        return true;
    }();
    (void)filled;
    return scratch;
}

void openTheRunsTab(benchmark::State& state) {
    const QString file = QString::fromStdString(manyRuns().file().string());
    double worst = 0;
    for (auto _ : state) {
        bb::ui::RunStore store;
        bb::ui::RunTableModel model(store);
        const double stall = bb::bench::longestStallMs([&] { store.open(file); },
                                                       [&] { return model.rowCount() >= kRuns; });
        worst = std::max(worst, stall);
        state.SetIterationTime(stall / 1000);
    }
    state.counters["ui_stall_ms_worst"] = worst;
}

void readTheRunsAgain(benchmark::State& state) {
    const QString file = QString::fromStdString(manyRuns().file().string());
    bb::ui::RunStore store;
    bb::ui::RunTableModel model(store);
    store.open(file);
    while (model.rowCount() < kRuns) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    double worst = 0;
    for (auto _ : state) {
        bool changed = false;
        const auto connection = QObject::connect(&store, &bb::ui::RunStore::runsChanged, [&] { changed = true; });
        const double stall = bb::bench::longestStallMs([&] { store.reload(); }, [&] { return changed; });
        QObject::disconnect(connection);
        worst = std::max(worst, stall);
        state.SetIterationTime(stall / 1000);
    }
    state.counters["ui_stall_ms_worst"] = worst;
}

void listRunsOnTheCallingThread(benchmark::State& state) {
    bb::ResultStore store(manyRuns().file(), bb::StoreAccess::Reading);
    double worst = 0;
    for (auto _ : state) {
        QElapsedTimer timer;
        timer.start();
        const auto runs = store.listRuns();
        benchmark::DoNotOptimize(runs.data());
        const double held = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        worst = std::max(worst, held);
        state.SetIterationTime(held / 1000);
    }
    state.counters["ui_stall_ms_worst"] = worst;
}

}  // namespace

BENCHMARK(openTheRunsTab)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(readTheRunsAgain)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(listRunsOnTheCallingThread)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);

int main(int argc, char** argv) { return bb::bench::runQtBenchmarks(argc, argv); }
