// Reduces a long series to what a plot can show without hiding anything: per pixel column the
// lowest and the highest point, taken from the full data. Random or stride sampling, the usual
// alternative, drops exactly the one-step spikes a performance engineer looks for.
#pragma once

#include <QList>
#include <QPointF>

#include <span>

namespace bb::ui {

// `points` must be sorted by x. Splits [xMin, xMax] into `columns` equal slices and keeps, per
// slice, the points with the smallest and the largest y, in their original order; the range's
// first and last points and the nearest point outside each end are kept too, so lines run to
// the newest point and to the plot's edges. A range holding at most 2 × columns points is
// returned unchanged. The result has at most 2 × columns + 4 points.
QList<QPointF> decimateMinMax(std::span<const QPointF> points, double xMin, double xMax, int columns);

// The points of `points` (sorted by x) at the x values of `at`, in that order: stacked bands
// are drawn from the steps one decimation chose, so that every band's edges come from the same
// steps. An x that `points` lacks is interpolated between its neighbours, or takes the nearest
// end outside `points`' range.
QList<QPointF> pointsAtX(std::span<const QPointF> points, const QList<QPointF>& at);

}  // namespace bb::ui
