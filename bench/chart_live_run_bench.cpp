// What watching a run costs the run: the same tiny training run (400 steps, batch 8, the
// synthetic JPEG set, every core), once with the Run tab's live dashboard shown and fed, once
// with nothing drawn (its peer: the engine behind the same EngineBridge, as the CLI runs it).
// On a machine whose cores the run's intra-op threads all use, every millisecond the UI thread
// paints is taken from a training thread, and OpenMP's barriers turn a short preemption into a
// slow step. Reported per run: median and mean step time from the stored steps, and the UI
// thread's CPU time as a share of one core while the run trained.
// Run: build/release/bench/chart_live_run_bench --benchmark_enable_random_interleaving=true
//      --benchmark_repetitions=4 (QT_QPA_PLATFORM=xcb under a display paints as the app does).
#include <QEventLoop>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <vector>

#include <time.h>
#include "adapters/engine_bridge.h"
#include "bridgebench/result_store.h"
#include "widgets/live_dashboard.h"
#include "qt_benchmark_main.h"
#include "scratch_database.h"

namespace {

double threadCpuSeconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

double wallSeconds() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

void liveRun(benchmark::State& state) {
    const bool watched = state.range(0) != 0;
    const bb::bench::ScratchDatabase scratch("bb-live-run-bench", "");
    const auto& file = scratch.file();
    bb::ui::EngineBridge engine;
    std::unique_ptr<bb::ui::LiveDashboard> dashboard;
    if (watched) {
        dashboard = std::make_unique<bb::ui::LiveDashboard>(engine);
        // About the Run tab's share of a 1280 × 800 window.
        dashboard->resize(920, 640);
        dashboard->show();
    }
    bb::RunConfig config;
    config.model = "tiny";
    config.steps = 400;
    config.probe = false;
    double uiCpu = 0;
    double trainedS = 0;
    std::vector<double> medians, means;
    for (auto _ : state) {
        double cpuAtStart = 0, wallAtStart = 0;
        qint64 finishedRun = 0;
        QString status;
        QEventLoop loop;
        auto began = QObject::connect(&engine, &bb::ui::EngineBridge::runStarted, [&] {
            cpuAtStart = threadCpuSeconds();
            wallAtStart = wallSeconds();
        });
        auto ended = QObject::connect(&engine, &bb::ui::EngineBridge::runFinished,
                                      [&](qint64 runId, const QString& outcome, const QString&) {
                                          uiCpu += threadCpuSeconds() - cpuAtStart;
                                          trainedS += wallSeconds() - wallAtStart;
                                          finishedRun = runId;
                                          status = outcome;
                                          loop.quit();
                                      });
        engine.startRun(QString::fromStdString(file.string()), config);
        loop.exec();
        QObject::disconnect(began);
        QObject::disconnect(ended);
        if (status != QLatin1String("completed")) {
            state.SkipWithError(("the run ended " + status.toStdString()).c_str());
            break;
        }
        bb::ResultStore store(file);
        std::vector<double> wallMs;
        for (const auto& step : store.steps(finishedRun))
            if (step.step >= config.warmupSteps) wallMs.push_back(step.wallMs);
        means.push_back(std::accumulate(wallMs.begin(), wallMs.end(), 0.0) / static_cast<double>(wallMs.size()));
        std::nth_element(wallMs.begin(), wallMs.begin() + static_cast<std::ptrdiff_t>(wallMs.size() / 2), wallMs.end());
        medians.push_back(wallMs[wallMs.size() / 2]);
    }
    if (!medians.empty()) {
        const auto count = static_cast<double>(medians.size());
        state.counters["median_step_ms"] = std::accumulate(medians.begin(), medians.end(), 0.0) / count;
        state.counters["mean_step_ms"] = std::accumulate(means.begin(), means.end(), 0.0) / count;
        state.counters["ui_core_share"] = trainedS > 0 ? uiCpu / trainedS : 0.0;
    }
}
BENCHMARK(liveRun)->ArgName("watched")->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

int main(int argc, char** argv) { return bb::bench::runQtBenchmarks(argc, argv); }
