// CSV files into runs without holding them: three streamed reads (check and summarise, identify,
// write), each through CsvRunRows, so that every read sees the rows as the first checked them.
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <streambuf>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include "bridgebench/csv_reader.h"
#include "bridgebench/errors.h"
#include "bridgebench/run_import.h"
#include "formats/content_uuid.h"
#include "interop/import/csv_run_rows.h"
#include "interop/import/imported_record.h"
#include "interop/import/imported_summary.h"
#include "interop/import/store_connection.h"
#include "store/run_rows.h"
#include "util/file_contents.h"

namespace bb {

namespace {

// A pipe or a device can be read once; its bytes go to a file of ours as they are checked.
// Larger ones are refused: an endless stream would fill the disk.
constexpr std::uint64_t kMaxCopiedBytes = std::uint64_t{4} << 30;

class TemporaryCopy {
public:
    explicit TemporaryCopy(const std::filesystem::path& of) {
        std::string name = (std::filesystem::temp_directory_path() / "bridgebench-import-XXXXXX").string();
        const int fd = ::mkstemp(name.data());
        if (fd < 0) {
            throw Error(fmt::format("{}: cannot make a temporary copy to read it twice: {}", of.string(),
                                    std::strerror(errno)));
        }
        ::close(fd);
        m_path = name;
        m_stream.open(m_path, std::ios::binary | std::ios::trunc);
    }
    ~TemporaryCopy() {
        std::error_code ignored;
        std::filesystem::remove(m_path, ignored);
    }
    TemporaryCopy(const TemporaryCopy&) = delete;
    TemporaryCopy& operator=(const TemporaryCopy&) = delete;

    const std::filesystem::path& path() const noexcept { return m_path; }
    std::ofstream& stream() noexcept { return m_stream; }

private:
    std::filesystem::path m_path;
    std::ofstream m_stream;
};

// Reads from `source`, writing what it read to the copy. Its exceptions reach the reader
// through an istream whose exceptions() include badbit.
class TeeBuffer : public std::streambuf {
public:
    TeeBuffer(std::streambuf& source, TemporaryCopy& copy, std::filesystem::path file)
        : m_source(source), m_copy(copy), m_file(std::move(file)) {}

protected:
    int_type underflow() override {
        const std::streamsize got = m_source.sgetn(m_buffer.data(), static_cast<std::streamsize>(m_buffer.size()));
        if (got <= 0) return traits_type::eof();
        m_total += static_cast<std::uint64_t>(got);
        if (m_total > kMaxCopiedBytes) {
            throw InputError(fmt::format("{}: cannot read: a pipe or device of more than {} GiB; import it from a file",
                                         m_file.string(), kMaxCopiedBytes >> 30));
        }
        if (!m_copy.stream().write(m_buffer.data(), got)) {
            throw Error(fmt::format("{}: cannot write the temporary copy of {}: {}", m_copy.path().string(),
                                    m_file.string(), std::strerror(errno)));
        }
        setg(m_buffer.data(), m_buffer.data(), m_buffer.data() + got);
        return traits_type::to_int_type(m_buffer[0]);
    }

private:
    std::streambuf& m_source;
    TemporaryCopy& m_copy;
    std::filesystem::path m_file;
    std::array<char, 1 << 16> m_buffer{};
    std::uint64_t m_total = 0;
};

}  // namespace

struct CsvImport::Checked {
    struct Run {
        RunSummary summary;
        std::vector<std::string> stepFields;  // the fields its cells gave
        bool hasHeadline = false;
        ImportedTimeSpan times;
        std::string givenUuid;  // the file's `uuid` column, else derived from the content
    };
    std::filesystem::path file;
    ImportOptions options;
    std::unique_ptr<TemporaryCopy> copy;
    std::uint64_t bytes = 0;
    std::uint64_t digest = 0;
    std::vector<Run> runs;

    const std::filesystem::path& source() const { return copy ? copy->path() : file; }
};

namespace {

// One streamed read of the file, as the check read it.
struct Reread {
    std::ifstream stream;
    CsvReader reader;
    CsvRunRows rows;

    explicit Reread(const CsvImport::Checked& checked)
        : stream(openFileForReading(checked.source())),
          reader(stream, checked.file),
          rows(reader.columns(), checked.file, checked.options) {}

