// Base of every chart. Qt Charts is deprecated from Qt 6.10: its types stay inside ui/charts/,
// so that a move to Qt Graphs is a local change; other folders see only QWidget subclasses.
#pragma once

#include <QStringList>
#include <QWidget>

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

    QString title() const;
    void setTitle(const QString& title);
    // The narrowest the widget can be with its title whole (Qt Charts cuts a longer one to "…").
    int wholeTitleWidth() const;
    // Names of the series shown in the legend, in order.
    QStringList seriesNames() const;
    // A legend of many entries goes to the right of the plot, one entry a line: along the
    // bottom of a dashboard tile, seven of them get cut to "transf…".
    void placeLegendBesidePlot();
    void setLegendVisible(bool visible);
    bool isLegendVisible() const;
    // The plot area in scene coordinates, where the chart's text items are (tests: labels stay
    // inside it).
    QRectF plotRect() const;

    // Paints the whole chart laid out for `logicalSize` rather than its size on screen, so an
    // export has the asked proportions; the painter's transform scales it to the device.
    void render(QPainter& painter, const QSizeF& logicalSize);

signals:
    // The user zoomed or reset the zoom (for status messages).
    void viewChanged();

protected:
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

private:
    QChart* m_chart;
    QChartView* m_view;
};

}  // namespace bb::ui
