// Grouped bars of a Comparison: one group per device, one bar per configuration, each bar
// labelled with its value, its speedup against the baseline (×1.28) and a dagger when its
// workload differs from the baseline's.
#pragma once

#include <QFont>
#include <QList>
#include <QString>

#include "charts/chart_widget.h"
#include "charts/nice_axis.h"
#include "models/comparison.h"

QT_BEGIN_NAMESPACE
class QGraphicsSimpleTextItem;
QT_END_NAMESPACE

namespace bb::ui {

class CompareChart final : public ChartWidget {
    Q_OBJECT
public:
    explicit CompareChart(QWidget* parent = nullptr);

    void setComparison(const Comparison& comparison);
    // The text on each bar, in bar-set order then category order (tests, exports).
    QStringList barLabels() const;
    // The device axis's labels as read, one line each (a label's qualifier, "(count inferred)",
    // is drawn on a second line).
    QStringList categoryLabels() const;
    // Where each bar's label is drawn, in barLabels() order (tests: labels never overlap).
    QList<QRectF> barLabelRects() const;
    // The colour of a configuration's bars (invalid when it has none), for lines that stand for it.
    QColor configurationColour(const QString& configuration) const;
    // The value axis' range and its round ticks.
    ShownTicks valueTicks() const;
    // The value axis' title, its font, and the plot's height it must fit in (tests).
    struct AxisTitle {
        QString text;
        QFont font;
        double room = 0;
    };
    AxisTitle valueAxisTitle() const;

protected:
    void plotAreaChanged() override;

private:
    void placeLabels();
    // One placement; returns the value axis top the highest label needs to stay in the plot
    // (0 when every label fits).
    double placeLabelsOnce();
    // The title that fits the chart's width (see fitTitle in the source).
    void fitTitle();
    QString composeTitle(bool withLead, const QString& baseline) const;

    Comparison m_comparison;
    QString m_daggerNote;  // empty when every workload matches the baseline's
    double m_baseAxisTop = 1;  // the tallest bar and a fifth for its label, before nice rounding
    double m_axisTop = 1;      // what the value axis was last given
    bool m_placing = false;
    struct Label {
        QGraphicsSimpleTextItem* item;
        int set;
        int category;
        double value;
    };
    QList<Label> m_labels;
};

}  // namespace bb::ui