    // After the last row: the same bytes as the check read, or nothing is written.
    void expectUnchanged(const CsvImport::Checked& checked) {
        rows.finish();
        if (reader.bytesRead() != checked.bytes || reader.digest() != checked.digest) {
            throw InputError(fmt::format("{}: changed while it was being imported: nothing was imported",
                                         checked.file.string()));
        }
    }
};

}  // namespace

CsvImport::CsvImport(std::unique_ptr<Checked> checked) : m_checked(std::move(checked)) {}
CsvImport::~CsvImport() = default;
CsvImport::CsvImport(CsvImport&&) noexcept = default;
CsvImport& CsvImport::operator=(CsvImport&&) noexcept = default;

const std::filesystem::path& CsvImport::file() const { return m_checked->file; }

CsvImport CsvImport::read(const std::filesystem::path& file, const ImportOptions& options) {
    auto checked = std::make_unique<Checked>();
    checked->file = file;
    checked->options = options;
    std::ifstream in = openFileForReading(file);
    std::error_code error;
    std::unique_ptr<TeeBuffer> tee;
    std::istream teed(nullptr);
    std::istream* source = &in;
    if (!std::filesystem::is_regular_file(file, error)) {
        checked->copy = std::make_unique<TemporaryCopy>(file);
        tee = std::make_unique<TeeBuffer>(*in.rdbuf(), *checked->copy, file);
        teed.rdbuf(tee.get());
        teed.exceptions(std::ios::badbit);
        source = &teed;
    }

    CsvReader reader(*source, file);
    CsvRunRows rows(reader.columns(), file, options);
    std::vector<ImportedSummaryBuilder> summaries;
    std::vector<std::optional<double>> headlines;
    std::vector<std::optional<double>> durations;
    while (reader.next()) {
        const CsvRow row = reader.row();
        const CsvRunRows::Row read = rows.read(row);
        if (read.firstOfRun) {
            summaries.emplace_back();
            headlines.emplace_back();
            durations.emplace_back();
            checked->runs.push_back({{}, {}, false, {}, rows.runRecord(row).uuid});
        }
        if (read.headline) headlines[read.run] = read.headline;
        if (read.durationS) durations[read.run] = read.durationS;
        if (read.step) {
            summaries[read.run].add(*read.step);
            checked->runs[read.run].times.add(*read.step);
        }
    }
    rows.finish();
    for (std::size_t run = 0; run < summaries.size(); ++run) {
        rows.checkRun(run, headlines[run].has_value());
        checked->runs[run].summary = summaries[run].finish({headlines[run], durations[run], {}, {}}, rows.measuredParts(run));
        checked->runs[run].stepFields = rows.filledStepFields(run);
        checked->runs[run].hasHeadline = headlines[run].has_value();
        summaries[run] = ImportedSummaryBuilder{};
    }
    if (checked->copy) {
        checked->copy->stream().close();
        if (!checked->copy->stream()) {
            throw Error(fmt::format("{}: cannot write the temporary copy of {}", checked->copy->path().string(),
                                    file.string()));
        }
    }
    checked->bytes = reader.bytesRead();
    checked->digest = reader.digest();
    return CsvImport(std::move(checked));
}

ImportResult importCsv(ResultStore& store, const CsvImport& csv) {
    const CsvImport::Checked& checked = *csv.m_checked;
    // The uuids first, outside the transaction: they depend on each run's summary, which needed
    // all of its steps, and then on the steps again.
    std::vector<std::string> uuids;
    {
        std::vector<ContentHasher> hashers;
        for (const auto& run : checked.runs) hashers.push_back(importedRunHasher(run.summary, "csv"));
        Reread pass(checked);
        while (pass.reader.next()) {
            const CsvRunRows::Row read = pass.rows.read(pass.reader.row());
            if (read.step) hashers.at(read.run).addStep(*read.step);
        }
        pass.expectUnchanged(checked);
        for (std::size_t run = 0; run < checked.runs.size(); ++run)
            uuids.push_back(checked.runs[run].givenUuid.empty() ? hashers[run].uuid() : checked.runs[run].givenUuid);
    }

    ImportResult result;
    withImportTransaction(store.file(), "import runs", [&](SQLite::Database& db) {
        SQLite::Statement known(db, "SELECT 1 FROM runs WHERE uuid = ?");
        StepRowInserter steps(db);
        std::vector<std::int64_t> ids;  // 0: skipped, already stored
        std::vector<std::string> names;
        Reread pass(checked);
        while (pass.reader.next()) {
            const CsvRow row = pass.reader.row();
            const CsvRunRows::Row read = pass.rows.read(row);
            if (read.firstOfRun) {
                const CsvImport::Checked::Run& checkedRun = checked.runs.at(read.run);
                RunRecord run = pass.rows.runRecord(row);
                names.push_back(run.name);
                known.bind(1, uuids.at(read.run));
                const bool present = known.executeStep();
                known.reset();
                if (present) {
                    ids.push_back(0);
                    result.skipped.push_back(run.name);
                } else {
                    pass.rows.finishRun(run, read.run, checkedRun.summary, checkedRun.hasHeadline, checkedRun.stepFields);
                    run.uuid = uuids[read.run];
                    finishImportedTimes(run, checkedRun.times);
                    run.studyId = 0;
                    ids.push_back(insertRunRow(db, run, ""));
                }
            }
            if (read.step && ids.at(read.run) != 0) steps.insert(ids[read.run], *read.step);
        }
        pass.expectUnchanged(checked);
        for (std::size_t run = 0; run < ids.size(); ++run)
            if (ids[run] != 0) result.added.push_back({ids[run], names[run], pass.rows.stepCount(run)});
    });
    return result;
}

}  // namespace bb
