#include "charts/time_series_chart.h"

#include <QTest>
#include <QImage>
#include <QPixmap>
#include <QTimer>

#include <cmath>

#include <gtest/gtest.h>

namespace bb::ui {
namespace {

bool drawnContainsX(const TimeSeriesChart& chart, int track, double x) {
    const auto drawn = chart.drawnPoints(track);
    return std::any_of(drawn.begin(), drawn.end(), [x](const QPointF& point) { return point.x() == x; });
}

// Feeds `steps` points a few at a time from a timer, so that the chart draws, lays out and
// repaints between batches as it does in a live run, then waits until the last is drawn.
void stream(TimeSeriesChart& chart, int steps, int perBatch) {
    int next = 0;
    QTimer feeder;
    feeder.setInterval(5);
    QObject::connect(&feeder, &QTimer::timeout, [&] {
        for (int index = 0; index < perBatch && next < steps; ++index, ++next)
            for (int track = 0; track < chart.trackCount(); ++track)
                chart.appendPoints(track, {QPointF(next, 100.0 + (next * 37 % 50) + 10.0 * track)});
        if (chart.isStale()) chart.refresh();
    });
    feeder.start();
    ASSERT_TRUE(QTest::qWaitFor([&] { return next >= steps; }, 30'000));
    feeder.stop();
    chart.refresh();
}

struct Layout {
    const char* name;
    void (*build)(TimeSeriesChart&);
};

void PrintTo(const Layout& layout, std::ostream* out) { *out << layout.name; }

class TimeSeriesChartStream : public ::testing::TestWithParam<Layout> {};

// Qt Charts lays a chart out from inside QValueAxis::setRange when its labels change width;
// that nested refresh once made the chart take its own x range for a user's zoom and freeze
// at the first ten steps.
TEST_P(TimeSeriesChartStream, ItsXAxisFollowsTheStreamToTheLastStep) {
    TimeSeriesChart chart;
    GetParam().build(chart);
    chart.resize(600, 400);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    stream(chart, 300, 5);
    EXPECT_FALSE(chart.isZoomed());
    EXPECT_EQ(chart.xMin(), 0);
    EXPECT_EQ(chart.xMax(), 299);
    for (int track = 0; track < chart.trackCount(); ++track)
        EXPECT_TRUE(drawnContainsX(chart, track, 299)) << GetParam().name << " track " << track;
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, TimeSeriesChartStream,
    ::testing::Values(Layout{"oneLine", [](TimeSeriesChart& chart) { chart.addLine("loss"); }},
                      Layout{"twoLines",
                             [](TimeSeriesChart& chart) {
                                 chart.addLine("raw");
                                 chart.addLine("smoothed");
                             }},
                      Layout{"stackedAreas",
                             [](TimeSeriesChart& chart) {
                                 const int wait = chart.addStackedArea("wait", -1);
                                 chart.addStackedArea("forward", wait);
                             }},
                      Layout{"twoAxes",
                             [](TimeSeriesChart& chart) {
                                 chart.addLine("CPU %");
                                 chart.addLine("RSS", TimeSeriesChart::YAxis::Right);
                             }}),
    [](const ::testing::TestParamInfo<Layout>& info) { return std::string(info.param.name); });

TEST(TimeSeriesChart, AUserZoomStillHoldsItsRangeWhileStepsArrive) {
    TimeSeriesChart chart;
    chart.addLine("loss");
    chart.resize(600, 400);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    stream(chart, 50, 5);
    chart.zoomToX(10, 20);
    chart.appendPoints(0, {QPointF(50, 1), QPointF(51, 2)});
    chart.refresh();
    EXPECT_TRUE(chart.isZoomed());
    EXPECT_EQ(chart.xMax(), 20);
    chart.resetZoom();
    EXPECT_EQ(chart.xMax(), 51);
}

TEST(TimeSeriesChart, StepTicksAreWholeNumbersFromTheFirstStep) {
    TimeSeriesChart chart;
    chart.addLine("loss");
    chart.resize(600, 400);
    chart.show();
    chart.refresh();
    // Empty (0..1) and one step: "0 0 0 0 1" was five ticks labelled with %d.
    EXPECT_EQ(chart.xTickInterval(), 1);
    chart.appendPoints(0, {QPointF(0, 1)});
    chart.refresh();
    EXPECT_GE(chart.xTickInterval(), 1);
    for (int step = 1; step < 1234; ++step) chart.appendPoints(0, {QPointF(step, 1)});
    chart.refresh();
    const double interval = chart.xTickInterval();
    EXPECT_EQ(interval, std::round(interval));
    EXPECT_EQ(interval, 200) << "about eight ticks over 0..1233";
}

TEST(TimeSeriesChart, ValueAxesUseRoundTicksFromZero) {
    TimeSeriesChart chart;
    chart.addLine("samples/s");
    chart.addLine("RSS", TimeSeriesChart::YAxis::Right);
    chart.resize(600, 400);
    chart.show();
    chart.appendPoints(0, {QPointF(0, 420.0), QPointF(1, 941.9)});
    chart.appendPoints(1, {QPointF(0, 3.3), QPointF(1, 7.1)});
    chart.refresh();
    const auto left = chart.valueTicks(TimeSeriesChart::YAxis::Left);
    EXPECT_EQ(left.min, 0);
    EXPECT_EQ(left.max, 1000);
    EXPECT_EQ(left.count, 5);  // 0, 250, 500, 750, 1000
    EXPECT_EQ(left.labelFormat, "%.0f");
    const auto right = chart.valueTicks(TimeSeriesChart::YAxis::Right);
    EXPECT_EQ(right.min, 0);
    EXPECT_EQ(right.max, 8);
    EXPECT_EQ(right.count, 5);  // 0, 2, 4, 6, 8
}

TEST(TimeSeriesChart, SaysSoWhenItHasNoStepsYet) {
    TimeSeriesChart chart;
    chart.addLine("loss");
    chart.resize(600, 400);
    chart.show();
    chart.refresh();
    EXPECT_TRUE(chart.isEmptyTextShown());
    EXPECT_EQ(chart.emptyText(), "No steps yet");
    chart.appendPoints(0, {QPointF(0, 1)});
    chart.refresh();
    EXPECT_FALSE(chart.isEmptyTextShown());
    chart.clearPoints();
    EXPECT_TRUE(chart.isEmptyTextShown());
    chart.setEmptyText("Published figures have no per-step data");
    EXPECT_EQ(chart.emptyText(), "Published figures have no per-step data");
}

// Strongly red pixels in the left `share` of the chart as drawn, where the plot is when the
// legend sits beside it (antialiasing blends a thin outline, so no exact colour match).
int redPixels(TimeSeriesChart& chart, double share) {
    const QImage image = chart.grab().toImage();
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < static_cast<int>(image.width() * share); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (pixel.red() > 110 && pixel.green() < 90 && pixel.blue() < 90) ++count;
        }
    }
    return count;
}

TEST(TimeSeriesChart, AStackedAreaWithoutPointsDrawsNothing) {
    TimeSeriesChart chart;
    const int area = chart.addStackedArea("wait", -1, QColor(0xd0, 0x10, 0x10));
    chart.addStackedArea("forward", area, QColor(0x10, 0x10, 0xd0));
    chart.placeLegendBesidePlot();
    chart.resize(700, 400);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    chart.refresh();
    // Before the first step the breakdown once showed a red line up the plot's left edge.
    EXPECT_EQ(redPixels(chart, 0.7), 0);

    chart.appendPoints(0, {QPointF(0, 2), QPointF(1, 3), QPointF(2, 2)});
    chart.appendPoints(1, {QPointF(0, 4), QPointF(1, 5), QPointF(2, 4)});
    chart.refresh();
    EXPECT_GT(redPixels(chart, 0.7), 1000) << "with points the area is drawn";
}

}  // namespace
}  // namespace bb::ui
