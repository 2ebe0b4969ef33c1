#include "charts/series_data.h"

#include <algorithm>
#include <cmath>

#include "charts/decimation.h"

namespace bb::ui {

void SeriesData::append(std::span<const QPointF> points) {
    const std::size_t fullBefore = m_points.size() / kBucketSize;
    m_points.insert(m_points.end(), points.begin(), points.end());
    summarise(fullBefore);
}

void SeriesData::assign(std::vector<QPointF> points) {
    m_points = std::move(points);
    m_extremes.clear();
    m_bucketEnds.clear();
    summarise(0);
}

void SeriesData::clear() {
    m_points.clear();
    m_extremes.clear();
    m_bucketEnds.clear();
}

void SeriesData::reserve(std::size_t count) {
    m_points.reserve(count);
    m_extremes.reserve(2 * (count / kBucketSize + 1));
    m_bucketEnds.reserve(count / kBucketSize + 1);
}

void SeriesData::summarise(std::size_t fromBucket) {
    const std::size_t fullBuckets = m_points.size() / kBucketSize;
    for (std::size_t bucket = fromBucket; bucket < fullBuckets; ++bucket) {
        const auto begin = m_points.begin() + static_cast<std::ptrdiff_t>(bucket * kBucketSize);
        const auto end = begin + static_cast<std::ptrdiff_t>(kBucketSize);
        auto low = begin;
        auto high = begin;
        for (auto it = begin + 1; it != end; ++it) {
            if (it->y() < low->y()) low = it;
            if (it->y() > high->y()) high = it;
        }
        m_extremes.push_back(*std::min(low, high));
        if (low != high) m_extremes.push_back(*std::max(low, high));
        m_bucketEnds.push_back(m_extremes.size());
    }
}

QList<QPointF> SeriesData::decimate(double xMin, double xMax, int columns) const {
    if (m_points.empty() || columns <= 0 || !(xMax >= xMin)) return {};
    const auto first = static_cast<std::size_t>(
        std::lower_bound(m_points.begin(), m_points.end(), xMin,
                         [](const QPointF& point, double x) { return point.x() < x; }) -
        m_points.begin());
    const auto last = static_cast<std::size_t>(
        std::upper_bound(m_points.begin(), m_points.end(), xMax,
                         [](double x, const QPointF& point) { return x < point.x(); }) -
        m_points.begin());
    // Buckets inside [first, last) are replaced by their extremes; the buckets holding the
    // range's first and last points and the two neighbours are taken point by point, since
    // decimateMinMax keeps those two points whatever their y.
    if (last <= first) return decimateMinMax(m_points, xMin, xMax, columns);
    const std::size_t firstBucket = first / kBucketSize + 1;
    const std::size_t endBucket = std::min((last - 1) / kBucketSize, m_bucketEnds.size());
    if (endBucket <= firstBucket + 1 || last - first <= 2 * static_cast<std::size_t>(columns))
        return decimateMinMax(m_points, xMin, xMax, columns);

    // Column of an x exactly as decimateMinMax computes it: a bucket may stand in for its
    // points only when all of them fall in one column, else the neighbouring column would lose
    // its own extremes to the bucket's.
    const double columnWidth = xMax > xMin ? (xMax - xMin) / columns : 1.0;
    auto columnOf = [&](double x) {
        return std::clamp(static_cast<int>(std::floor((x - xMin) / columnWidth)), 0, columns - 1);
    };
    std::vector<QPointF> reduced;
    reduced.reserve(2 * (endBucket - firstBucket) + 4 * kBucketSize + static_cast<std::size_t>(columns) * kBucketSize);
    auto rawRange = [&](std::size_t begin, std::size_t end) {
        reduced.insert(reduced.end(), m_points.begin() + static_cast<std::ptrdiff_t>(begin),
                       m_points.begin() + static_cast<std::ptrdiff_t>(end));
    };
    rawRange(first > 0 ? first - 1 : 0, firstBucket * kBucketSize);
    for (std::size_t bucket = firstBucket; bucket < endBucket; ++bucket) {
        const std::size_t begin = bucket * kBucketSize;
        if (columnOf(m_points[begin].x()) != columnOf(m_points[begin + kBucketSize - 1].x())) {
            rawRange(begin, begin + kBucketSize);
            continue;
        }
        const std::size_t extremesBegin = bucket == 0 ? 0 : m_bucketEnds[bucket - 1];
        reduced.insert(reduced.end(), m_extremes.begin() + static_cast<std::ptrdiff_t>(extremesBegin),
                       m_extremes.begin() + static_cast<std::ptrdiff_t>(m_bucketEnds[bucket]));
    }
    rawRange(endBucket * kBucketSize, std::min(last + 1, m_points.size()));
    return decimateMinMax(reduced, xMin, xMax, columns);
}

}  // namespace bb::ui
