// Writing a whole output file, replacing it only once everything is written: a failed export
// leaves no half-written file behind.
#pragma once

#include <filesystem>
#include <fstream>
#include <string_view>

namespace bb {

// Writes `bytes` to a temporary file beside `file`, then renames it over `file`. Creates the
// parent folder. Throws bb::Error naming the file.
void writeOutputFile(const std::filesystem::path& file, std::string_view bytes);

// The same a piece at a time, for a file too large to hold (an export of millions of steps):
// written to FILE.partial through a buffered stream, renamed over the file by commit(), and
// removed when the object goes without a commit (an error, an interrupt's exception).
// Throws bb::Error naming the file.
class OutputFile {
public:
    explicit OutputFile(std::filesystem::path file);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    void write(std::string_view bytes);
    void commit();

private:
    [[noreturn]] void fail(const std::string& why);

    std::filesystem::path m_file;
    std::filesystem::path m_partial;
    std::ofstream m_out;
    bool m_committed = false;
};

}  // namespace bb
