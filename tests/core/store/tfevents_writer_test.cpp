#include "bridgebench/tfevents_writer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "bridgebench/tfevents_file.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

TEST(TfEventsWriter, WritesTheBytesTensorFlowsWritersWrite) {
    const test::TempDir dir;
    const std::filesystem::path path = dir.path() / "events.out.tfevents.1700000000.test";
    {
        TfEventsWriter writer(path, 1700000000.0);
        writer.write({"train/loss", 10, 1700000001.5, 2.5});
        writer.write({"train/samples_per_second", 20, 1700000002.25, 601.5});
    }
    // Written record by record by tests/data/tfevents/make_fixtures.py.
    EXPECT_EQ(test::readFileBytes(path),
              test::readFileBytes(std::filesystem::path(BB_TEST_DATA_DIR) / "tfevents/writer_expected.tfevents"));
}

TEST(TfEventsWriter, RoundTripsScalarsAtFloatPrecision) {
    const test::TempDir dir;
    const std::filesystem::path path = dir.path() / TfEventsWriter::fileName(1700000000.9, "node1");
    EXPECT_EQ(path.filename(), "events.out.tfevents.1700000000.node1");
    std::vector<ScalarEvent> written;
    for (std::int64_t step = 0; step < 200; ++step) {
        written.push_back({"train/loss", step, 1700000000.0 + 0.37 * static_cast<double>(step),
                           3.0 / (1.0 + static_cast<double>(step))});
        written.push_back({"train/learning_rate", step, 1700000000.0 + 0.37 * static_cast<double>(step),
                           5e-5 * (1.0 - static_cast<double>(step) / 200.0)});
    }
    {
        TfEventsWriter writer(path, 1700000000.0);
        for (const ScalarEvent& event : written) {
            writer.write(event);
        }
        writer.flush();
    }
    const TfEventsFile file = readTfEventsFile(path);
    EXPECT_EQ(file.fileVersion, "brain.Event:2");
    EXPECT_EQ(file.recordsRead, written.size() + 1);
    EXPECT_FALSE(file.partialTail);
    EXPECT_TRUE(file.warnings.empty());
    ASSERT_EQ(file.scalars.size(), written.size());
    for (std::size_t i = 0; i < written.size(); ++i) {
        EXPECT_EQ(file.scalars[i].tag, written[i].tag);
        EXPECT_EQ(file.scalars[i].step, written[i].step);
        EXPECT_EQ(file.scalars[i].wallTime, written[i].wallTime);
        EXPECT_EQ(file.scalars[i].value, static_cast<double>(static_cast<float>(written[i].value)));
    }
}

TEST(TfEventsWriter, ReportsAFileItCannotCreate) {
    try {
        TfEventsWriter writer("/nonexistent/dir/events.out.tfevents.1", 0.0);
        FAIL() << "no error";
    } catch (const Error& error) {
        EXPECT_THAT(error.what(), HasSubstr("/nonexistent/dir/events.out.tfevents.1"));
    }
}

}  // namespace
}  // namespace bb
