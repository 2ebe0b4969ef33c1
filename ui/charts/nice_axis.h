// A Qt Charts value axis on round ticks (0, 250, 500, …) covering a data range, labelled with
// the decimals its step needs: the same ticks as the reports draw (niceAxisTicks).
#pragma once

#include <QString>

QT_BEGIN_NAMESPACE
class QValueAxis;
QT_END_NAMESPACE

namespace bb::ui {

void applyNiceTicks(QValueAxis* axis, double low, double high, int roughCount);

// What a value axis shows: [min, max] in `count` ticks, labels printed with labelFormat.
struct ShownTicks {
    double min = 0;
    double max = 0;
    int count = 0;
    QString labelFormat;
};
ShownTicks shownTicks(const QValueAxis* axis);

}  // namespace bb::ui
