// Base of every chart. Qt Charts is deprecated from Qt 6.10: its types stay inside ui/charts/,
// so that a move to Qt Graphs is a local change; other folders see only QWidget subclasses.
#pragma once

#include <QStringList>
#include <QWidget>

#include <memory>

#include "charts/wrapped_legend.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QPainter;
QT_END_NAMESPACE

namespace bb::ui {

class ChartWidget : public QWidget {
    Q_OBJECT
public:
    explicit ChartWidget(QWidget* parent = nullptr);
    ~ChartWidget() override;

    // The title shown: `title`, or `brief` where the chart is too narrow for it (Qt Charts would
    // cut it to "…").
    QString title() const;
    void setTitle(const QString& title, const QString& brief = {});
    // The narrowest the widget can be with a title whole: the brief one where there is one.
    int wholeTitleWidth() const;
    // Names of the series shown in the legend, in order.
    QStringList seriesNames() const;
    // A legend of many entries wraps into rows along the bottom (WrappedLegend): in one row,
    // seven of them get cut to "transf…"; beside the plot they took a third of a dashboard tile.
    void wrapLegendInRows();
    void setLegendVisible(bool visible);
    bool isLegendVisible() const;
    // The wrapped legend's entries in scene coordinates (empty for Qt's own legend).
    QList<LegendEntry> legendEntries() const;
    // The plot area in scene coordinates, where the chart's text items are (tests: labels stay
    // inside it).
    QRectF plotRect() const;

    // Paints the whole chart laid out for `logicalSize` rather than its size on screen, so an
    // export has the asked proportions; the painter's transform scales it to the device.
    void render(QPainter& painter, const QSizeF& logicalSize);

signals:
    // The user zoomed or reset the zoom (for status messages).
    void viewChanged();
    // A click (no drag) in the plot area, as the axes' values under it (x: the step, for the
    // step charts).
    void clickedAt(QPointF value);
    // A mouse button went down on the chart: of a tab's two charts, the one File > Export and
    // Edit > Copy chart take.
    void pressed();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    QChart* chart() const { return m_chart; }
    QChartView* view() const { return m_view; }
    // The plot area changed size (layout, export): charts that depend on it redo their items.
    virtual void plotAreaChanged() {}
    // Double-click on the plot.
    virtual void resetView() {}
    // Colours axes, grid, titles and legend from the widget palette, so light and dark system
    // themes both read well. Subclasses call it after adding their axes.
    void applyPalette();
    void changeEvent(QEvent* event) override;
    // Series were added, recoloured, shown or hidden: a wrapped legend rereads them.
    void legendEntriesChanged();

private:
    QChart* m_chart;
    QChartView* m_view;
    std::unique_ptr<WrappedLegend> m_wrappedLegend;  // null: Qt's own legend
    QString m_title;
    QString m_briefTitle;

    int titleWidthFor(const QString& title) const;
    void fitTitle();
};

}  // namespace bb::ui
