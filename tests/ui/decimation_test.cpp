#include "charts/decimation.h"
#include "charts/series_data.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace bb::ui {
namespace {

std::vector<QPointF> flatSeries(int count, double level = 10.0) {
    std::vector<QPointF> points;
    points.reserve(static_cast<std::size_t>(count));
    for (int index = 0; index < count; ++index) points.emplace_back(index, level + (index % 7) * 0.01);
    return points;
}

bool containsY(const QList<QPointF>& points, double y) {
    return std::any_of(points.begin(), points.end(), [y](const QPointF& point) { return point.y() == y; });
}

TEST(Decimation, KeepsASingleSpikeAndASingleDipAmongAMillionPoints) {
    auto points = flatSeries(1'000'000);
    points[123'457].setY(500.0);
    points[876'543].setY(-3.0);
    const auto drawn = decimateMinMax(points, 0, 999'999, 800);
    EXPECT_LE(drawn.size(), 2 * 800 + 4);
    EXPECT_TRUE(containsY(drawn, 500.0));
    EXPECT_TRUE(containsY(drawn, -3.0));
}

TEST(Decimation, OutputStaysInXOrder) {
    auto points = flatSeries(50'000);
    for (std::size_t index = 0; index < points.size(); index += 97) points[index].setY(-static_cast<double>(index));
    const auto drawn = decimateMinMax(points, 0, 49'999, 300);
    EXPECT_TRUE(std::is_sorted(drawn.begin(), drawn.end(),
                               [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); }));
}

TEST(Decimation, ReturnsShortSeriesUnchanged) {
    const auto points = flatSeries(100);
    const auto drawn = decimateMinMax(points, 0, 99, 800);
    ASSERT_EQ(drawn.size(), 100);
    EXPECT_EQ(drawn.front(), points.front());
    EXPECT_EQ(drawn.back(), points.back());
}

TEST(Decimation, ZoomUsesOnlyTheRangePlusOneNeighbourEachSide) {
    auto points = flatSeries(1'000'000);
    points[10].setY(999.0);  // outside the zoomed range: must not be drawn
    points[500'100].setY(77.0);
    const auto drawn = decimateMinMax(points, 500'000, 501'000, 100);
    ASSERT_FALSE(drawn.empty());
    EXPECT_EQ(drawn.front().x(), 499'999);
    EXPECT_EQ(drawn.back().x(), 501'001);
    EXPECT_FALSE(containsY(drawn, 999.0));
    EXPECT_TRUE(containsY(drawn, 77.0));
    EXPECT_LE(drawn.size(), 2 * 100 + 4);
}

TEST(Decimation, ZoomingInShowsDetailThatTheFullViewMerges) {
    auto points = flatSeries(100'000);
    const auto full = decimateMinMax(points, 0, 99'999, 100);
    const auto zoomed = decimateMinMax(points, 1'000, 1'199, 100);
    // 200 points in 100 columns: all of them are drawn, not just two per column of the full view.
    EXPECT_EQ(zoomed.size(), 202);
    EXPECT_LE(full.size(), 204);
}

// A streamed run's newest point is usually neither the lowest nor the highest of its column;
// dropping it made the live charts end a few steps short of the run.
TEST(Decimation, KeepsTheRangesFirstAndLastPointsWhateverTheirY) {
    std::vector<QPointF> points;
    for (int index = 0; index < 500; ++index) points.emplace_back(index, 10.0 + (index % 5));
    points.back().setY(11.5);   // between its column's extremes
    points.front().setY(11.5);
    const auto drawn = decimateMinMax(points, 0, 499, 60);
    ASSERT_FALSE(drawn.empty());
    EXPECT_EQ(drawn.front(), points.front());
    EXPECT_EQ(drawn.back(), points.back());
    EXPECT_LE(drawn.size(), 2 * 60 + 4);
    EXPECT_TRUE(std::is_sorted(drawn.begin(), drawn.end(),
                               [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); }));
}

TEST(Decimation, HandlesEmptyAndDegenerateInput) {
    EXPECT_TRUE(decimateMinMax({}, 0, 1, 100).empty());
    const auto points = flatSeries(10);
    EXPECT_TRUE(decimateMinMax(points, 0, 9, 0).empty());
    EXPECT_TRUE(decimateMinMax(points, 9, 0, 10).empty());
    std::vector<QPointF> sameX(1000, QPointF(5, 1));
    sameX[500] = QPointF(5, 42);
    const auto drawn = decimateMinMax(sameX, 5, 5, 10);
    EXPECT_TRUE(containsY(drawn, 42));
    EXPECT_LE(drawn.size(), 24);
}

TEST(Decimation, PointsAtXTakeTheStepsOfAnotherTracksDecimation) {
    const std::vector<QPointF> points = {{0, 1}, {1, 3}, {2, 5}, {4, 9}};
    const auto at = pointsAtX(points, {{1, 100}, {3, 100}, {-1, 100}, {9, 100}});
    ASSERT_EQ(at.size(), 4);
    EXPECT_EQ(at[0], QPointF(1, 3)) << "a step both tracks have keeps its own value";
    EXPECT_EQ(at[1], QPointF(3, 7)) << "a step this track lacks lies on the line between its neighbours";
    EXPECT_EQ(at[2], QPointF(-1, 1)) << "before the first step: the first value";
    EXPECT_EQ(at[3], QPointF(9, 9)) << "after the last step: the last value";
    EXPECT_TRUE(pointsAtX({}, {{1, 1}}).empty());
}

}  // namespace
}  // namespace bb::ui

namespace bb::ui {
namespace {

// Per column of [xMin, xMax], the lowest and highest y among the points that fall in it.
std::vector<std::pair<double, double>> columnExtremes(const QList<QPointF>& points, double xMin, double xMax,
                                                      int columns) {
    std::vector<std::pair<double, double>> extremes(static_cast<std::size_t>(columns),
                                                    {std::numeric_limits<double>::infinity(),
                                                     -std::numeric_limits<double>::infinity()});
    const double width = (xMax - xMin) / columns;
    for (const auto& point : points) {
        if (point.x() < xMin || point.x() > xMax) continue;
        const auto column = static_cast<std::size_t>(std::clamp(
            static_cast<int>(std::floor((point.x() - xMin) / width)), 0, columns - 1));
        extremes[column].first = std::min(extremes[column].first, point.y());
        extremes[column].second = std::max(extremes[column].second, point.y());
    }
    return extremes;
}

TEST(SeriesData, SummaryGivesTheSameColumnExtremesAsTheFullData) {
    std::mt19937 random(7);
    std::normal_distribution<double> noise(100.0, 15.0);
    std::vector<QPointF> points;
    for (int index = 0; index < 300'000; ++index) points.emplace_back(index * 0.5, noise(random));
    SeriesData data;
    // Appended in uneven chunks, as a live run delivers them.
    for (std::size_t begin = 0; begin < points.size(); begin += 777)
        data.append(std::span(points).subspan(begin, std::min<std::size_t>(777, points.size() - begin)));
    ASSERT_EQ(data.size(), points.size());
    const QList<QPointF> all(points.begin(), points.end());
    const std::pair<double, double> ranges[] = {{0, 149'999.5}, {1'234.25, 98'765.75}, {50'000, 50'100}, {3, 3000}};
    for (const auto& [xMin, xMax] : ranges) {
        for (int columns : {37, 500, 1920}) {
            const auto viaSummary = data.decimate(xMin, xMax, columns);
            const auto direct = decimateMinMax(points, xMin, xMax, columns);
            EXPECT_LE(viaSummary.size(), 2 * columns + 4);
            EXPECT_EQ(columnExtremes(viaSummary, xMin, xMax, columns), columnExtremes(all, xMin, xMax, columns))
                << xMin << ".." << xMax << " in " << columns;
            EXPECT_EQ(columnExtremes(direct, xMin, xMax, columns), columnExtremes(all, xMin, xMax, columns));
            ASSERT_FALSE(viaSummary.empty());
            EXPECT_EQ(viaSummary.front(), direct.front());
            EXPECT_EQ(viaSummary.back(), direct.back());
        }
    }
}

TEST(SeriesData, KeepsTheLastPointOfALongSeriesAtEveryLength) {
    SeriesData data;
    std::vector<QPointF> points;
    for (int index = 0; index < 5'000; ++index) points.emplace_back(index, 10.0 + (index % 5));
    // Every length, so the last point falls at every offset within a bucket, aligned ones too.
    for (std::size_t length = 200; length <= points.size(); length += 37) {
        data.assign(std::vector<QPointF>(points.begin(), points.begin() + static_cast<std::ptrdiff_t>(length)));
        const double xMax = points[length - 1].x();
        for (int columns : {40, 333}) {
            const auto drawn = data.decimate(0, xMax, columns);
            ASSERT_FALSE(drawn.empty());
            EXPECT_EQ(drawn.back(), points[length - 1]) << length << " points in " << columns;
            EXPECT_EQ(drawn.front(), points.front()) << length << " points in " << columns;
        }
    }
}

TEST(SeriesData, ClearAndAssignRebuildTheSummary) {
    SeriesData data;
    std::vector<QPointF> points;
    for (int index = 0; index < 10'000; ++index) points.emplace_back(index, 1.0);
    points[4321].setY(9.0);
    data.assign(points);
    EXPECT_TRUE(containsY(data.decimate(0, 9999, 50), 9.0));
    data.clear();
    EXPECT_TRUE(data.decimate(0, 9999, 50).empty());
}

}  // namespace
}  // namespace bb::ui
