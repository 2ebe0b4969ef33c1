#include "charts/chart_widget.h"

#include <QAbstractAxis>
#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QMouseEvent>
#include <QVBoxLayout>

namespace bb::ui {

namespace {

// A QChartView that hands a double-click to its chart (reset the zoom) and a plain click, a
// press and release without a drag, as the value under it; the rubber band and right-click
// zoom-out are QChartView's own.
class ResettableChartView final : public QChartView {
public:
    ResettableChartView(QChart* chart, std::function<void()> onReset, std::function<void(QPointF)> onClick,
                        QWidget* parent)
        : QChartView(chart, parent), m_onReset(std::move(onReset)), m_onClick(std::move(onClick)) {}

protected:
    void mouseDoubleClickEvent(QMouseEvent* event) override {
        m_onReset();
        event->accept();
    }
    void mousePressEvent(QMouseEvent* event) override {
        m_pressedAt = event->position();
        QChartView::mousePressEvent(event);
    }
    void mouseReleaseEvent(QMouseEvent* event) override {
        const QPointF at = event->position();
        const bool click = event->button() == Qt::LeftButton && (at - m_pressedAt).manhattanLength() <= 3;
        QChartView::mouseReleaseEvent(event);
        const QPointF scene = mapToScene(at.toPoint());
        if (click && !chart()->series().isEmpty() && chart()->plotArea().contains(scene))
            m_onClick(chart()->mapToValue(chart()->mapFromScene(scene)));
    }

private:
    std::function<void()> m_onReset;
    std::function<void(QPointF)> m_onClick;
    QPointF m_pressedAt;
};

}  // namespace

ChartWidget::ChartWidget(QWidget* parent)
    : QWidget(parent),
      m_chart(new QChart),
      m_view(new ResettableChartView(
          m_chart,
          [this] {
              resetView();
              emit viewChanged();
          },
          [this](QPointF value) { emit clickedAt(value); }, this)) {
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    // A label Qt Charts had to elide shows whole as the marker's tooltip.
    m_chart->legend()->setShowToolTips(true);
    m_view->setRenderHint(QPainter::Antialiasing);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] {
        fitTitle();
        plotAreaChanged();
    });
    m_view->viewport()->installEventFilter(this);
}

bool ChartWidget::eventFilter(QObject* watched, QEvent* event) {
    // Watched, not taken: the view's rubber band and zoom still get the press.
    if (watched == m_view->viewport() && event->type() == QEvent::MouseButtonPress) emit pressed();
    return QWidget::eventFilter(watched, event);
}

ChartWidget::~ChartWidget() = default;

QString ChartWidget::title() const { return m_chart->title(); }

void ChartWidget::setTitle(const QString& title, const QString& brief) {
    m_title = title;
    m_briefTitle = brief;
    fitTitle();
}

int ChartWidget::titleWidthFor(const QString& title) const {
    const QFontMetrics metrics(m_chart->titleFont());
    // The chart's margins, its background's inset and the view's frame, with a letter to spare.
    const QMargins margins = m_chart->margins();
    return metrics.horizontalAdvance(title) + margins.left() + margins.right() +
           3 * metrics.horizontalAdvance(QLatin1Char('M'));
}

int ChartWidget::wholeTitleWidth() const { return titleWidthFor(m_briefTitle.isEmpty() ? m_title : m_briefTitle); }

void ChartWidget::fitTitle() {
    // Before the first layout the chart has no width: the whole title until it has one.
    const qreal width = m_chart->size().width();
    const bool fits = m_briefTitle.isEmpty() || width <= 0 || titleWidthFor(m_title) <= width;
    const QString& shown = fits ? m_title : m_briefTitle;
    if (m_chart->title() != shown) m_chart->setTitle(shown);
}

QStringList ChartWidget::seriesNames() const {
    QStringList names;
    for (const auto* series : m_chart->series())
        if (!series->name().isEmpty()) names.append(series->name());
    return names;
}

void ChartWidget::wrapLegendInRows() {
    if (!m_wrappedLegend) m_wrappedLegend = std::make_unique<WrappedLegend>(m_chart);
    m_wrappedLegend->update();
}

void ChartWidget::legendEntriesChanged() {
    if (m_wrappedLegend) m_wrappedLegend->update();
}

QList<LegendEntry> ChartWidget::legendEntries() const { return m_wrappedLegend ? m_wrappedLegend->entries() : QList<LegendEntry>(); }

void ChartWidget::setLegendVisible(bool visible) {
    if (m_wrappedLegend)
        m_wrappedLegend->setVisible(visible);
    else
        m_chart->legend()->setVisible(visible);
}

QRectF ChartWidget::plotRect() const { return m_chart->mapRectToScene(m_chart->plotArea()); }

bool ChartWidget::isLegendVisible() const {
    return m_wrappedLegend ? m_wrappedLegend->isVisible() : m_chart->legend()->isVisible();
}

void ChartWidget::render(QPainter& painter, const QSizeF& logicalSize) {
    const QSizeF previous = m_chart->size();
    const QPointF origin = m_chart->pos();
    m_chart->resize(logicalSize);
    // QChart lays out lazily; activating now makes axes and plot area match the export size.
    m_chart->layout()->activate();
    plotAreaChanged();
    m_chart->scene()->render(&painter, QRectF(QPointF(0, 0), logicalSize), QRectF(origin, logicalSize));
    m_chart->resize(previous);
    m_chart->layout()->activate();
    plotAreaChanged();
}

void ChartWidget::applyPalette() {
    const QPalette colours = palette();
    const QColor text = colours.color(QPalette::Text);
    QColor grid = text;
    grid.setAlphaF(0.15);
    m_chart->setBackgroundBrush(colours.color(QPalette::Base));
    m_chart->setTitleBrush(text);
    m_chart->legend()->setLabelColor(text);
    for (auto* axis : m_chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
    }
    legendEntriesChanged();
}

void ChartWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) applyPalette();
    QWidget::changeEvent(event);
}

}  // namespace bb::ui
