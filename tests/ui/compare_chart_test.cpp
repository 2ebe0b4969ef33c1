#include "charts/compare_chart.h"

#include <QCoreApplication>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

namespace bb::ui {
namespace {

// A CPU run's measured grid against the A100: seven configurations of one device whose labels
// ("0.0207", "×0.000489 †") are wider than their bars. They once ran into each other.
TEST(CompareChart, LabelsWiderThanTheirBarsDoNotOverlap) {
    Comparison comparison;
    comparison.categories = {"1× cpu"};
    comparison.unit = "TFLOP/s per device";
    comparison.baselineLabel = "8× A100 80GB";
    for (int index = 0; index < 7; ++index) {
        ComparisonEntry entry;
        entry.category = "1× cpu";
        entry.configuration = QStringLiteral("workers %1 + device-side loading").arg(index);
        entry.value = 0.0207 + 0.001 * index;
        entry.speedup = entry.value / 42.3;
        entry.workloadDiffers = true;
        comparison.configurations << entry.configuration;
        comparison.entries.push_back(entry);
    }
    CompareChart chart;
    chart.resize(400, 300);
    chart.show();
    chart.setComparison(comparison);
    const auto rects = chart.barLabelRects();
    ASSERT_EQ(rects.size(), 7);
    for (int first = 0; first < rects.size(); ++first)
        for (int second = first + 1; second < rects.size(); ++second)
            EXPECT_FALSE(rects[first].intersects(rects[second]))
                << chart.barLabels()[first].toStdString() << " meets " << chart.barLabels()[second].toStdString();
}

// A run whose figure is unknown in this metric (an import's TFLOP/s) drew no bar and no label: a
// gap beside its neighbours, as if nothing were there.
TEST(CompareChart, ARunWithoutTheFigureSaysUnknownAtItsPlace) {
    Comparison comparison;
    comparison.categories = {"1× H100"};
    comparison.unit = "TFLOP/s per device";
    for (const double value : {120.0, std::nan("")}) {
        ComparisonEntry entry;
        entry.category = "1× H100";
        entry.configuration = std::isfinite(value) ? QStringLiteral("workers 1") : QStringLiteral("imported");
        entry.value = value;
        entry.speedup = std::nan("");
        comparison.configurations << entry.configuration;
        comparison.entries.push_back(entry);
    }
    CompareChart chart;
    chart.resize(500, 320);
    chart.show();
    chart.setComparison(comparison);
    const QStringList labels = chart.barLabels();
    ASSERT_EQ(labels.size(), 2) << labels.join(" | ").toStdString();
    EXPECT_EQ(labels.count(CompareChart::tr("unknown")), 1) << labels.join(" | ").toStdString();
}

// `comparison` laid out at width × height, as a window shows it.
void showWith(CompareChart& chart, const Comparison& comparison, int width, int height) {
    chart.resize(width, height);
    chart.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    chart.setComparison(comparison);
    QCoreApplication::processEvents();
}

// One bar per value above 0: values[category][configuration], speedups against `baseline`.
Comparison barGrid(const QStringList& categories, const QStringList& configurations,
                   const std::vector<std::vector<double>>& values, double baseline) {
    Comparison comparison;
    comparison.categories = categories;
    comparison.configurations = configurations;
    comparison.unit = "TFLOP/s per device";
    for (int category = 0; category < categories.size(); ++category)
        for (int set = 0; set < configurations.size(); ++set) {
            const double value = values[static_cast<std::size_t>(category)][static_cast<std::size_t>(set)];
            if (value <= 0) continue;
            ComparisonEntry entry;
            entry.category = categories[category];
            entry.configuration = configurations[set];
            entry.value = value;
            entry.speedup = value / baseline;
            comparison.entries.push_back(entry);
        }
    return comparison;
}

// The bars Qt Charts drew, in scene coordinates: the filled rectangles inside the plot.
QList<QRectF> drawnBars(const CompareChart& chart) {
    QList<QRectF> bars;
    const QRectF plot = chart.plotRect();
    for (QGraphicsItem* item : chart.findChild<QGraphicsView*>()->scene()->items()) {
        const auto* rect = qgraphicsitem_cast<QGraphicsRectItem*>(item);
        if (!rect || !rect->isVisible() || rect->brush().style() == Qt::NoBrush) continue;
        const QRectF scene = rect->mapRectToScene(rect->rect());
        if (scene.width() > 0 && scene.height() > 0 && scene.width() < plot.width() / 4 && plot.contains(scene.center()))
            bars << scene;
    }
    return bars;
}

// The study's table and the H200's six runs in TFLOP/s per device, as the Compare tab opens on
// them: "175.3 ×4.15" over the H200's shortest bar was wider than the bar, and its right half
// was hidden behind the 251.3 bar next to it.
TEST(CompareChart, ALabelWiderThanItsBarIsNotHiddenBehindATallerNeighbour) {
    // By category, in the configurations' order; 0: no such run.
    Comparison comparison = barGrid({"8× Gaudi2", "8× H100", "8× A100 80GB", "1× H200"},
                                    {"workers 0", "workers 0 + device-side loading", "workers 1",
                                     "workers 1 + device-side loading", "workers 2", "workers 2 + media pipeline",
                                     "workers 2 + device-side loading"},
                                    {{111.8, 0, 138.9, 0, 142.8, 157.5, 0},
                                     {62.53, 0, 107.8, 0, 111.9, 0, 0},
                                     {42.28, 0, 63.13, 0, 64.18, 0, 0},
                                     {175.3, 251.3, 258.2, 244.2, 252.2, 0, 254.5}},
                                    42.28);
    comparison.baselineLabel = "8× A100 80GB";
    const int bars = static_cast<int>(comparison.entries.size());
    for (const int width : {960, 700}) {
        CompareChart chart;
        showWith(chart, comparison, width, 290);
        const auto drawn = drawnBars(chart);
        ASSERT_EQ(drawn.size(), bars) << width << " px";
        const auto labels = chart.barLabelRects();
        ASSERT_EQ(labels.size(), bars);
        for (int label = 0; label < labels.size(); ++label)
            for (const auto& bar : drawn)
                EXPECT_FALSE(labels[label].intersects(bar))
                    << chart.barLabels()[label].toStdString() << " is behind a bar at " << width << " px";
    }
}

// Four runs of one configuration are told apart by name; in Qt's one-row legend at 1024 px the
// names were cut to "workers 0 (tiny b8 w0 2026-12-03 09:19:..." and could not be told apart.
TEST(CompareChart, ItsLegendShowsEveryConfigurationWholeInRowsWithTheBarsColours) {
    Comparison comparison;
    comparison.categories = {"1× cpu"};
    comparison.unit = "samples/s";
    for (int index = 0; index < 4; ++index) {
        ComparisonEntry entry;
        entry.category = "1× cpu";
        entry.configuration = QStringLiteral("workers 0 (tiny b8 w0 2026-12-03 09:%1:08)").arg(10 + index);
        entry.value = 300 + index;
        comparison.configurations << entry.configuration;
        comparison.entries.push_back(entry);
    }
    CompareChart chart;
    showWith(chart, comparison, 950, 280);
    const auto entries = chart.legendEntries();
    ASSERT_EQ(entries.size(), 4);
    QSet<int> rows;
    for (int index = 0; index < 4; ++index) {
        EXPECT_EQ(entries[index].shown, comparison.configurations[index]);
        EXPECT_TRUE(chart.configurationColour(entries[index].name).isValid());
        EXPECT_GE(entries[index].rect.top(), chart.plotRect().bottom());
        rows.insert(qRound(entries[index].rect.top()));
    }
    EXPECT_EQ(rows.size(), 2);
}

// At 1024 px the study beside a CPU run stacked the labels "157.5 ×119794 †" of four bars each
// above the other, and the top one climbed out of the plot into the title.
TEST(CompareChart, StackedBarLabelsStayInsideThePlot) {
    Comparison comparison = barGrid({"1× cpu", "8× Gaudi2", "8× H100", "8× A100 80GB"},
                                    {"workers 0", "workers 1", "workers 2", "workers 2 + media pipeline"},
                                    {{0.00131, 0, 0, 0}, {111.8, 138.9, 142.8, 157.5}, {62.5, 107.8, 111.9, 0},
                                     {42.3, 63.1, 64.2, 0}},
                                    0.00131);
    comparison.baselineLabel = "tiny b8 w0";
    for (auto& entry : comparison.entries) entry.workloadDiffers = entry.category != "1× cpu";
    for (const int width : {1250, 960, 700}) {
        CompareChart chart;
        showWith(chart, comparison, width, 290);
        const QRectF plot = chart.plotRect();
        const auto rects = chart.barLabelRects();
        ASSERT_EQ(rects.size(), 11);
        for (int index = 0; index < rects.size(); ++index)
            EXPECT_GE(rects[index].top(), plot.top()) << chart.barLabels()[index].toStdString() << " at " << width << " px";
    }
    // The headroom a narrow chart took is given back when it is wide again.
    CompareChart chart;
    showWith(chart, comparison, 1250, 290);
    const double wideTop = chart.valueTicks().max;
    chart.resize(700, 290);
    QCoreApplication::processEvents();
    EXPECT_GT(chart.valueTicks().max, wideTop);
    chart.resize(1250, 290);
    QCoreApplication::processEvents();
    EXPECT_EQ(chart.valueTicks().max, wideTop);
}

// Six groups at 1280 px once cut "2× H100 (count inferred)" to "2× H100 (count infer..." and
// "1× H200 (BridgeBench)" to "1× H200 (BridgeBen...": what qualifies a device goes on a second line.
TEST(CompareChart, WhatQualifiesADeviceIsDrawnWholeOnALineOfItsOwn) {
    const QStringList devices = {"H100 (count unknown)", "2× H100 (count inferred)", "8× Gaudi2",
                                 "8× H100",              "8× A100 80GB",             "1× H200 (BridgeBench)"};
    const Comparison comparison = barGrid(devices, {"workers 0", "workers 1", "workers 2", "workers 2 + media pipeline",
                                                    "workers 0 + device-side loading", "workers 1 + device-side loading"},
                                          std::vector<std::vector<double>>(6, std::vector<double>(6, 100.0)), 100.0);
    CompareChart chart;
    showWith(chart, comparison, 1200, 290);
    QStringList drawn;
    for (const QGraphicsItem* item : chart.findChild<QGraphicsView*>()->scene()->items())
        if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item); text && text->isVisible())
            drawn << text->toPlainText();
    for (const QString qualifier : {"(count unknown)", "(count inferred)", "(BridgeBench)"})
        EXPECT_TRUE(std::any_of(drawn.begin(), drawn.end(), [&](const QString& text) { return text.endsWith(qualifier); }))
            << qualifier.toStdString() << " in " << drawn.join(" | ").toStdString();
    EXPECT_EQ(chart.categoryLabels(), devices) << "read back as one line each";
}

