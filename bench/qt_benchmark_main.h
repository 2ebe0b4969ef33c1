// The main of the benchmarks that measure the Qt front end: they need a QApplication, offscreen
// unless QT_QPA_PLATFORM names another platform (xcb under a display paints as the app does).
#pragma once

#include <QApplication>

#include <benchmark/benchmark.h>

namespace bb::bench {

inline int runQtBenchmarks(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

}  // namespace bb::bench
