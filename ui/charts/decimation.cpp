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

    out.reserve(2 * columns + 2);
    if (leadingNeighbour) out.append(*(first - 1));
    // A zero-width range (one x value) puts everything in one column.
    const double columnWidth = xMax > xMin ? (xMax - xMin) / columns : 1.0;
    auto columnOf = [&](double x) {
        return std::clamp(static_cast<int>(std::floor((x - xMin) / columnWidth)), 0, columns - 1);
    };
    auto flush = [&](Iterator low, Iterator high) {
        if (low == high) {
            out.append(*low);
        } else {
            out.append(*std::min(low, high));
            out.append(*std::max(low, high));
        }
    };
    int column = columnOf(first->x());
    Iterator low = first;
    Iterator high = first;
    for (Iterator it = first + 1; it != last; ++it) {
        const int itColumn = columnOf(it->x());
        if (itColumn != column) {
            flush(low, high);
            column = itColumn;
            low = high = it;
            continue;
        }
        if (it->y() < low->y()) low = it;
        if (it->y() > high->y()) high = it;
    }
    flush(low, high);
    if (trailingNeighbour) out.append(*last);
    return out;
}

}  // namespace bb::ui
