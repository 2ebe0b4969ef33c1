// A stored run's profiled ops (profile_steps, #51) on the Run tab's timeline: a real tiny CPU run
// with two profiled steps, read back as the runs table's Show steps reads it (StepReader), has op
// rows under its span rows, and a tooltip over an op names it, its step and its duration.
#include "widgets/timeline_view.h"

#include <QImage>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/engine_bridge.h"
#include "adapters/step_reader.h"
#include "bridgebench/op_profile.h"
#include "bridgebench/result_store.h"
#include "bridgebench/run_config.h"
#include "models/op_colours.h"
#include "models/phase_colours.h"
#include "support/temp_dir.h"
#include "widgets/live_dashboard.h"

namespace bb::ui::timeline_ops_test {
namespace {

// Every text the view's tooltip gives over its area, on a grid of `stride` pixels, with where.
std::map<QString, std::vector<QPoint>> tooltipsOver(const TimelineView& view, int stride) {
    std::map<QString, std::vector<QPoint>> found;
    for (int y = 0; y < view.height(); y += stride)
        for (int x = 0; x < view.width(); x += stride) {
            const QString text = view.describeAt({x, y});
            if (!text.isEmpty()) found[text].push_back({x, y});
        }
    return found;
}

TEST(TimelineOps, AStoredRunsProfiledOpsHaveRowsAndTooltipsOfTheirOwn) {
    EngineBridge engine;
    QSignalSpy finished(&engine, &EngineBridge::runFinished);
    test::TempDir dir;
    const QString db = QString::fromStdString(dir.file("runs.db").string());
    RunConfig config;
    // tiny: BridgeTower's own layers, as the CLI's profile_steps test runs them.
    config.model = "tiny";
    config.batchSize = 2;
    config.steps = 4;
    config.warmupSteps = 1;
    config.workers = 1;
    config.profileSteps = 2;
    engine.startRun(db, config);
    ASSERT_TRUE(finished.wait(300'000));
    ASSERT_EQ(finished.front().at(1).toString(), QStringLiteral("completed")) << finished.front().at(2).toString().toStdString();
    const qint64 runId = engine.runId();
    std::vector<OpEvent> stored;
    {
        ResultStore store(dir.file("runs.db"));
        stored = store.ops(runId);
    }
    ASSERT_FALSE(stored.empty());

    LiveDashboard dashboard(engine);
    dashboard.resize(1400, 900);
    dashboard.show();
    dashboard.pages()->setCurrentIndex(1);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dashboard));
    // As MainWindow wires the runs table's Show steps.
    StepReader reader;
    reader.setReadsTimeline(true);
    QObject::connect(&reader, &StepReader::timelineRead, &dashboard,
                     [&](qint64, const std::vector<TimelineSpan>& spans, const std::vector<OpEvent>& ops) {
                         dashboard.showStoredTimeline(spans, ops);
                     });
    bool shown = false;
    QObject::connect(&reader, &StepReader::stepsRead, &dashboard,
                     [&](const QVector<qint64>&, const std::vector<std::vector<StepMetrics>>& steps) {
                         dashboard.showStoredRun("profiled", steps.front());
                         shown = true;
                     });
    reader.request(db, {runId});
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown; }, 30'000));

    TimelineView& view = *dashboard.timeline();
    EXPECT_EQ(view.opCount(), static_cast<std::int64_t>(stored.size()));
    // The rank's span rows first, then its op rows, named as the trace export names them.
    const QStringList labels = view.trackLabels();
    ASSERT_GE(labels.size(), 3) << labels.join(" | ").toStdString();
    EXPECT_EQ(labels.front(), "main thread");
    const auto firstOps = std::find_if(labels.begin(), labels.end(), [](const QString& label) { return label.startsWith("ops: "); });
    ASSERT_NE(firstOps, labels.end()) << labels.join(" | ").toStdString();
    EXPECT_TRUE(std::all_of(firstOps, labels.end(), [](const QString& label) { return label.startsWith("ops: cpu thread "); }))
        << labels.join(" | ").toStdString();
    EXPECT_TRUE(labels.contains("worker 1"));

    // The profiled steps are numbered on from the counted ones (0 to 3), and can be gone to.
    ASSERT_EQ(view.showStep(4), 4);
    // The longest op of step 4 under the profiled step on the training thread's ops row.
    const OpEvent* longest = nullptr;
    for (const OpEvent& op : stored)
        if (op.step == 4 && op.name != kProfiledStepName && op.device == OpDevice::Cpu &&
            (!longest || op.endNs - op.beginNs > longest->endNs - longest->beginNs))
            longest = &op;
    ASSERT_NE(longest, nullptr);
    const QString name = QString::fromStdString(longest->name);
    const auto tooltips = tooltipsOver(view, 3);
    // Of the ops of its name (a step calls aten::linear dozens of times), the one named over the
    // most pixels: the longest.
    auto named = tooltips.end();
    for (auto entry = tooltips.begin(); entry != tooltips.end(); ++entry)
        if (entry->first.startsWith(name + ", step 4: ") &&
            entry->first.endsWith(QStringLiteral("\nops: cpu thread %1").arg(longest->lane)) &&
            (named == tooltips.end() || entry->second.size() > named->second.size()))
            named = entry;
    ASSERT_NE(named, tooltips.end()) << "no tooltip names " << name.toStdString() << " of step 4";
    EXPECT_TRUE(std::any_of(tooltips.begin(), tooltips.end(),
                            [](const auto& entry) { return entry.first.startsWith("profiled step, step 4: "); }));

    // Drawn in the op's own colour, which no phase has: somewhere the tooltip names it, its bar
    // shows between the letters of its name and its outline. Every pixel around the grid's hits is
    // looked at, since a short op's bar can be a few pixels wide and the grid can land on its edges.
    const QImage image = view.grab().toImage();
    const auto& points = named->second;
    QRect around;
    for (const QPoint& at : points) around |= QRect(at - QPoint(3, 3), QSize(7, 7));
    around &= image.rect();
    int inColour = 0;
    for (int y = around.top(); y <= around.bottom(); ++y)
        for (int x = around.left(); x <= around.right(); ++x)
            if (QColor(image.pixel(x, y)) == opColour(longest->name) && view.describeAt({x, y}) == named->first) ++inColour;
    EXPECT_GT(inColour, 0) << named->first.toStdString() << ", " << points.size() << " points";
    for (int kind = 0; kind < kSpanKindCount; ++kind)
        EXPECT_NE(spanColour(static_cast<SpanKind>(kind)), opColour(longest->name)) << kind;
}

}  // namespace
}  // namespace bb::ui::timeline_ops_test
