#include "charts/wrapped_legend.h"

#include <QAbstractSeries>
#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QPen>

#include <cmath>

namespace bb::ui {

WrappedLegend::WrappedLegend(QChart* chart) : m_chart(chart), m_baseBottomMargin(chart->margins().bottom()) {
    m_chart->legend()->setVisible(false);
    connect(m_chart, &QChart::geometryChanged, this, [this] { layout(); });
    update();
}

// Before the chart: its items would go with it (ChartWidget destroys this first).
WrappedLegend::~WrappedLegend() { clearItems(); }

void WrappedLegend::clearItems() {
    for (Item& item : m_items) {
        delete item.swatch;
        delete item.label;
    }
    m_items.clear();
}

void WrappedLegend::update() {
    std::vector<Item> wanted;
    for (QLegendMarker* marker : m_chart->legend()->markers()) {
        if (marker->label().isEmpty() || (marker->series() != nullptr && !marker->series()->isVisible())) continue;
        // An area's marker has its fill; a line's has no brush, only the line's pen.
        const QColor colour = marker->brush().style() != Qt::NoBrush ? marker->brush().color() : marker->pen().color();
        wanted.push_back({marker->label(), colour});
    }
    const bool same = wanted.size() == m_items.size() &&
                      std::equal(wanted.begin(), wanted.end(), m_items.begin(), [](const Item& a, const Item& b) {
                          return a.name == b.name && a.colour == b.colour;
                      });
    if (!same) {
        clearItems();
        for (Item& item : wanted) {
            item.swatch = new QGraphicsRectItem(m_chart);
            item.swatch->setBrush(item.colour);
            item.swatch->setPen(QPen(item.colour.darker(130), 0));
            item.label = new QGraphicsSimpleTextItem(item.name, m_chart);
            m_items.push_back(item);
        }
    }
    layout();
}

void WrappedLegend::setVisible(bool visible) {
    m_visible = visible;
    layout();
}

void WrappedLegend::layout() {
    QMargins margins = m_chart->margins();
    if (!m_visible || m_items.empty()) {
        for (Item& item : m_items) {
            item.swatch->hide();
            item.label->hide();
        }
        if (margins.bottom() != m_baseBottomMargin) {
            margins.setBottom(m_baseBottomMargin);
            m_chart->setMargins(margins);
        }
        return;
    }
    const QFont font = m_chart->legend()->font();
    const QColor text = m_chart->legend()->labelColor();
    const QFontMetricsF metrics(font);
    const qreal swatch = std::round(metrics.height() * 0.6);
    const qreal gap = metrics.horizontalAdvance(QLatin1Char(' '));
    const qreal spacing = metrics.horizontalAdvance(QStringLiteral("MM"));
    const qreal rowHeight = std::ceil(metrics.height() * 1.2);
    const qreal width = m_chart->size().width();
    const qreal available = std::max<qreal>(1, width - margins.left() - margins.right() - 2 * gap);
    // Below the last row, as much again as between the chart's title and its edge.
    const qreal bottomPad = std::ceil(metrics.height() * 0.4);

    // Rows filled left to right, each as wide as it needs and centred, as Qt's one row is.
    std::vector<std::vector<std::size_t>> rows(1);
    std::vector<qreal> rowWidths(1, 0);
    std::vector<qreal> entryWidths;
    for (std::size_t index = 0; index < m_items.size(); ++index) {
        Item& item = m_items[index];
        // A name longer than the chart is wide is cut with "…" and shown whole as its tooltip; in
        // the middle, as run names differ at their ends ("… 2026-12-03 09:19:34").
        const QString shown = metrics.elidedText(item.name, Qt::ElideMiddle, available - swatch - gap);
        item.label->setText(shown);
        item.label->setToolTip(shown == item.name ? QString() : item.name);
        item.label->setFont(font);
        const qreal entry = swatch + gap + metrics.horizontalAdvance(shown);
        entryWidths.push_back(entry);
        const qreal grown = rows.back().empty() ? entry : rowWidths.back() + spacing + entry;
        if (!rows.back().empty() && grown > available) {
            rows.emplace_back();
            rowWidths.push_back(entry);
        } else {
            rowWidths.back() = grown;
        }
        rows.back().push_back(index);
    }

    const qreal legendHeight = rowHeight * static_cast<qreal>(rows.size());
    const int bottom = m_baseBottomMargin + static_cast<int>(std::ceil(legendHeight + bottomPad));
    if (margins.bottom() != bottom) {
        margins.setBottom(bottom);
        m_chart->setMargins(margins);
    }
    qreal y = m_chart->size().height() - m_baseBottomMargin - bottomPad - legendHeight;
    for (std::size_t row = 0; row < rows.size(); ++row, y += rowHeight) {
        qreal x = (width - rowWidths[row]) / 2;
        for (const std::size_t index : rows[row]) {
            Item& item = m_items[index];
            item.swatch->setRect(x, y + (rowHeight - swatch) / 2, swatch, swatch);
            item.label->setBrush(text);
            item.label->setPos(x + swatch + gap, y + (rowHeight - metrics.height()) / 2);
            item.swatch->show();
            item.label->show();
            x += entryWidths[index] + spacing;
        }
    }
}

QList<LegendEntry> WrappedLegend::entries() const {
    QList<LegendEntry> shown;
    for (const Item& item : m_items)
        if (item.label->isVisible())
            shown.append({item.name, item.label->text(),
                          item.swatch->sceneBoundingRect().united(item.label->sceneBoundingRect())});
    return shown;
}

}  // namespace bb::ui
