#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "bridgebench/result_store.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

std::int64_t addLocalRun(ResultStore& store, const std::string& name, int stepCount) {
    RunRecord run;
    run.name = name;
    run.status = RunStatus::Completed;
    run.deviceKind = "cpu";
    run.model = "mini-clip";
    run.batchSize = 8;
    const auto id = store.createRun(run);
    std::vector<StepMetrics> steps;
    for (int index = 0; index < stepCount; ++index) {
        StepMetrics step;
        step.step = index;
        step.wallMs = 10 + index;
        step.samples = 8;
        step.samplesPerSec = samplesPerSecond(step.samples, step.wallMs);
        step.loss = 1.0 / (index + 1);
        steps.push_back(step);
    }
    store.appendSteps(id, steps);
    return id;
}

std::int64_t firstReferenceRun(ResultStore& store) {
    for (const auto& run : store.listRuns())
        if (isReference(run.origin)) return run.id;
    return 0;
}

TEST(RunEdits, RenamesALocalRun) {
    test::TempDir dir;
    ResultStore store(dir.file("edits.db"));
    const auto id = addLocalRun(store, "before", 2);
    store.renameRun(id, "after");
    EXPECT_EQ(store.findRun(id)->name, "after");
    EXPECT_THROW(store.renameRun(id, "   "), StoreError);
    EXPECT_EQ(store.findRun(id)->name, "after");
    EXPECT_THROW(store.renameRun(999'999, "ghost"), StoreError);
}

TEST(RunEdits, TagsAreTrimmedDeduplicatedAndReplaced) {
    test::TempDir dir;
    ResultStore store(dir.file("edits.db"));
    const auto id = addLocalRun(store, "tagged", 1);
    store.setTags(id, {" baseline ", "cpu", "baseline", ""});
    EXPECT_EQ(store.tags(id), (std::vector<std::string>{"baseline", "cpu"}));
    store.setTags(id, {"rerun"});
    EXPECT_EQ(store.tags(id), (std::vector<std::string>{"rerun"}));
    const auto all = store.allTags();
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all.at(id), (std::vector<std::string>{"rerun"}));
}

TEST(RunEdits, DeleteThenRestoreBringsBackRunStepsAndTags) {
    test::TempDir dir;
    ResultStore store(dir.file("edits.db"));
    const auto keep = addLocalRun(store, "keep", 3);
    const auto drop = addLocalRun(store, "drop", 5);
    store.setTags(drop, {"flaky"});
    const auto before = store.findRun(drop);

    const auto deleted = store.deleteRuns({drop});
    ASSERT_EQ(deleted.size(), 1u);
    EXPECT_EQ(deleted[0].name, "drop");
    EXPECT_FALSE(store.findRun(drop));
    EXPECT_EQ(store.stepCount(drop), 0);
    EXPECT_TRUE(store.tags(drop).empty());
    EXPECT_EQ(store.stepCount(keep), 3);

    store.restoreRuns(deleted);
    const auto after = store.findRun(drop);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->uuid, before->uuid);
    EXPECT_EQ(after->name, "drop");
    EXPECT_EQ(after->createdAt, before->createdAt);
    EXPECT_EQ(store.stepCount(drop), 5);
    EXPECT_DOUBLE_EQ(store.steps(drop)[4].loss, 0.2);
    EXPECT_EQ(store.tags(drop), (std::vector<std::string>{"flaky"}));
}

TEST(RunEdits, ReferenceRunsStayReadOnly) {
    test::TempDir dir;
    ResultStore store(dir.file("edits.db"));
    const auto reference = firstReferenceRun(store);
    ASSERT_NE(reference, 0);
    const auto before = store.findRun(reference);
    EXPECT_THROW(store.renameRun(reference, "mine now"), StoreError);
    EXPECT_THROW(store.setTags(reference, {"x"}), StoreError);
    EXPECT_THROW(store.deleteRuns({reference}), StoreError);
    EXPECT_EQ(store.findRun(reference)->name, before->name);
    EXPECT_TRUE(store.tags(reference).empty());
}

TEST(RunEdits, DeletingIsAllOrNothing) {
    test::TempDir dir;
    ResultStore store(dir.file("edits.db"));
    const auto local = addLocalRun(store, "local", 2);
    // The reference run makes the whole deletion fail; the local run must survive it.
    EXPECT_THROW(store.deleteRuns({local, firstReferenceRun(store)}), StoreError);
    EXPECT_TRUE(store.findRun(local));
    EXPECT_EQ(store.stepCount(local), 2);
}

}  // namespace
}  // namespace bb
