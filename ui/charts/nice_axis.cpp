#include "charts/nice_axis.h"

#include <QValueAxis>

#include "bridgebench/axis_ticks.h"

namespace bb::ui {

void applyNiceTicks(QValueAxis* axis, double low, double high, int roughCount) {
    const AxisTicks ticks = niceAxisTicks(low, high, roughCount);
    axis->setTickType(QValueAxis::TicksFixed);
    axis->setRange(ticks.min, ticks.max);
    axis->setTickCount(ticks.count());
    axis->setLabelFormat(QStringLiteral("%.%1f").arg(ticks.decimals));
}

ShownTicks shownTicks(const QValueAxis* axis) {
    return {axis->min(), axis->max(), axis->tickCount(), axis->labelFormat()};
}

}  // namespace bb::ui
