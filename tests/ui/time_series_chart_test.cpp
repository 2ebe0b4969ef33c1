#include "charts/time_series_chart.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGraphicsView>
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

// A label Qt Charts shortened to "1..." for want of room, or an empty string.
QString cutLabel(const TimeSeriesChart& chart) {
    for (const QGraphicsItem* item : chart.findChild<QGraphicsView*>()->scene()->items()) {
        const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
        if (text == nullptr || !text->isVisible()) continue;
        const QString shown = text->toPlainText();
        if (shown.contains(QStringLiteral("...")) || shown.contains(QChar(0x2026))) return shown;
    }
    return {};
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

// The Compare tab once squeezed its per-step chart to about 200 px, where eight step ticks left
// each label too little room and Qt Charts printed "0 5 ... ... ...": ticks thin out with the
// plot's width instead, so every label shown is whole.
TEST(TimeSeriesChart, ANarrowChartShowsFewerStepTicksRatherThanCutLabels) {
    for (const int width : {200, 260, 400, 900}) {
        TimeSeriesChart chart;
        chart.addLine("samples/s");
        chart.resize(width, 300);
        chart.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
        for (int step = 0; step < 1234; ++step) chart.appendPoints(0, {QPointF(step, 40)});
        chart.refresh();
        QCoreApplication::processEvents();
        EXPECT_EQ(cutLabel(chart), QString()) << "at " << width << " px";
        int labels = 0;
        for (const QGraphicsItem* item : chart.findChild<QGraphicsView*>()->scene()->items()) {
            const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
            if (text != nullptr && text->isVisible()) ++labels;
        }
        EXPECT_GE(labels, 4) << "the step axis keeps at least two ticks at " << width << " px";
    }
}

// The Run tab's breakdown chart had about 95 px of plot at 1024 px, and mid-run it showed one
// tick, "0": two ticks over steps 0..45 made a step of 50.
TEST(TimeSeriesChart, ANarrowChartKeepsTwoStepTicksInsideAtEveryStepCount) {
    TimeSeriesChart chart;
    chart.addLine("wait");
    chart.resize(160, 300);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    for (int step = 0; step < 600; ++step) {
        chart.appendPoints(0, {QPointF(step, 10)});
        chart.refresh();
        if (step == 0) continue;
        const double interval = chart.xTickInterval();
        const double first = std::ceil(chart.xMin() / interval) * interval;
        EXPECT_LE(first + interval, chart.xMax()) << "steps 0.." << step << " with ticks every " << interval;
        QCoreApplication::processEvents();
        EXPECT_EQ(cutLabel(chart), QString()) << "steps 0.." << step;
    }
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

// Seen at 1024 × 768: before its first step the dashboard's four charts read 0.00 to 1.00 up
// their value axes and 0 to 1 along their steps, a range no run had.
TEST(TimeSeriesChart, WithoutStepsItsAxesShowNoFigures) {
    TimeSeriesChart chart;
    chart.addLine("CPU %");
    chart.addLine("RSS MiB", TimeSeriesChart::YAxis::Right);
    chart.setAxisTitles("step", "CPU %", "resident memory, MiB");
    chart.resize(600, 400);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    chart.refresh();
    const QList<QAbstractAxis*> axes = chart.findChild<QChartView*>()->chart()->axes();
    ASSERT_EQ(axes.size(), 3);
    for (const auto* axis : axes) EXPECT_EQ(axis->labelsColor().alpha(), 0) << axis->titleText().toStdString();
    // Their titles stay whole: the labels keep their room.
    QStringList titles;
    for (const auto* axis : axes) titles << axis->titleText();
    EXPECT_EQ(titles, QStringList({"step", "CPU %", "resident memory, MiB"}));

    // A new palette while empty keeps them out.
    QPalette dark = chart.palette();
    dark.setColor(QPalette::Text, Qt::white);
    dark.setColor(QPalette::Base, Qt::black);
    chart.setPalette(dark);
    for (const auto* axis : axes) EXPECT_EQ(axis->labelsColor().alpha(), 0) << axis->titleText().toStdString();

    chart.appendPoints(0, {QPointF(0, 150), QPointF(1, 190)});
    chart.refresh();
    for (const auto* axis : axes) EXPECT_EQ(axis->labelsColor(), QColor(Qt::white)) << axis->titleText().toStdString();
    chart.clearPoints();
    chart.refresh();
    for (const auto* axis : axes) EXPECT_EQ(axis->labelsColor().alpha(), 0) << axis->titleText().toStdString();
}

TEST(TimeSeriesChart, ANarrowPlotWrapsItsEmptyTextInsideIt) {
    TimeSeriesChart chart;
    chart.addLine("samples/s");
    chart.setAxisTitles("step", "samples/s");
    chart.setEmptyText("Published figures have no per-step data");
    chart.resize(230, 300);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    chart.refresh();
    const QGraphicsItem* shown = nullptr;
    for (const QGraphicsItem* item : chart.findChild<QGraphicsView*>()->scene()->items()) {
        const auto* rich = dynamic_cast<const QGraphicsTextItem*>(item);
        const auto* simple = dynamic_cast<const QGraphicsSimpleTextItem*>(item);
        const QString text = rich != nullptr ? rich->toPlainText() : simple != nullptr ? simple->text() : QString();
        if (item->isVisible() && text == chart.emptyText()) shown = item;
    }
    ASSERT_NE(shown, nullptr);
    const QRectF plot = chart.plotRect();
    const QRectF box = shown->sceneBoundingRect();
    EXPECT_GE(box.left(), plot.left() - 0.5) << "plot " << plot.width() << " px wide, text " << box.width();
    EXPECT_LE(box.right(), plot.right() + 0.5) << "plot " << plot.width() << " px wide, text " << box.width();
}

// Strongly red pixels in the plot as drawn, its left edge included but not the legend below it
// (antialiasing blends a thin outline, so no exact colour match). The view's frame puts scene
// and widget a pixel or two apart.
int redPixels(TimeSeriesChart& chart) {
    const QImage image = chart.grab().toImage();
    const QRect plot = chart.plotRect().toAlignedRect().adjusted(-3, 0, 0, -3);
    int count = 0;
    for (int y = std::max(0, plot.top()); y < std::min(image.height(), plot.bottom()); ++y) {
        for (int x = std::max(0, plot.left()); x < std::min(image.width(), plot.right()); ++x) {
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
    chart.wrapLegendInRows();
    chart.resize(700, 400);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    chart.refresh();
    // Before the first step the breakdown once showed a red line up the plot's left edge.
    EXPECT_EQ(redPixels(chart), 0);

    chart.appendPoints(0, {QPointF(0, 2), QPointF(1, 3), QPointF(2, 2)});
    chart.appendPoints(1, {QPointF(0, 4), QPointF(1, 5), QPointF(2, 4)});
    chart.refresh();
    EXPECT_GT(redPixels(chart), 1000) << "with points the area is drawn";
}

// A long run whose forward phase spikes on every other step by nearly the same amount, as the
// breakdown of a 400-step run on two busy cores did. When each band was thinned on its own, a
// band's edge and the edge below it kept different spike steps of one column, and the top band
// (optimizer, about 1 ms a step) was drawn 180 ms tall between them.
TEST(TimeSeriesChart, StackedBandsAreDrawnFromTheSameStepsSoEachBandIsThatStepsPhase) {
    TimeSeriesChart chart;
    const int wait = chart.addStackedArea("wait", -1);
    const int forward = chart.addStackedArea("forward", wait);
    const int optimizer = chart.addStackedArea("optimizer", forward);
    chart.resize(600, 400);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));

    constexpr int kSteps = 3000;
    std::vector<double> phases[3];
    QList<QPointF> cumulative[3];
    for (int step = 0; step < kSteps; ++step) {
        const double part[3] = {9.0 + (step * 5 % 11) * 0.3,
                                step % 2 ? 180.0 + (step * 7 % 5) * 0.1 : 6.0 + (step * 3 % 4) * 0.5,
                                1.0 + (step * 13 % 7) * 0.2};
        double sum = 0;
        for (int track = 0; track < 3; ++track) {
            phases[track].push_back(part[track]);
            sum += part[track];
            cumulative[track].append(QPointF(step, sum));
        }
    }
    for (int track = 0; track < 3; ++track) chart.appendPoints(track, cumulative[track]);
    chart.refresh();

    const QList<QPointF> top = chart.drawnPoints(optimizer);
    ASSERT_LT(top.size(), kSteps) << "the test needs a thinned chart";
    for (const int track : {wait, forward}) {
        const QList<QPointF> drawn = chart.drawnPoints(track);
        ASSERT_EQ(drawn.size(), top.size()) << "track " << track;
        for (qsizetype index = 0; index < drawn.size(); ++index)
            ASSERT_EQ(drawn[index].x(), top[index].x()) << "track " << track << ", point " << index;
    }
    const QList<QPointF> lower[3] = {{}, chart.drawnPoints(wait), chart.drawnPoints(forward)};
    for (const int track : {wait, forward, optimizer}) {
        const QList<QPointF> drawn = chart.drawnPoints(track);
        for (qsizetype index = 0; index < drawn.size(); ++index) {
            const auto step = static_cast<std::size_t>(drawn[index].x());
            const double height = drawn[index].y() - (track == wait ? 0.0 : lower[track][index].y());
            EXPECT_NEAR(height, phases[track][step], 1e-9) << "track " << track << ", step " << step;
        }
    }
}

// Pixels whose strongest channel is `channel` (0 red, 1 green, 2 blue) by a clear margin.
int pixelsLeaningTo(const QImage& image, int channel) {
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            const int rgb[3] = {pixel.red(), pixel.green(), pixel.blue()};
            const int other = std::max(rgb[(channel + 1) % 3], rgb[(channel + 2) % 3]);
            if (rgb[channel] > 120 && rgb[channel] - other > 60) ++count;
        }
    }
    return count;
}

