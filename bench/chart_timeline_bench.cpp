// How long the Run tab's timeline takes to redraw 10,000 spans (issue #51: under 16 ms), beside
// its peer: the same spans painted naively, a bar and a name for every span, as a first
// QPainter version would. Both paint into a 1920×400 image, all 10,000 spans in view.
// Run: build/release/bench/chart_timeline_bench (offscreen; no display needed).
#include <QImage>
#include <QPainter>

#include <benchmark/benchmark.h>

#include <vector>

#include "models/phase_colours.h"
#include "qt_benchmark_main.h"
#include "widgets/timeline_view.h"

namespace {

using bb::SpanKind;
using bb::TimelineSpan;
using bb::TimelineTrack;

constexpr int kWidth = 1920;
constexpr int kHeight = 400;
constexpr std::int64_t kMs = 1'000'000;

// A two-worker run as the engine records it: per step the training thread's six phases and,
// on the worker that built the batch, the batch with 8 samples' read, decode, transform and
// tokenize nested in it, its collate and an idle wait: 46 spans a step, 218 steps.
std::vector<TimelineSpan> tenThousandSpans() {
    std::vector<TimelineSpan> spans;
    for (std::int64_t step = 0; spans.size() < 10'000; ++step) {
        const std::int64_t t = step * 20 * kMs;
        const SpanKind phases[] = {SpanKind::DataWait, SpanKind::HostToDevice, SpanKind::Forward,
                                   SpanKind::Backward, SpanKind::Optimizer, SpanKind::Record};
        const std::int64_t lengths[] = {3 * kMs, kMs / 10, 6 * kMs, 9 * kMs, kMs, kMs / 2};
        std::int64_t at = t;
        for (int k = 0; k < 6; ++k) {
            spans.push_back({0, TimelineTrack::Main, 0, phases[k], step, at, at + lengths[k]});
            at += lengths[k];
        }
        const int worker = static_cast<int>(step % 2);
        const std::int64_t begin = t - 30 * kMs;
        spans.push_back({0, TimelineTrack::Worker, worker, SpanKind::Idle, step, begin - 4 * kMs, begin});
        spans.push_back({0, TimelineTrack::Worker, worker, SpanKind::Batch, step, begin, begin + 33 * kMs});
        std::int64_t sample = begin;
        for (int s = 0; s < 8; ++s) {
            const SpanKind stages[] = {SpanKind::Read, SpanKind::Decode, SpanKind::Transform, SpanKind::Tokenize};
            const std::int64_t stageLengths[] = {kMs / 5, 2 * kMs, kMs + kMs / 2, kMs / 10};
            for (int k = 0; k < 4; ++k) {
                spans.push_back({0, TimelineTrack::Worker, worker, stages[k], step, sample, sample + stageLengths[k]});
                sample += stageLengths[k];
            }
        }
        spans.push_back({0, TimelineTrack::Worker, worker, SpanKind::Collate, step, sample, begin + 33 * kMs});
    }
    return spans;
}

void paintTimelineView(benchmark::State& state) {
    const auto spans = tenThousandSpans();
    bb::ui::TimelineView view;
    view.resize(kWidth, kHeight);
    view.show();
    view.setSpans(spans);
    view.showAll();
    QImage image(kWidth, kHeight, QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        QPainter painter(&image);
        view.render(&painter);
    }
    state.counters["spans"] = static_cast<double>(view.spanCount());
}
BENCHMARK(paintTimelineView)->Unit(benchmark::kMillisecond);

// The peer: every span a filled bar and its name clipped to it, in the same rows.
void paintNaively(benchmark::State& state) {
    const auto spans = tenThousandSpans();
    std::int64_t first = spans.front().beginNs, last = spans.front().endNs;
    for (const auto& span : spans) {
        first = std::min(first, span.beginNs);
        last = std::max(last, span.endNs);
    }
    QImage image(kWidth, kHeight, QImage::Format_ARGB32_Premultiplied);
    const double scale = (kWidth - 100.0) / static_cast<double>(last - first);
    for (auto _ : state) {
        QPainter painter(&image);
        painter.fillRect(image.rect(), Qt::white);
        for (const auto& span : spans) {
            const int row = span.track == TimelineTrack::Main ? 0 : 1 + span.lane;
            const QRectF bar(100 + static_cast<double>(span.beginNs - first) * scale, 20 + row * 60,
                             std::max(1.0, static_cast<double>(span.endNs - span.beginNs) * scale), 50);
            painter.fillRect(bar, bb::ui::spanColour(span.kind));
            painter.drawText(bar, Qt::AlignVCenter | Qt::AlignLeft | Qt::TextSingleLine,
                             QString::fromUtf8(bb::spanKindName(span.kind).data(),
                                               static_cast<int>(bb::spanKindName(span.kind).size())));
        }
    }
    state.counters["spans"] = static_cast<double>(spans.size());
}
BENCHMARK(paintNaively)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) { return bb::bench::runQtBenchmarks(argc, argv); }
