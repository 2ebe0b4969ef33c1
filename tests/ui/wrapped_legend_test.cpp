#include "charts/wrapped_legend.h"

#include <QImage>
#include <QPainter>
#include <QTest>

#include <gtest/gtest.h>

#include "charts/time_series_chart.h"

namespace bb::ui {
namespace {

const char* const kPhases[] = {"wait", "copy", "transform", "forward", "backward", "comm", "optimizer"};

// The step-time breakdown's seven bands, legend wrapped, in a shown widget of the given size.
void buildBreakdown(TimeSeriesChart& chart, int width, int height) {
    int lower = -1;
    int hue = 0;
    for (const char* phase : kPhases) {
        lower = chart.addStackedArea(phase, lower, QColor::fromHsv(hue, 200, 220));
        hue += 50;
    }
    chart.setAxisTitles("step", "ms");
    chart.wrapLegendInRows();
    chart.resize(width, height);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    for (int step = 0; step < 50; ++step)
        for (int track = 0; track < chart.trackCount(); ++track) chart.appendPoints(track, {QPointF(step, 3.0 * (track + 1))});
    chart.refresh();
    QCoreApplication::processEvents();
}

// At 1024 × 768 the breakdown tile is about 260 px wide: beside the plot, its legend left the
// plot 95 px. In rows below it, the plot keeps most of the width and no name overlaps another,
// the plot or the axis title.
TEST(WrappedLegend, ANarrowChartsLegendTakesRowsBelowThePlotNotItsWidth) {
    TimeSeriesChart chart;
    buildBreakdown(chart, 260, 270);
    const QList<LegendEntry> entries = chart.legendEntries();
    ASSERT_EQ(entries.size(), 7);
    const QRectF plot = chart.plotRect();
    EXPECT_GE(plot.width(), 0.6 * chart.width()) << plot.width() << " px of " << chart.width();
    EXPECT_GE(plot.height(), 80) << "the rows leave the plot room";
    const QRectF whole(QPointF(0, 0), QSizeF(chart.size()));
    QSet<int> rows;
    for (int index = 0; index < entries.size(); ++index) {
        const LegendEntry& entry = entries[index];
        EXPECT_EQ(entry.name, QString::fromLatin1(kPhases[index]));
        EXPECT_TRUE(whole.contains(entry.rect)) << entry.name.toStdString();
        // Below the plot and its step labels and title, which take at least two lines of text.
        EXPECT_GE(entry.rect.top(), plot.bottom() + 20) << entry.name.toStdString();
        for (int other = 0; other < index; ++other)
            EXPECT_FALSE(entry.rect.intersects(entries[other].rect))
                << entry.name.toStdString() << " over " << entries[other].name.toStdString();
        rows.insert(qRound(entry.rect.top()));
    }
    EXPECT_GE(rows.size(), 2) << "seven names do not fit one row of 260 px";
    EXPECT_LE(rows.size(), 4);
}

TEST(WrappedLegend, AWideChartsLegendIsOneRow) {
    TimeSeriesChart chart;
    buildBreakdown(chart, 900, 300);
    QSet<int> rows;
    for (const LegendEntry& entry : chart.legendEntries()) rows.insert(qRound(entry.rect.top()));
    EXPECT_EQ(rows.size(), 1);
}

TEST(WrappedLegend, HiddenTracksAndAHiddenLegendGiveTheirRoomBack) {
    TimeSeriesChart chart;
    buildBreakdown(chart, 260, 270);
    const double withLegend = chart.plotRect().height();
    chart.setTrackVisible(5, false);  // comm, for one process
    QCoreApplication::processEvents();
    const auto entries = chart.legendEntries();
    EXPECT_EQ(entries.size(), 6);
    EXPECT_TRUE(std::none_of(entries.begin(), entries.end(), [](const LegendEntry& entry) { return entry.name == "comm"; }));
    chart.setLegendVisible(false);
    QCoreApplication::processEvents();
    EXPECT_TRUE(chart.legendEntries().isEmpty());
    EXPECT_GT(chart.plotRect().height(), withLegend + 20);
}

TEST(WrappedLegend, ANameWiderThanTheChartIsCutToItAndWholeInItsTooltip) {
    TimeSeriesChart chart;
    const QString name = QStringLiteral("workers 2 + device-side transforms (a run named at some length, 2026-12-03)");
    chart.addLine(name);
    chart.addLine("short");
    chart.wrapLegendInRows();
    chart.resize(220, 260);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    QCoreApplication::processEvents();
    const auto entries = chart.legendEntries();
    ASSERT_EQ(entries.size(), 2);
    EXPECT_EQ(entries[0].name, name);
    EXPECT_TRUE(entries[0].shown.contains(QChar(0x2026))) << entries[0].shown.toStdString();
    EXPECT_TRUE(entries[0].shown.endsWith("2026-12-03)")) << "run names differ at their ends";
    EXPECT_EQ(entries[1].shown, "short");
    const QRectF whole(QPointF(0, 0), QSizeF(chart.size()));
    for (const auto& entry : entries) EXPECT_TRUE(whole.contains(entry.rect)) << entry.shown.toStdString();
}

// An exported image is the chart's scene laid out at the asked size: the legend is in it, in
// rows for that size.
TEST(WrappedLegend, AnExportedImageHasTheLegend) {
    TimeSeriesChart chart;
    buildBreakdown(chart, 260, 270);
    QImage image(QSize(260, 270), QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        chart.render(painter, QSizeF(260, 270));
    }
    const QRgb optimizer = QColor::fromHsv(300, 200, 220).rgb();
    int swatchPixels = 0;
    for (int y = static_cast<int>(chart.plotRect().bottom()) + 20; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) == optimizer) ++swatchPixels;
    EXPECT_GE(swatchPixels, 20) << "the optimizer's swatch below the plot";
}

}  // namespace
}  // namespace bb::ui
