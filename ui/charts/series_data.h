// The full data of one drawn series plus a running summary that makes redrawing a long series
// cheap: per bucket of kBucketSize consecutive points, its lowest and highest point. A bucket
// that lies within one pixel column can stand in for its points: its extremes keep their own
// x, so the column's extremes come out the same as from every point, at a fraction of the work
// once columns hold many points.
#pragma once

#include <QList>
#include <QPointF>

#include <span>
#include <vector>

namespace bb::ui {

class SeriesData {
public:
    static constexpr std::size_t kBucketSize = 64;

    // Points in ascending x, after the existing ones.
    void append(std::span<const QPointF> points);
    void assign(std::vector<QPointF> points);
    void clear();
    // Room for `count` points without reallocating: a live run's series all grow in lockstep,
    // so unreserved they would all copy their data in the same event-loop pass.
    void reserve(std::size_t count);
    const std::vector<QPointF>& points() const { return m_points; }
    std::size_t size() const { return m_points.size(); }

    // What decimateMinMax(points(), …) keeps of every column: each column's lowest and highest
    // point, the range's first and last points, the neighbours outside the range, at most
    // 2 × columns + 4 points.
    QList<QPointF> decimate(double xMin, double xMax, int columns) const;

private:
    void summarise(std::size_t fromBucket);

    std::vector<QPointF> m_points;
    std::vector<QPointF> m_extremes;       // one or two per full bucket, in x order
    std::vector<std::size_t> m_bucketEnds;  // m_extremes index where each bucket's entries end
};

}  // namespace bb::ui
