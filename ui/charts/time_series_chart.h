// A chart of per-step series (lines, or areas stacked on each other) that keeps the full data
// and draws a min/max decimation of it for the current plot width and x range; zooming
// (rubber band, right-click out, double-click reset) redoes the decimation from the full data.
#pragma once

#include <QColor>
#include <QList>
#include <QPointF>

#include <vector>

#include "charts/chart_widget.h"
#include "charts/nice_axis.h"
#include "charts/series_data.h"

QT_BEGIN_NAMESPACE
class QAreaSeries;
class QGraphicsTextItem;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace bb::ui {

class TimeSeriesChart final : public ChartWidget {
    Q_OBJECT
public:
    enum class YAxis { Left, Right };

    explicit TimeSeriesChart(QWidget* parent = nullptr);

    void setAxisTitles(const QString& x, const QString& left, const QString& right = {});
    // What a value axis says where its whole title would be cut, in a chart too short for it
    // (the whole is best repeated in the chart's tooltip).
    void setShortValueAxisTitles(const QString& left, const QString& right = {});
    // Each returns the new track's index.
    int addLine(const QString& name, YAxis axis = YAxis::Left, const QColor& colour = {}, qreal widthPx = 1.5);
    // Fills between this track and `lowerTrack` (-1: the x axis). Tracks hold cumulative values
    // and share their steps. A stack is thinned once, by its top track's lowest and highest
    // point per column, and every track below is drawn at those same steps, so each band's
    // drawn height is one step's own value; a lower band's extreme in a column whose total
    // peaks elsewhere is not drawn.
    int addStackedArea(const QString& name, int lowerTrack, const QColor& colour = {});

    // Points must come in ascending x, after the track's existing ones. Drawing is coalesced:
    // it happens once the event loop runs, however many tracks changed, or, with deferred
    // refresh, when the owner calls refresh().
    void appendPoints(int track, const QList<QPointF>& points);
    void setPoints(int track, std::vector<QPointF> points);
    void clearPoints();
    // Every track gets room for `count` points (see SeriesData::reserve).
    void reservePoints(std::size_t count);
    const std::vector<QPointF>& points(int track) const;
    int trackCount() const { return static_cast<int>(m_tracks.size()); }
    void setTrackVisible(int track, bool visible);
    // A line's colour after it was added (an overlay colours its lines as another chart's bars).
    void setTrackColour(int track, const QColor& colour);
    QColor trackColour(int track) const;
    // Points handed to Qt Charts for drawing, after decimation.
    qsizetype drawnPointCount(int track) const;
    QList<QPointF> drawnPoints(int track) const;

    // Shown in the middle of the plot while no track has a point ("No steps yet").
    void setEmptyText(const QString& text);
    QString emptyText() const { return m_emptyText; }
    bool isEmptyTextShown() const;

    // Shows [xMin, xMax] and stops following new points until resetZoom(). Without a zoom the x
    // axis spans the data exactly (first to last step), with whole-number ticks.
    void zoomToX(double xMin, double xMax);
    void resetZoom();
    bool isZoomed() const { return m_zoomed; }
    double xMin() const;
    double xMax() const;
    // Distance between the x axis ticks, which sit on multiples of it from step 0.
    double xTickInterval() const;
    // The value axis' range and its round ticks.
    ShownTicks valueTicks(YAxis axis) const;

    // Decimates every track for the current range and plot width, now.
    void refresh();
    // Deferred: new points only mark the chart stale; the owner spreads refreshes of several
    // charts over separate event-loop passes so that none holds the loop for long.
    void setDeferredRefresh(bool deferred) { m_deferred = deferred; }
    bool isStale() const { return m_stale; }

protected:
    void plotAreaChanged() override;
    void resetView() override { resetZoom(); }
    void changeEvent(QEvent* event) override;

private:
    struct Track {
        SeriesData data;
        QLineSeries* line = nullptr;
        QAreaSeries* area = nullptr;
        YAxis axis = YAxis::Left;
        bool visible = true;
        int lower = -1;  // the track a stacked area fills down to
    };
    void scheduleRefresh();
    void redraw();
    // Per track, what to hand to Qt Charts for the x range [low, high] and `columns` columns.
    std::vector<QList<QPointF>> decimateTracks(double low, double high, int columns) const;
    // About how many step ticks fit [low, high] across plotWidth pixels with whole labels.
    int stepTickCount(double low, double high, int plotWidth) const;
    // A value axis' title longer than the plot is tall gives way to its short form.
    void fitValueAxisTitles();
    void placeEmptyText();
    void onXRangeChanged(double low, double high);
    QValueAxis* axisFor(YAxis axis) const;

    std::vector<Track> m_tracks;
    QValueAxis* m_x;
    QValueAxis* m_left;
    QValueAxis* m_right;
    QGraphicsTextItem* m_empty;
    QString m_emptyText;
    QString m_leftTitle;   // whole, as setAxisTitles was given them
    QString m_rightTitle;
    QString m_leftShort;   // shown where the whole title does not fit the plot's height
    QString m_rightShort;
    bool m_zoomed = false;
    // Set while refresh() runs. Setting an axis range makes Qt Charts lay the chart out at once,
    // which calls plotAreaChanged() and so refresh() again from inside the first; that inner
    // call only asks for another pass, so the flag stays up until the outer call's own
    // QValueAxis::rangeChanged has been delivered (else it reads as the user zooming).
    bool m_refreshing = false;
    bool m_refreshAgain = false;
    double m_shownMin = 0;  // the x range refresh() last set
    double m_shownMax = 1;
    bool m_refreshPending = false;
    bool m_deferred = false;
    bool m_stale = false;
    double m_zoomMin = 0;
    double m_zoomMax = 1;
};

}  // namespace bb::ui
