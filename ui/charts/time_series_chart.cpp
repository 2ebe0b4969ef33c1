#include "charts/time_series_chart.h"

#include <QAreaSeries>
#include <QCoreApplication>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QChart>
#include <QChartView>
#include <QGraphicsTextItem>
#include <QTextDocument>
#include <QTextOption>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

#include "bridgebench/axis_ticks.h"
#include "charts/decimation.h"
#include "charts/nice_axis.h"

namespace bb::ui {

namespace {
// Used before the first layout, when the plot area has no width yet.
constexpr int kFallbackColumns = 1000;
constexpr int kXTicks = 8;
constexpr int kYTicks = 4;
// Bounds the passes of one refresh() that a layout can ask for (each pass changes the labels
// and so the plot width at most once more).
constexpr int kMaxRefreshPasses = 3;

}  // namespace

TimeSeriesChart::TimeSeriesChart(QWidget* parent)
    : ChartWidget(parent),
      m_x(new QValueAxis(chart())),
      m_left(new QValueAxis(chart())),
      m_right(nullptr),
      m_empty(new QGraphicsTextItem(chart())),
      m_emptyText(tr("No steps yet")) {
    // Steps are whole numbers: ticks at multiples of a whole step from 0, whatever the range.
    m_x->setLabelFormat("%d");
    m_x->setTickType(QValueAxis::TicksDynamic);
    m_x->setTickAnchor(0);
    m_x->setTickInterval(1);
    m_empty->setPlainText(m_emptyText);
    m_empty->setZValue(10);
    m_empty->document()->setDefaultTextOption(QTextOption(Qt::AlignHCenter));
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_left, Qt::AlignLeft);
    view()->setRubberBand(QChartView::HorizontalRubberBand);
    connect(m_x, &QValueAxis::rangeChanged, this, &TimeSeriesChart::onXRangeChanged);
    applyPalette();
    refresh();
}

void TimeSeriesChart::setAxisTitles(const QString& x, const QString& left, const QString& right) {
    m_x->setTitleText(x);
    m_leftTitle = left;
    m_rightTitle = right;
    m_left->setTitleText(left);
    if (m_right) m_right->setTitleText(right);
    fitValueAxisTitles();
}

void TimeSeriesChart::setShortValueAxisTitles(const QString& left, const QString& right) {
    m_leftShort = left;
    m_rightShort = right;
    fitValueAxisTitles();
}

void TimeSeriesChart::fitValueAxisTitles() {
    const double tall = chart()->plotArea().height();
    const auto fit = [tall](QValueAxis* axis, const QString& whole, const QString& brief) {
        if (axis == nullptr || whole.isEmpty()) return;
        // A document margin each side of the title, as Qt Charts lays it out.
        constexpr double kMarginsPx = 8;
        // Before the first layout the plot has no height: the whole title until it has one. Two
        // lines do not help: Qt Charts gives each value axis at most a fifth of a two-axis
        // chart's width, and squeezed the second line away.
        const bool fits = tall <= 0 || QFontMetricsF(axis->titleFont()).horizontalAdvance(whole) + kMarginsPx <= tall;
        const QString shown = fits || brief.isEmpty() ? whole : brief;
        if (axis->titleText() != shown) axis->setTitleText(shown);
    };
    fit(m_left, m_leftTitle, m_leftShort);
    fit(m_right, m_rightTitle, m_rightShort);
}

QValueAxis* TimeSeriesChart::axisFor(YAxis axis) const { return axis == YAxis::Right && m_right ? m_right : m_left; }

int TimeSeriesChart::addLine(const QString& name, YAxis axis, const QColor& colour, qreal widthPx) {
    if (axis == YAxis::Right && !m_right) {
        m_right = new QValueAxis(chart());
        // Its ticks fall between the left axis' grid lines; one grid is enough to read.
        m_right->setGridLineVisible(false);
        chart()->addAxis(m_right, Qt::AlignRight);
        applyPalette();
        placeEmptyText();
    }
    Track track;
    track.axis = axis;
    track.line = new QLineSeries(chart());
    track.line->setName(name);
    chart()->addSeries(track.line);
    QPen pen = track.line->pen();
    if (colour.isValid()) pen.setColor(colour);
    pen.setWidthF(widthPx);
    track.line->setPen(pen);
    track.line->attachAxis(m_x);
    track.line->attachAxis(axisFor(axis));
    m_tracks.push_back(std::move(track));
    legendEntriesChanged();
    return trackCount() - 1;
}

int TimeSeriesChart::addStackedArea(const QString& name, int lowerTrack, const QColor& colour) {
    Track track;
    track.line = new QLineSeries(chart());
    track.lower = lowerTrack;
    QLineSeries* lower = lowerTrack >= 0 ? m_tracks.at(static_cast<std::size_t>(lowerTrack)).line : nullptr;
    track.area = new QAreaSeries(track.line, lower);
    track.area->setName(name);
    chart()->addSeries(track.area);
    if (colour.isValid()) track.area->setColor(colour);
    // No outline: a band's outline is at least a pixel wide along both its edges, so where a
    // step is narrower than a pixel it paints over every spike of the bands below, and the
    // thinnest band, drawn last, looks as tall as the spike. Without points, Qt Charts would
    // also outline an area as a line up the plot's left edge.
    track.area->setPen(Qt::NoPen);
    track.area->attachAxis(m_x);
    track.area->attachAxis(m_left);
    m_tracks.push_back(std::move(track));
    legendEntriesChanged();
    return trackCount() - 1;
}