// A step is less than a pixel wide here, as in a 400-step run's breakdown. Each band was
// outlined, and on a one-step spike the top band's outline, drawn last along both of its
// edges, covered the spike: a 1 ms band looked like the 180 ms one under it.
TEST(TimeSeriesChart, ABandOfOneMillisecondStaysThinOverSpikesNarrowerThanAPixel) {
    TimeSeriesChart chart;
    const int wait = chart.addStackedArea("wait", -1, QColor(0xd0, 0x10, 0x10));
    const int forward = chart.addStackedArea("forward", wait, QColor(0x10, 0x10, 0xd0));
    const int optimizer = chart.addStackedArea("optimizer", forward, QColor(0x10, 0xb0, 0x10));
    chart.resize(500, 300);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    QList<QPointF> points[3];
    for (int step = 0; step < 1000; ++step) {
        const double waitMs = 9.0;
        const double forwardMs = step % 2 ? 180.0 : 6.0;
        points[wait].append(QPointF(step, waitMs));
        points[forward].append(QPointF(step, waitMs + forwardMs));
        points[optimizer].append(QPointF(step, waitMs + forwardMs + 1.0));
    }
    for (int track = 0; track < 3; ++track) chart.appendPoints(track, points[track]);
    chart.refresh();

    const QImage image = chart.grab().toImage();
    const int forwardPixels = pixelsLeaningTo(image, 2);
    const int optimizerPixels = pixelsLeaningTo(image, 1);
    // The optimizer is 1 ms of 103 on average; allow its legend marker and antialiased edges.
    EXPECT_GT(forwardPixels, 5000);
    EXPECT_LT(optimizerPixels, forwardPixels / 10) << "forward " << forwardPixels << ", optimizer " << optimizerPixels;
}

}  // namespace
}  // namespace bb::ui
