#include "bridgebench/tfevents_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "formats/tfevents/crc32c.h"
#include "formats/tfevents/tfrecord_format.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"

namespace bb::tfevents_file_test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// tests/data/tfevents/ is written by make_fixtures.py there, independently of this code.
const std::filesystem::path kFixture =
    std::filesystem::path(BB_TEST_DATA_DIR) / "tfevents/events.out.tfevents.1700000000.fixture";
// Byte offsets of the fixture's 15 records.
constexpr std::array<std::uint64_t, 15> kRecordOffsets = {0,   40,  116, 182, 234, 309, 389, 469,
                                                          533, 597, 661, 738, 834, 866, 933};
constexpr std::uint64_t kFixtureSize = 1001;
constexpr double kT0 = 1700000000.0;

std::string errorOf(const std::filesystem::path& path) {
    try {
        readTfEventsFile(path);
    } catch (const InputError& error) {
        return error.what();
    }
    return "no error";
}

std::vector<ScalarEvent> fixtureScalars() {
    return {
        {"train/loss", 10, kT0 + 1.5, 2.5},
        {"train/learning_rate", 10, kT0 + 1.5, static_cast<double>(5e-5F)},
        {"tf2/loss", 10, kT0 + 2, 1.25},
        {"tf2/loss", 20, kT0 + 3, 1.0},
        {"tf2/grad_norm", 20, kT0 + 3, 3.141592653589793},
        {"tfc/samples_per_second", 20, kT0 + 4, 601.5},
        {"tfc/throughput", 20, kT0 + 4, 847.7},
        {"tfc/half", 20, kT0 + 4, 1.5},
        {"tfc/bf16", 20, kT0 + 4, 1.5},
        {"tfc/count", 20, kT0 + 4, 42.0},
        {"train/loss", 30, kT0 + 7, 2.0},
        {"train/epoch", 30, kT0 + 7, 0.5},
    };
}

TEST(Crc32c, MatchesTheStandardCheckValueAndTfRecordsMaskedVector) {
    EXPECT_EQ(tfevents::crc32c("123456789"), 0xE3069283U);
    EXPECT_EQ(tfevents::crc32c(""), 0U);
    EXPECT_EQ(tfevents::maskedCrc32c("\032\021CRC test, one two"), 0x5794D08AU);  // bytes 0x1a 0x11 first
}

TEST(TfEventsFile, ReadsScalarsInEveryEncoding) {
    const TfEventsFile file = readTfEventsFile(kFixture);
    EXPECT_EQ(file.fileVersion, "brain.Event:2");
    EXPECT_EQ(file.recordsRead, 15U);
    EXPECT_EQ(file.bytesRead, kFixtureSize);
    EXPECT_FALSE(file.partialTail);
    EXPECT_EQ(file.scalars, fixtureScalars());
    ASSERT_EQ(file.warnings.size(), 1U);
    EXPECT_THAT(file.warnings[0], HasSubstr("byte offset 866"));
    EXPECT_THAT(file.warnings[0], HasSubstr("bad/scalar"));
    EXPECT_THAT(file.warnings[0], HasSubstr("3 bytes"));
}

TEST(TfEventsFile, ReadsTheCompleteRecordsOfAFileStillBeingWritten) {
    const std::string bytes = test::readFileBytes(kFixture);
    const test::TempDir dir;
    // Cut inside the last record's header, data and data CRC.
    for (const std::uint64_t cut :
         {kRecordOffsets[14] + 5, kRecordOffsets[14] + 12, kRecordOffsets[14] + 30, kFixtureSize - 1}) {
        SCOPED_TRACE(cut);
        const TfEventsFile file =
            readTfEventsFile(test::writeFileBytes(dir.file("events.out.tfevents.cut"), bytes.substr(0, cut)));
        EXPECT_TRUE(file.partialTail);
        EXPECT_EQ(file.recordsRead, 14U);
        EXPECT_EQ(file.bytesRead, kRecordOffsets[14]);
        std::vector<ScalarEvent> expected = fixtureScalars();
        expected.resize(expected.size() - 2);
        EXPECT_EQ(file.scalars, expected);
        EXPECT_THAT(file.warnings.back(), HasSubstr("byte offset 933"));
    }
}

TEST(TfEventsFile, ReadsAnEmptyFileAsNoRecords) {
    const test::TempDir dir;
    const TfEventsFile file = readTfEventsFile(test::writeFileBytes(dir.file("events.out.tfevents.empty"), ""));
    EXPECT_EQ(file.recordsRead, 0U);
    EXPECT_FALSE(file.partialTail);
    EXPECT_THAT(file.scalars, IsEmpty());
}

