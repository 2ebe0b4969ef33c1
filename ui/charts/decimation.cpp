#include "charts/decimation.h"

#include <algorithm>
#include <cmath>

namespace bb::ui {

QList<QPointF> decimateMinMax(std::span<const QPointF> points, double xMin, double xMax, int columns) {
    QList<QPointF> out;
    if (points.empty() || columns <= 0 || !(xMax >= xMin)) return out;

    using Iterator = std::span<const QPointF>::iterator;
    Iterator first = std::lower_bound(points.begin(), points.end(), xMin,
                                      [](const QPointF& point, double x) { return point.x() < x; });
    Iterator last = std::upper_bound(points.begin(), points.end(), xMax,
                                     [](double x, const QPointF& point) { return x < point.x(); });
    const bool leadingNeighbour = first != points.begin();
    const bool trailingNeighbour = last != points.end();
    if ((last - first) + 2 <= 2 * static_cast<std::ptrdiff_t>(columns) || first == last) {
        return QList<QPointF>(leadingNeighbour ? first - 1 : first, trailingNeighbour ? last + 1 : last);
    }

    out.reserve(2 * columns + 4);
    if (leadingNeighbour) out.append(*(first - 1));
    // A zero-width range (one x value) puts everything in one column.
    const double columnWidth = xMax > xMin ? (xMax - xMin) / columns : 1.0;
    auto columnOf = [&](double x) {
        return std::clamp(static_cast<int>(std::floor((x - xMin) / columnWidth)), 0, columns - 1);
    };
    // The range's own first and last points are kept beside their columns' extremes: a live
    // run's newest step is seldom its column's lowest or highest, and a line that stops short
    // of it reads as a chart that stopped updating.
    const Iterator rangeBack = last - 1;
    auto flush = [&](Iterator low, Iterator high, int column) {
        // Slots left unfilled hold `low` again, which unique() drops, so all four are sorted: a
        // sort over the first `count` made GCC 14 warn of bounds it could not prove.
        Iterator kept[4] = {low, high, low, low};
        int count = 2;
        if (columnOf(first->x()) == column) kept[count++] = first;
        if (columnOf(rangeBack->x()) == column) kept[count++] = rangeBack;
        std::sort(std::begin(kept), std::end(kept));
        const Iterator* keptEnd = std::unique(std::begin(kept), std::end(kept));
        for (const Iterator* it = kept; it != keptEnd; ++it) out.append(**it);
    };
    int column = columnOf(first->x());
    Iterator low = first;
    Iterator high = first;
    for (Iterator it = first + 1; it != last; ++it) {
        const int itColumn = columnOf(it->x());
        if (itColumn != column) {
            flush(low, high, column);
            column = itColumn;
            low = high = it;
            continue;
        }
        if (it->y() < low->y()) low = it;
        if (it->y() > high->y()) high = it;
    }
    flush(low, high, column);
    if (trailingNeighbour) out.append(*last);
    return out;
}

QList<QPointF> pointsAtX(std::span<const QPointF> points, const QList<QPointF>& at) {
    QList<QPointF> out;
    if (points.empty()) return out;
    out.reserve(at.size());
    for (const QPointF& wanted : at) {
        const double x = wanted.x();
        const auto after = std::lower_bound(points.begin(), points.end(), x,
                                            [](const QPointF& point, double value) { return point.x() < value; });
        if (after == points.end()) {
            out.append({x, points.back().y()});
        } else if (after->x() == x || after == points.begin()) {
            out.append({x, after->y()});
        } else {
            const QPointF& before = *(after - 1);
            const double share = (x - before.x()) / (after->x() - before.x());
            out.append({x, before.y() + share * (after->y() - before.y())});
        }
    }
    return out;
}

}  // namespace bb::ui
