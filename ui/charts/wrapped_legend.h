// A chart's legend along the bottom in as many rows as the chart's width needs, drawn as items of
// the chart's own scene, so an exported image has it too. Qt Charts lays a bottom legend out in
// one row and cuts what does not fit ("transf…"); beside the plot, the step-time breakdown's seven
// names took 95 of its 260 px at 1024 × 768 and left the plot narrower than its legend.
#pragma once

#include <QColor>
#include <QList>
#include <QObject>
#include <QRectF>
#include <QString>

#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
QT_END_NAMESPACE

namespace bb::ui {

struct LegendEntry {
    QString name;
    QString shown;  // the name, or as much of it as the chart's width holds, "…" in its middle
    QRectF rect;    // swatch and text, in scene coordinates
};

class WrappedLegend final : public QObject {
public:
    // Hides `chart`'s own legend and takes its place; the chart keeps its other margins. The
    // chart must outlive it.
    explicit WrappedLegend(QChart* chart);
    ~WrappedLegend() override;

    // Rereads the chart's series (names, colours, which are shown) and lays the rows out again.
    void update();
    void setVisible(bool visible);
    bool isVisible() const { return m_visible; }
    QList<LegendEntry> entries() const;

private:
    struct Item {
        QString name;
        QColor colour;
        QGraphicsRectItem* swatch = nullptr;
        QGraphicsSimpleTextItem* label = nullptr;
    };
    void layout();
    void clearItems();

    QChart* m_chart;
    int m_baseBottomMargin;
    bool m_visible = true;
    std::vector<Item> m_items;
};

}  // namespace bb::ui