TEST(TfEventsFile, RejectsABadLengthCrcNamingFileAndOffset) {
    std::string bytes = test::readFileBytes(kFixture);
    bytes[kRecordOffsets[3] + 9] ^= 0x01;  // inside the length's CRC
    const test::TempDir dir;
    const std::string message = errorOf(test::writeFileBytes(dir.file("events.out.tfevents.badlen"), bytes));
    EXPECT_THAT(message, HasSubstr("events.out.tfevents.badlen"));
    EXPECT_THAT(message, HasSubstr("byte offset 182"));
    EXPECT_THAT(message, HasSubstr("length CRC"));
}

TEST(TfEventsFile, RejectsACorruptLengthEvenWhenItPointsPastTheEnd) {
    std::string bytes = test::readFileBytes(kFixture);
    bytes[kRecordOffsets[3] + 6] = '\x7f';  // a huge length whose stored CRC no longer matches
    const test::TempDir dir;
    EXPECT_THAT(errorOf(test::writeFileBytes(dir.file("events.out.tfevents.huge"), bytes)),
                HasSubstr("byte offset 182"));
}

TEST(TfEventsFile, TakesAValidLengthPastTheEndForAPartialTailWithoutAllocatingIt) {
    std::string header;
    tfevents::appendLittleEndian<std::uint64_t>(header, std::uint64_t{1} << 40);
    tfevents::appendLittleEndian<std::uint32_t>(header, tfevents::maskedCrc32c(header));
    const test::TempDir dir;
    const TfEventsFile file = readTfEventsFile(
        test::writeFileBytes(dir.file("events.out.tfevents.long"), test::readFileBytes(kFixture) + header));
    EXPECT_TRUE(file.partialTail);
    EXPECT_EQ(file.recordsRead, 15U);
    EXPECT_EQ(file.bytesRead, kFixtureSize);
}

TEST(TfEventsFile, RejectsABadDataCrcNamingFileAndOffset) {
    std::string bytes = test::readFileBytes(kFixture);
    bytes[kRecordOffsets[5] + 20] ^= 0x40;  // inside the data
    const test::TempDir dir;
    const std::string message = errorOf(test::writeFileBytes(dir.file("events.out.tfevents.baddata"), bytes));
    EXPECT_THAT(message, HasSubstr("events.out.tfevents.baddata"));
    EXPECT_THAT(message, HasSubstr("byte offset 309"));
    EXPECT_THAT(message, HasSubstr("data CRC"));
}

TEST(TfEventsFile, RejectsABadCrcInTheLastCompleteRecord) {
    std::string bytes = test::readFileBytes(kFixture);
    bytes[kFixtureSize - 1] ^= 0x01;  // the last data CRC: the record is complete, so it is corrupt
    const test::TempDir dir;
    EXPECT_THAT(errorOf(test::writeFileBytes(dir.file("events.out.tfevents.badlast"), bytes)),
                HasSubstr("byte offset 933"));
}

TEST(TfEventsFile, RejectsARecordThatIsNotAnEvent) {
    const std::string bytes = test::readFileBytes(kFixture).substr(0, kRecordOffsets[2]) +
                              tfevents::frameRecord("\x0a\xff\xff\xff\xff\x0f");  // a length past the end
    const test::TempDir dir;
    const std::string message = errorOf(test::writeFileBytes(dir.file("events.out.tfevents.notevent"), bytes));
    EXPECT_THAT(message, HasSubstr("byte offset 116"));
    EXPECT_THAT(message, HasSubstr("not a TensorBoard Event"));
}

TEST(TfEventsFile, ReportsAMissingFileByName) {
    EXPECT_THAT(errorOf("/nonexistent/events.out.tfevents.x"), HasSubstr("/nonexistent/events.out.tfevents.x"));
}

TEST(TfEventsFile, ReadsEveryEventFileOfAFolderInPathOrder) {
    const test::TempDir dir;
    const std::string bytes = test::readFileBytes(kFixture);
    test::writeFileBytes(dir.file("runs/b/events.out.tfevents.2.host"), bytes.substr(0, kRecordOffsets[2]));
    test::writeFileBytes(dir.file("runs/a/events.out.tfevents.1.host"), bytes);
    test::writeFileBytes(dir.file("runs/a/notes.txt"), "not an event file");
    const std::vector<TfEventsFile> files = readTfEvents(dir.path());
    ASSERT_EQ(files.size(), 2U);
    EXPECT_EQ(files[0].path.filename(), "events.out.tfevents.1.host");
    EXPECT_EQ(files[0].scalars.size(), 12U);
    EXPECT_EQ(files[1].path.filename(), "events.out.tfevents.2.host");
    EXPECT_EQ(files[1].scalars.size(), 2U);
    EXPECT_EQ(readTfEvents(kFixture).size(), 1U);
}

}  // namespace
}  // namespace bb::tfevents_file_test