// The title Qt Charts draws, as the user sees it.
QString shownTitle(const CompareChart& chart) {
    for (const QGraphicsItem* item : chart.findChild<QGraphicsView*>()->scene()->items())
        if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item); text && text->isVisible() &&
                                                                             text->toPlainText().contains("†"))
            return text->toPlainText();
    return {};
}

// A run named at length, or a window narrower than 1280 px, once cut the title to "…speedup
// against bridgetower-tiny synthe...", losing what the daggers on the bars mean.
TEST(CompareChart, ATitleTooLongForItsWidthKeepsWhatTheDaggerMeans) {
    Comparison comparison;
    comparison.categories = {"1× cpu", "8× H100"};
    comparison.unit = "TFLOP/s per device";
    comparison.baselineLabel = "bridgetower-tiny synthetic batch 8 workers 0, the baseline before the loader change";
    comparison.daggerNote = "† different workload than the baseline";  // as core words it with a baseline
    for (const auto& category : comparison.categories) {
        ComparisonEntry entry;
        entry.category = category;
        entry.configuration = "workers 0";
        entry.value = category == "1× cpu" ? 0.00131 : 62.5;
        entry.speedup = entry.value / 0.00131;
        entry.workloadDiffers = category != "1× cpu";
        comparison.entries.push_back(entry);
    }
    comparison.configurations = {"workers 0"};
    for (const int width : {1800, 1000, 700}) {
        CompareChart chart;
        showWith(chart, comparison, width, 400);
        const QString title = shownTitle(chart);
        EXPECT_TRUE(title.contains("† different workload than the baseline (see the table)"))
            << "'" << title.toStdString() << "' at " << width << " px";
        EXPECT_FALSE(title.endsWith("...") || title.endsWith(QChar(0x2026))) << title.toStdString();
        if (width == 1800) {
            EXPECT_TRUE(title.contains(comparison.baselineLabel)) << title.toStdString();
            EXPECT_TRUE(chart.toolTip().isEmpty());
        } else {
            // Cut in the middle of the run's name, never after it; whole in the tooltip.
            EXPECT_TRUE(title.contains("bridgetower")) << title.toStdString();
            EXPECT_TRUE(chart.toolTip().contains(comparison.baselineLabel)) << chart.toolTip().toStdString();
        }
    }
}

