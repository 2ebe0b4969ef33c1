#include "charts/compare_chart.h"

#include <gtest/gtest.h>

namespace bb::ui {
namespace {

// A CPU run's measured grid against the A100: seven configurations of one device whose labels
// ("0.0207", "×0.000489 †") are wider than their bars. They once ran into each other.
TEST(CompareChart, LabelsWiderThanTheirBarsDoNotOverlap) {
    Comparison comparison;
    comparison.categories = {"1× cpu"};
    comparison.unit = "TFLOP/s per device";
    comparison.baselineLabel = "8× A100 80GB";
    for (int index = 0; index < 7; ++index) {
        ComparisonEntry entry;
        entry.category = "1× cpu";
        entry.configuration = QStringLiteral("workers %1 + device-side loading").arg(index);
        entry.value = 0.0207 + 0.001 * index;
        entry.speedup = entry.value / 42.3;
        entry.workloadDiffers = true;
        comparison.configurations << entry.configuration;
        comparison.entries.push_back(entry);
    }
    CompareChart chart;
    chart.resize(400, 300);
    chart.show();
    chart.setComparison(comparison);
    const auto rects = chart.barLabelRects();
    ASSERT_EQ(rects.size(), 7);
    for (int first = 0; first < rects.size(); ++first)
        for (int second = first + 1; second < rects.size(); ++second)
            EXPECT_FALSE(rects[first].intersects(rects[second]))
                << chart.barLabels()[first].toStdString() << " meets " << chart.barLabels()[second].toStdString();
}

}  // namespace
}  // namespace bb::ui
