// The Run tab's timeline (#51): tracks labelled, spans found under the pointer, zoom and pan by
// keys, a live run followed until the user moves the view, a stored run's spans shown when it is
// picked in the runs table, and the Go to step box showing the step the view is on.
#include "widgets/timeline_view.h"

#include <QApplication>
#include <QChartView>
#include <QImage>
#include <QLineEdit>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <QWheelEvent>

#include <gtest/gtest.h>

#include "adapters/engine_bridge.h"
#include "charts/time_series_chart.h"
#include "widgets/live_dashboard.h"

namespace bb::ui::timeline_view_test {
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

// twoWorkerRun's step under the middle of the view: its steps are 10 ms each, one after another.
std::int64_t stepAtCentre(const TimelineView& view, std::int64_t steps) {
    const auto [begin, end] = view.visibleRangeNs();
    return std::clamp<std::int64_t>((begin + (end - begin) / 2) / (10 * kMs), 0, steps - 1);
}

void turnWheel(QWidget& widget, QPoint at, int notches) {
    QWheelEvent event(at, widget.mapToGlobal(at), {}, QPoint(0, 120 * notches), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(&widget, &event);
}

// The box said the step it was last sent to while the view was panned and zoomed elsewhere.
TEST(TimelineGoToStep, TheBoxShowsTheStepUnderTheViewsCentreHoweverTheViewMoved) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    dashboard.resize(1200, 800);
    dashboard.show();
    dashboard.pages()->setCurrentIndex(1);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dashboard));
    auto* box = dashboard.findChild<QSpinBox*>("timelineStep");
    ASSERT_NE(box, nullptr);
    TimelineView& view = *dashboard.timeline();
    std::vector<StepMetrics> steps(40);
    for (std::size_t k = 0; k < steps.size(); ++k) steps[k].step = static_cast<std::int64_t>(k);
    dashboard.showStoredTimeline(twoWorkerRun(40));
    dashboard.showStoredRun("stored", steps);
    EXPECT_EQ(box->value(), 1) << "a stored run opens at its second step";

    for (int k = 0; k < 12; ++k) QTest::keyClick(&view, Qt::Key_Right);
    EXPECT_GT(stepAtCentre(view, 40), 2);
    EXPECT_EQ(box->value(), stepAtCentre(view, 40)) << "after panning right";
    // Zooming out around a pointer near the right edge moves the centre left.
    const int before = box->value();
    turnWheel(view, QPoint(view.width() - 10, view.height() / 2), -8);
    EXPECT_EQ(box->value(), stepAtCentre(view, 40)) << "after the wheel";
    EXPECT_NE(box->value(), before);
    QTest::keyClick(&view, Qt::Key_Home);
    EXPECT_EQ(box->value(), stepAtCentre(view, 40)) << "after Home";
    QTest::keyClick(&view, Qt::Key_Plus);
    QTest::keyClick(&view, Qt::Key_Plus);
    QTest::mouseMove(&view, QPoint(view.width() / 2, view.height() / 2));
    QTest::mousePress(&view, Qt::LeftButton, {}, QPoint(view.width() / 2, view.height() / 2));
    QTest::mouseMove(&view, QPoint(view.width() / 2 + 300, view.height() / 2));
    QTest::mouseRelease(&view, Qt::LeftButton, {}, QPoint(view.width() / 2 + 300, view.height() / 2));
    EXPECT_EQ(box->value(), stepAtCentre(view, 40)) << "after dragging";

    // A step entered goes there; the number the view then puts in the box does not move it again.
    box->setValue(30);
    const auto atThirty = view.visibleRangeNs();
    EXPECT_LE(atThirty.first, 290 * kMs);
    EXPECT_GE(atThirty.second, 320 * kMs);
    EXPECT_EQ(box->value(), 30);
    QTest::keyClick(&view, Qt::Key_Right);
    QTest::keyClick(&view, Qt::Key_Right);
    QTest::keyClick(&view, Qt::Key_Right);
    const std::int64_t tenth = (atThirty.second - atThirty.first) / 10;
    EXPECT_EQ(view.visibleRangeNs().first, atThirty.first + 3 * tenth) << "the view went where the keys took it, only";
    EXPECT_EQ(box->value(), stepAtCentre(view, 40));
    EXPECT_EQ(box->value(), 31);

    // Typed digit by digit, the number moves the view once it is entered.
    auto* edit = box->findChild<QLineEdit*>();
    ASSERT_NE(edit, nullptr);
    edit->selectAll();
    QTest::keyClicks(box, "12");
    EXPECT_EQ(box->value(), 31) << "nothing yet";
    QTest::keyClick(box, Qt::Key_Return);
    EXPECT_EQ(box->value(), 12);
    EXPECT_EQ(stepAtCentre(view, 40), 12);
}

// A live run's view follows its newest steps, and the box with it.
TEST(TimelineGoToStep, TheBoxFollowsALiveRun) {
    ui::EngineBridge engine;
    ui::LiveDashboard dashboard(engine);
    auto* box = dashboard.findChild<QSpinBox*>("timelineStep");
    ASSERT_NE(box, nullptr);
    dashboard.startRun(1, "live", 100);
    dashboard.appendSpans(twoWorkerRun(10));
    ASSERT_TRUE(dashboard.timeline()->following());
    EXPECT_EQ(box->value(), stepAtCentre(*dashboard.timeline(), 10));
    EXPECT_GE(box->value(), 7);
    dashboard.appendSpans(twoWorkerRun(10, 10));
    EXPECT_EQ(box->value(), stepAtCentre(*dashboard.timeline(), 20));
    EXPECT_GE(box->value(), 17);
    dashboard.startRun(2, "next", 100);
    EXPECT_EQ(box->value(), 0) << "a new run starts from nothing shown";
}

}  // namespace
}  // namespace bb::ui::timeline_view_test