// Bars of a different workload are drawn pale, where the eye is, not only marked in their labels:
// a dagger and a tooltip alone left them looking like the like-for-like bars beside them.
TEST(CompareChart, BarsOfADifferentWorkloadAreDrawnPale) {
    Comparison comparison = barGrid({"1× cpu", "8× H100"}, {"workers 0", "workers 1"}, {{40.0, 0}, {336.5, 0}}, 40.0);
    for (auto& entry : comparison.entries) entry.workloadDiffers = entry.category == "8× H100";
    comparison.daggerNote = "† different workload than most of the runs";
    CompareChart chart;
    showWith(chart, comparison, 800, 500);
    auto bars = drawnBars(chart);
    ASSERT_EQ(bars.size(), 2);
    std::sort(bars.begin(), bars.end(), [](const QRectF& a, const QRectF& b) { return a.height() < b.height(); });
    const auto* view = chart.findChild<QGraphicsView*>();
    const QImage image = chart.grab().toImage();
    const auto pixelAt = [&](const QRectF& bar) {
        return image.pixelColor(view->mapTo(&chart, view->mapFromScene(bar.center())));
    };
    const QColor colour = chart.configurationColour("workers 0");
    ASSERT_TRUE(colour.isValid());
    const auto distance = [](const QColor& a, const QColor& b) {
        return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
    };
    const QColor same = pixelAt(bars[0]);    // the CPU's short bar: the workload most runs have
    const QColor other = pixelAt(bars[1]);   // the H100's, another workload
    EXPECT_LT(distance(same, colour), 30) << same.name().toStdString() << " vs " << colour.name().toStdString();
    EXPECT_GT(distance(other, colour), 120) << other.name().toStdString() << " vs " << colour.name().toStdString();
}

}  // namespace
}  // namespace bb::ui