void TimeSeriesChart::appendPoints(int track, const QList<QPointF>& points) {
    m_tracks.at(static_cast<std::size_t>(track)).data.append(points);
    scheduleRefresh();
}

void TimeSeriesChart::setPoints(int track, std::vector<QPointF> points) {
    m_tracks.at(static_cast<std::size_t>(track)).data.assign(std::move(points));
    scheduleRefresh();
}

void TimeSeriesChart::reservePoints(std::size_t count) {
    for (auto& track : m_tracks) track.data.reserve(count);
}

void TimeSeriesChart::clearPoints() {
    for (auto& track : m_tracks) track.data.clear();
    m_zoomed = false;
    refresh();
}

const std::vector<QPointF>& TimeSeriesChart::points(int track) const {
    return m_tracks.at(static_cast<std::size_t>(track)).data.points();
}

void TimeSeriesChart::setTrackVisible(int track, bool visible) {
    auto& target = m_tracks.at(static_cast<std::size_t>(track));
    target.visible = visible;
    if (target.area)
        target.area->setVisible(visible);
    else
        target.line->setVisible(visible);
    legendEntriesChanged();
    scheduleRefresh();
}

void TimeSeriesChart::setTrackColour(int track, const QColor& colour) {
    auto* line = m_tracks.at(static_cast<std::size_t>(track)).line;
    QPen pen = line->pen();
    pen.setColor(colour);
    line->setPen(pen);
    legendEntriesChanged();
}

QColor TimeSeriesChart::trackColour(int track) const { return m_tracks.at(static_cast<std::size_t>(track)).line->pen().color(); }

qsizetype TimeSeriesChart::drawnPointCount(int track) const {
    return m_tracks.at(static_cast<std::size_t>(track)).line->count();
}

QList<QPointF> TimeSeriesChart::drawnPoints(int track) const {
    return m_tracks.at(static_cast<std::size_t>(track)).line->points();
}

void TimeSeriesChart::setEmptyText(const QString& text) {
    m_emptyText = text;
    m_empty->setPlainText(text);
    placeEmptyText();
}

bool TimeSeriesChart::isEmptyTextShown() const { return m_empty->isVisible(); }

void TimeSeriesChart::changeEvent(QEvent* event) {
    ChartWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) placeEmptyText();
}

void TimeSeriesChart::placeEmptyText() {
    const bool empty = std::all_of(m_tracks.begin(), m_tracks.end(), [](const Track& track) { return track.data.size() == 0; });
    m_empty->setVisible(empty);
    // Without steps the axes' range is a stand-in (0 to 1): figures along them would read as
    // data. Transparent, not hidden: hidden labels give their room back, and Qt Charts then cut
    // the axis titles to "…"; the first step would also shift the plot.
    const QColor labels = empty ? QColor(Qt::transparent) : palette().color(QPalette::Text);
    for (auto* axis : chart()->axes())
        if (axis->labelsColor() != labels) axis->setLabelsColor(labels);
    if (!empty) return;
    m_empty->setDefaultTextColor(palette().color(QPalette::PlaceholderText));
    const QRectF plot = chart()->plotArea();
    // Beside a wide table the per-step chart's plot is 150 px: the sentence wraps inside it
    // rather than running over the axis title.
    m_empty->setTextWidth(-1);
    if (m_empty->boundingRect().width() > plot.width()) m_empty->setTextWidth(std::max(1.0, plot.width()));
    const QRectF box = m_empty->boundingRect();
    m_empty->setPos(plot.center().x() - box.width() / 2, plot.center().y() - box.height() / 2);
}

void TimeSeriesChart::zoomToX(double xMin, double xMax) {
    if (!(xMax > xMin)) return;
    m_zoomed = true;
    m_zoomMin = xMin;
    m_zoomMax = xMax;
    refresh();
}

void TimeSeriesChart::resetZoom() {
    m_zoomed = false;
    refresh();
}

double TimeSeriesChart::xMin() const { return m_x->min(); }
double TimeSeriesChart::xMax() const { return m_x->max(); }
double TimeSeriesChart::xTickInterval() const { return m_x->tickInterval(); }

ShownTicks TimeSeriesChart::valueTicks(YAxis axis) const { return shownTicks(axisFor(axis)); }

void TimeSeriesChart::scheduleRefresh() {
    m_stale = true;
    if (m_refreshPending || m_deferred) return;
    m_refreshPending = true;
    QTimer::singleShot(0, this, [this] {
        if (m_refreshPending) refresh();
    });
}

void TimeSeriesChart::plotAreaChanged() { refresh(); }

