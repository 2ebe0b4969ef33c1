// The Run tab's timeline (#51): tracks labelled, spans found under the pointer, zoom and pan by
// keys, a live run followed until the user moves the view, and a stored run's spans shown when
// it is picked in the runs table.
#include "widgets/timeline_view.h"

#include <QChartView>
#include <QImage>
#include <QTabWidget>
#include <QTest>

#include <gtest/gtest.h>

#include "adapters/engine_bridge.h"
#include "charts/time_series_chart.h"
#include "widgets/live_dashboard.h"

namespace bb::ui {
namespace {

constexpr std::int64_t kMs = 1'000'000;

// Two loader workers and the training thread over `steps` steps of 10 ms: the data wait, forward
// and backward on the main thread, a batch with two decodes nested in it on worker step % 2.
std::vector<TimelineSpan> twoWorkerRun(std::int64_t steps, std::int64_t firstStep = 0) {
    std::vector<TimelineSpan> spans;
    for (std::int64_t step = firstStep; step < firstStep + steps; ++step) {
        const std::int64_t t = step * 10 * kMs;
        spans.push_back({0, TimelineTrack::Main, 0, SpanKind::DataWait, step, t, t + 2 * kMs});
        spans.push_back({0, TimelineTrack::Main, 0, SpanKind::Forward, step, t + 2 * kMs, t + 5 * kMs});
        spans.push_back({0, TimelineTrack::Main, 0, SpanKind::Backward, step, t + 5 * kMs, t + 10 * kMs});
        const int worker = static_cast<int>(step % 2);
        spans.push_back({0, TimelineTrack::Worker, worker, SpanKind::Batch, step, t - 12 * kMs, t - 2 * kMs});
        spans.push_back({0, TimelineTrack::Worker, worker, SpanKind::Decode, step, t - 12 * kMs, t - 8 * kMs});
        spans.push_back({0, TimelineTrack::Worker, worker, SpanKind::Decode, step, t - 7 * kMs, t - 3 * kMs});
    }
    return spans;
}

class Timeline : public ::testing::Test {
protected:
    void SetUp() override {
        view.resize(900, 300);
        view.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    }
    // The pointer's place over `ns` on the row of track `row`, `band` levels of nesting down.
    QPoint at(std::int64_t ns, int row, int band = 0) {
        const auto [begin, end] = view.visibleRangeNs();
        const int gutter = view.fontMetrics().horizontalAdvance("main thread") + 16;
        const double x = gutter + static_cast<double>(ns - begin) * (view.width() - gutter - 4) / static_cast<double>(end - begin);
        const int axis = view.fontMetrics().height() + 10;
        const int bandHeight = view.fontMetrics().height() + 4;
        int top = axis;
        for (int k = 0; k < row; ++k) top += k == 0 ? view.fontMetrics().height() * 2 : 2 * bandHeight + 4;
        return QPoint(static_cast<int>(x), top + 2 + band * bandHeight + bandHeight / 2);
    }
    TimelineView view;
};

TEST_F(Timeline, LabelsEveryTrackAndNamesTheSpanUnderThePointer) {
    view.setSpans(twoWorkerRun(20));
    EXPECT_EQ(view.trackLabels(), QStringList({"main thread", "worker 1", "worker 2"}));
    EXPECT_EQ(view.spanCount(), 120);
    ASSERT_TRUE(view.showStep(5));
    EXPECT_EQ(view.describeAt(at(53 * kMs, 0)), "forward, step 5: 3 ms\nmain thread");
    // Worker 2 built step 5's batch from 38 to 48 ms; its second decode is nested in the batch.
    EXPECT_EQ(view.describeAt(at(45 * kMs, 2, 0)), "batch, step 5: 10 ms\nworker 2");
    EXPECT_EQ(view.describeAt(at(45 * kMs, 2, 1)), "decode, step 5: 4 ms\nworker 2");
    EXPECT_EQ(view.describeAt(at(49 * kMs, 2, 1)), "") << "no span of worker 2 between its batches";
}

TEST_F(Timeline, KeysZoomAndPanAndHomeShowsEverything) {
    view.setSpans(twoWorkerRun(20));
    const auto start = view.visibleRangeNs();
    QTest::keyClick(&view, Qt::Key_Plus);
    const auto zoomed = view.visibleRangeNs();
    EXPECT_LT(zoomed.second - zoomed.first, start.second - start.first);
    QTest::keyClick(&view, Qt::Key_Right);
    EXPECT_GT(view.visibleRangeNs().first, zoomed.first);
    QTest::keyClick(&view, Qt::Key_Home);
    const auto all = view.visibleRangeNs();
    EXPECT_LE(all.first, -12 * kMs);
    EXPECT_GE(all.second, 200 * kMs);
}

TEST_F(Timeline, ALiveRunIsFollowedUntilTheUserMovesTheView) {
    view.appendSpans(twoWorkerRun(10));
    EXPECT_TRUE(view.following());
    EXPECT_EQ(view.visibleRangeNs().second, 100 * kMs);
    view.appendSpans(twoWorkerRun(10, 10));
    EXPECT_EQ(view.visibleRangeNs().second, 200 * kMs) << "the view follows the newest step";
    QTest::keyClick(&view, Qt::Key_Minus);
    EXPECT_FALSE(view.following());
    const auto held = view.visibleRangeNs();
    view.appendSpans(twoWorkerRun(10, 20));
    EXPECT_EQ(view.visibleRangeNs(), held) << "a view the user moved stays where it is";
}

TEST_F(Timeline, SpansThatArriveLaterNestAsIfTheyHadComeAtOnce) {
    view.appendSpans(twoWorkerRun(10));
    view.appendSpans(twoWorkerRun(10, 10));
    ASSERT_TRUE(view.showStep(15));
    EXPECT_EQ(view.describeAt(at(145 * kMs, 2, 1)), "decode, step 15: 4 ms\nworker 2");
    EXPECT_EQ(view.describeAt(at(145 * kMs, 2, 0)), "batch, step 15: 10 ms\nworker 2");
}

TEST_F(Timeline, RanksGetRowsOfTheirOwnAndAStoredRunWithoutSpansSaysSo) {
    auto spans = twoWorkerRun(4);
    for (auto span : twoWorkerRun(4)) {
        span.rank = 1;
        spans.push_back(span);
    }
    spans.push_back({1, TimelineTrack::AllReduce, 0, SpanKind::Bucket, 2, 24 * kMs, 27 * kMs});
    view.setSpans(spans);
    EXPECT_EQ(view.trackLabels(), QStringList({"rank 0 · main thread", "rank 0 · worker 1", "rank 0 · worker 2",
                                               "rank 1 · main thread", "rank 1 · worker 1", "rank 1 · worker 2",
                                               "rank 1 · all-reduce"}));
    view.setSpans({});
    EXPECT_EQ(view.spanCount(), 0);
    EXPECT_TRUE(view.trackLabels().isEmpty());
    // The empty view's text is drawn, not a blank area.
    const QImage image = view.grab().toImage();
    int dark = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) dark += qGray(image.pixel(x, y)) < 160;
    EXPECT_GT(dark, 50);
}

}  // namespace
}  // namespace bb::ui

