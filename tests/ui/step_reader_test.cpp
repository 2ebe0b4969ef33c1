// The Runs tab reads a run's steps on a thread of its own (200,000 took 0.5 s on the UI thread): it answers the
// newest request only, with the runs in the order asked, and names the file it cannot read.
#include "adapters/step_reader.h"

#include <QTest>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "bridgebench/result_store.h"
#include "support/temp_dir.h"

namespace bb::ui::step_reader_test {
namespace {

qint64 storeRunWithSteps(const std::filesystem::path& db, const std::string& name, int count) {
    ResultStore store(db);
    RunRecord record;
    record.name = name;
    record.status = RunStatus::Completed;
    const std::int64_t id = store.createRun(record);
    std::vector<StepMetrics> steps(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) steps[static_cast<std::size_t>(i)].step = i;
    store.appendSteps(id, steps);
    return id;
}

TEST(StepReader, AnswersOnlyTheNewestRequestWithTheRunsInTheOrderAsked) {
    test::TempDir dir;
    const auto db = dir.file("steps.db");
    const qint64 five = storeRunWithSteps(db, "five", 5);
    const qint64 seven = storeRunWithSteps(db, "seven", 7);
    const QString file = QString::fromStdString(db.string());

    StepReader reader;
    std::vector<std::pair<QVector<qint64>, std::vector<std::size_t>>> replies;
    QObject::connect(&reader, &StepReader::stepsRead,
                     [&](const QVector<qint64>& ids, const std::vector<std::vector<StepMetrics>>& steps) {
                         std::vector<std::size_t> sizes;
                         for (const auto& run : steps) sizes.push_back(run.size());
                         replies.emplace_back(ids, sizes);
                     });
    // Nothing is delivered before the event loop runs, so the first request is always replaced.
    reader.request(file, {five});
    reader.request(file, {seven, five});
    EXPECT_TRUE(replies.empty());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !replies.empty() && !reader.isReading(); }, 10'000));
    ASSERT_EQ(replies.size(), 1u);
    EXPECT_EQ(replies.front().first, (QVector<qint64>{seven, five}));
    EXPECT_EQ(replies.front().second, (std::vector<std::size_t>{7, 5}));

    // A cancelled request is not answered either.
    reader.request(file, {five});
    reader.cancel();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !reader.isReading(); }, 10'000));
    EXPECT_EQ(replies.size(), 1u);
}

TEST(StepReader, AFileItCannotReadIsNamedInItsError) {
    test::TempDir dir;
    const auto notADatabase = dir.file("notes.db");
    std::filesystem::create_directories(notADatabase);  // a folder where the file should be
    StepReader reader;
    QString error;
    bool answered = false;
    QObject::connect(&reader, &StepReader::failed, [&](const QString& message) { error = message; });
    QObject::connect(&reader, &StepReader::stepsRead, [&] { answered = true; });
    reader.request(QString::fromStdString(notADatabase.string()), {1});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !error.isEmpty(); }, 10'000));
    EXPECT_FALSE(answered);
    EXPECT_TRUE(error.contains(QString::fromStdString(notADatabase.string()))) << error.toStdString();
}

// The window's database moved or deleted while it is open: the reader says so, and does not
// leave a new empty database where the file was.
TEST(StepReader, AFileGoneSinceTheWindowOpenedItIsAnErrorAndNotRecreated) {
    test::TempDir dir;
    const auto db = dir.file("steps.db");
    const qint64 five = storeRunWithSteps(db, "five", 5);
    std::filesystem::remove(db);
    StepReader reader;
    QString error;
    QObject::connect(&reader, &StepReader::failed, [&](const QString& message) { error = message; });
    reader.request(QString::fromStdString(db.string()), {five});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !error.isEmpty(); }, 10'000));
    EXPECT_TRUE(error.contains(QString::fromStdString(db.string()))) << error.toStdString();
    EXPECT_FALSE(std::filesystem::exists(db));
}

}  // namespace
}  // namespace bb::ui::step_reader_test