void TimeSeriesChart::refresh() {
    if (m_refreshing) {
        m_refreshAgain = true;
        return;
    }
    m_refreshing = true;
    m_refreshPending = false;
    m_stale = false;
    for (int pass = 0; pass < kMaxRefreshPasses; ++pass) {
        m_refreshAgain = false;
        redraw();
        // New axis ranges post a layout request; laid out here, within this pass, the chart
        // paints once per refresh instead of once for the points and again for the layout.
        QCoreApplication::sendPostedEvents(chart(), QEvent::LayoutRequest);
        if (!m_refreshAgain) break;
    }
    m_refreshing = false;
}

void TimeSeriesChart::redraw() {
    fitValueAxisTitles();
    double low = m_zoomMin;
    double high = m_zoomMax;
    if (!m_zoomed) {
        low = std::numeric_limits<double>::infinity();
        high = -std::numeric_limits<double>::infinity();
        for (const auto& track : m_tracks) {
            const auto& points = track.data.points();
            if (points.empty()) continue;
            low = std::min(low, points.front().x());
            high = std::max(high, points.back().x());
        }
        if (!std::isfinite(low)) {
            low = 0;
            high = 1;
        }
        if (high <= low) high = low + 1;
    }
    const int plotWidth = static_cast<int>(chart()->plotArea().width());
    const int columns = plotWidth > 1 ? plotWidth : kFallbackColumns;

    // Zero stays on the value axes: a throughput plot that starts at 90% of its maximum makes
    // a 3% dip look like a collapse.
    double leftMax = 0;
    double leftMin = 0;
    double rightMax = 0;
    const std::vector<QList<QPointF>> decimated = decimateTracks(low, high, columns);
    for (std::size_t index = 0; index < m_tracks.size(); ++index) {
        Track& track = m_tracks[index];
        const QList<QPointF>& drawn = decimated[index];
        if (track.visible) {
            for (const auto& point : drawn) {
                if (point.x() < low || point.x() > high || !std::isfinite(point.y())) continue;
                if (track.axis == YAxis::Right && m_right) {
                    rightMax = std::max(rightMax, point.y());
                } else {
                    leftMax = std::max(leftMax, point.y());
                    leftMin = std::min(leftMin, point.y());
                }
            }
        }
        track.line->replace(drawn);
    }
    m_shownMin = low;
    m_shownMax = high;
    m_x->setTickInterval(niceStepInside(low, high, stepTickCount(low, high, plotWidth), /*integerSteps=*/true));
    m_x->setRange(low, high);
    applyNiceTicks(m_left, leftMin, leftMax, kYTicks);
    if (m_right) applyNiceTicks(m_right, 0, rightMax, kYTicks);
    placeEmptyText();
}

int TimeSeriesChart::stepTickCount(double low, double high, int plotWidth) const {
    if (plotWidth <= 1) return kXTicks;
    // Qt Charts gives a label the room between its ticks and cuts what does not fit to "1...";
    // each tick keeps the widest label and two letters of gap, so a narrow plot shows fewer.
    const QFontMetrics metrics(m_x->labelsFont());
    const auto widest = QString::number(std::llround(std::max(std::abs(low), std::abs(high))));
    const int perTick = metrics.horizontalAdvance(widest) + 2 * metrics.horizontalAdvance(QLatin1Char('M'));
    return std::clamp(plotWidth / std::max(1, perTick), 2, kXTicks);
}

std::vector<QList<QPointF>> TimeSeriesChart::decimateTracks(double low, double high, int columns) const {
    std::vector<bool> underArea(m_tracks.size(), false);
    for (const Track& track : m_tracks)
        if (track.lower >= 0) underArea[static_cast<std::size_t>(track.lower)] = true;
    std::vector<QList<QPointF>> drawn(m_tracks.size());
    for (std::size_t index = 0; index < m_tracks.size(); ++index) {
        if (underArea[index]) continue;  // drawn with the top of the stack it lies under
        const Track& track = m_tracks[index];
        if (!track.area) {
            drawn[index] = track.data.decimate(low, high, columns);
            continue;
        }
        // A filled area costs far more to paint than a line; one column per two pixels keeps
        // its shape (min and max per column) at half the points.
        const QList<QPointF> top = track.data.decimate(low, high, std::max(1, columns / 2));
        drawn[index] = top;
        for (int below = track.lower; below >= 0; below = m_tracks[static_cast<std::size_t>(below)].lower)
            drawn[static_cast<std::size_t>(below)] = pointsAtX(m_tracks[static_cast<std::size_t>(below)].data.points(), top);
    }
    return drawn;
}

void TimeSeriesChart::onXRangeChanged(double low, double high) {
    if (m_refreshing || (low == m_shownMin && high == m_shownMax)) return;
    // A rubber band or right-click zoom from QChartView: redo the decimation for the new range.
    m_zoomed = true;
    m_zoomMin = low;
    m_zoomMax = high;
    scheduleRefresh();
    emit viewChanged();
}

}  // namespace bb::ui
