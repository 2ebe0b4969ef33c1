// What pressing Run costs the UI thread: the longest the event loop is held from the press until
// the run has started (its first step, or its refusal), with a dataset of a 100,000-line
// manifest, whose every image the session's checks look at. Peer: the same press as the window
// made it before the session was made off the UI thread, measured as the time making the session
// takes on the calling thread (its checks, the environment, the store's open and the run's row).
// Goal: under 16 ms (a frame at 60 Hz).
// Run: build/release/bench/chart_run_press_bench --benchmark_repetitions=3
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "adapters/engine_bridge.h"
#include "bridgebench/run_observer.h"
#include "bridgebench/run_session.h"
#include "bridgebench/synthetic_dataset.h"
#include "qt_benchmark_main.h"
#include "scratch_database.h"
#include "ui_stall.h"

namespace {

constexpr int kManifestLines = 100'000;

// A manifest of kManifestLines lines over 100 generated JPEGs, made once per process.
struct LongManifest {
    LongManifest() : folder(std::filesystem::temp_directory_path() / ("bb-run-press-bench-" + std::to_string(::getpid()))) {
        bb::SyntheticDatasetOptions options;
        options.count = 100;
        const auto images = bb::generateSyntheticDataset(folder / "images", options);
        std::ifstream in(images.manifest);
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        manifest = images.manifest.parent_path() / "long.jsonl";  // its image paths are relative to it
        std::ofstream out(manifest);
        for (int index = 0; index < kManifestLines; ++index) out << lines[static_cast<std::size_t>(index) % lines.size()] << '\n';
    }
    ~LongManifest() {
        std::error_code ignored;
        std::filesystem::remove_all(folder, ignored);
    }
    std::filesystem::path folder;
    std::filesystem::path manifest;
};

const LongManifest& longManifest() {
    static const LongManifest made;
    return made;
}

bb::RunConfig pressedConfig() {
    bb::RunConfig config;
    config.model = "mini-clip";
    config.dataset = longManifest().manifest.string();
    config.steps = 2;
    config.batchSize = 2;
    config.probe = false;
    return config;
}

void pressRunThroughTheBridge(benchmark::State& state) {
    const bb::bench::ScratchDatabase scratch("bb-run-press-bench", "bridge");
    const auto config = pressedConfig();
    double worst = 0;
    for (auto _ : state) {
        bb::ui::EngineBridge engine;
        bool began = false;
        bool finished = false;
        QString refusal;
        QObject::connect(&engine, &bb::ui::EngineBridge::runStarted, [&] { began = true; });
        QObject::connect(&engine, &bb::ui::EngineBridge::runRefused, [&](const QString& error) { refusal = error; });
        QObject::connect(&engine, &bb::ui::EngineBridge::runFinished, [&] { finished = true; });
        const double stall = bb::bench::longestStallMs([&] { engine.startRun(QString::fromStdString(scratch.file().string()), config); },
                                            [&] { return began || !refusal.isEmpty(); });
        if (!refusal.isEmpty()) {
            state.SkipWithError(refusal.toStdString().c_str());
            break;
        }
        worst = std::max(worst, stall);
        state.SetIterationTime(stall / 1000);
        state.PauseTiming();
        engine.cancel();
        while (!finished) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
        state.ResumeTiming();
    }
    state.counters["ui_stall_ms_worst"] = worst;
}

class NoObserver final : public bb::RunObserver {
public:
    void started(const bb::RunStarted&) override {}
    void step(const bb::StepMetrics&) override {}
    void finished(const bb::RunOutcome&) override {}
};

void makeTheSessionOnTheUiThread(benchmark::State& state) {
    const bb::bench::ScratchDatabase scratch("bb-run-press-bench", "inline");
    const auto config = pressedConfig();
    NoObserver observer;
    double worst = 0;
    for (auto _ : state) {
        QElapsedTimer timer;
        timer.start();
        bb::RunSession session(scratch.file().string(), config, observer);
        const double held = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        worst = std::max(worst, held);
        state.SetIterationTime(held / 1000);
        state.PauseTiming();
        session.start();
        session.cancel();
        session.wait();
        state.ResumeTiming();
    }
    state.counters["ui_stall_ms_worst"] = worst;
}

}  // namespace

BENCHMARK(pressRunThroughTheBridge)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(makeTheSessionOnTheUiThread)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);

int main(int argc, char** argv) { return bb::bench::runQtBenchmarks(argc, argv); }
