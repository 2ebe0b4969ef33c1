// How long a chart of 1,000,000 points takes to decimate and to redraw (issue: under 100 ms).
// Run: build/dev/bench/chart_decimation_bench (offscreen; no display needed).
#include <QImage>
#include <QPainter>

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "charts/decimation.h"
#include "charts/series_data.h"
#include "charts/time_series_chart.h"
#include "qt_benchmark_main.h"

namespace {

constexpr int kPoints = 1'000'000;
constexpr int kColumns = 1920;

std::vector<QPointF> noisySeries() {
    std::mt19937 random(1);
    std::normal_distribution<double> noise(600.0, 40.0);
    std::vector<QPointF> points;
    points.reserve(kPoints);
    for (int step = 0; step < kPoints; ++step) points.emplace_back(step, noise(random));
    return points;
}

void decimateFullData(benchmark::State& state) {
    const auto points = noisySeries();
    for (auto _ : state) benchmark::DoNotOptimize(bb::ui::decimateMinMax(points, 0, kPoints - 1, kColumns));
    state.SetItemsProcessed(state.iterations() * kPoints);
}
BENCHMARK(decimateFullData)->Unit(benchmark::kMillisecond);

void decimateWithBucketSummary(benchmark::State& state) {
    bb::ui::SeriesData data;
    data.assign(noisySeries());
    for (auto _ : state) benchmark::DoNotOptimize(data.decimate(0, kPoints - 1, kColumns));
    state.SetItemsProcessed(state.iterations() * kPoints);
}
BENCHMARK(decimateWithBucketSummary)->Unit(benchmark::kMillisecond);

void decimateZoomedRange(benchmark::State& state) {
    bb::ui::SeriesData data;
    data.assign(noisySeries());
    std::mt19937 random(2);
    std::uniform_real_distribution<double> start(0, kPoints / 2.0);
    for (auto _ : state) {
        const double low = start(random);
        benchmark::DoNotOptimize(data.decimate(low, low + kPoints / 4.0, kColumns));
    }
}
BENCHMARK(decimateZoomedRange)->Unit(benchmark::kMillisecond);

// The whole redraw: decimate from the full data for the plot width, hand the points to Qt
// Charts, lay out and paint a 1920×1080 image. Alternates between the full range and a zoom
// so that every iteration really redoes the decimation.
void redrawChart(benchmark::State& state) {
    bb::ui::TimeSeriesChart chart;
    chart.addLine("samples/s");
    chart.setAxisTitles("step", "samples/s");
    chart.resize(1920, 1080);
    // Shown (offscreen), so the chart has its on-screen size between exports, as in the app.
    chart.show();
    chart.setPoints(0, noisySeries());
    chart.refresh();
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    bool zoomed = false;
    for (auto _ : state) {
        if (zoomed)
            chart.resetZoom();
        else
            chart.zoomToX(100'000, 700'000);
        zoomed = !zoomed;
        QPainter painter(&image);
        chart.render(painter, QSizeF(1920, 1080));
    }
    state.counters["drawn_points"] = static_cast<double>(chart.drawnPointCount(0));
}
BENCHMARK(redrawChart)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace

int main(int argc, char** argv) { return bb::bench::runQtBenchmarks(argc, argv); }