namespace bb {
namespace {

// A click on a step of the throughput chart opens the Timeline page at that step, or at the
// nearest recorded one (a sampled run records one step in 50 after its first 50).
TEST(TimelineFromTheThroughputChart, AClickOnAStepOpensTheTimelineThere) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    dashboard.resize(1200, 800);
    dashboard.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dashboard));
    std::vector<StepMetrics> steps;
    for (std::int64_t step = 0; step < 200; ++step) {
        StepMetrics metrics;
        metrics.step = step;
        metrics.wallMs = 10;
        metrics.samples = 8;
        metrics.samplesPerSec = 800;
        metrics.forwardMs = 3;
        metrics.backwardMs = 5;
        steps.push_back(metrics);
    }
    std::vector<TimelineSpan> spans;
    for (const std::int64_t step : {10, 11, 12, 150}) {
        const std::int64_t t = step * 10'000'000;
        spans.push_back({0, TimelineTrack::Main, 0, SpanKind::Forward, step, t, t + 3'000'000});
        spans.push_back({0, TimelineTrack::Main, 0, SpanKind::Backward, step, t + 3'000'000, t + 8'000'000});
    }
    dashboard.showStoredTimeline(spans);
    dashboard.showStoredRun("stored", steps);
    dashboard.refreshNow();
    ASSERT_EQ(dashboard.pages()->currentIndex(), 0);

    auto* view = dashboard.throughputChart()->findChild<QChartView*>();
    ASSERT_NE(view, nullptr);
    const QRectF plot = view->chart()->plotArea();
    // Three quarters across steps 0..199 is step ~150: the recorded step there is 150.
    const QPoint at = view->mapFromScene(QPointF(plot.left() + plot.width() * 0.75, plot.center().y()));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    EXPECT_EQ(dashboard.pages()->currentIndex(), 1);
    const auto [begin, end] = dashboard.timeline()->visibleRangeNs();
    EXPECT_LE(begin, 1'500'000'000);
    EXPECT_GE(end, 1'508'000'000);
    EXPECT_GT(begin, 130'000'000) << "the view should be at step 150, not at the first steps";
}

}  // namespace
}  // namespace bb
