#include "interop/export/output_file.h"

#include <cerrno>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "bridgebench/errors.h"

namespace bb {

namespace {

// ofstream leaves errno as it was when it fails without a system call failing.
std::string cause() { return errno != 0 ? std::strerror(errno) : "the write failed"; }

}  // namespace

OutputFile::OutputFile(std::filesystem::path file) : m_file(std::move(file)) {
    std::error_code error;
    // Caught here, where it can be said plainly: the rename at the end would fail only after the
    // whole file had been written, with "Is a directory" or worse.
    if (std::filesystem::is_directory(m_file, error))
        throw Error(fmt::format("{}: cannot write: it is a folder; name a file to write", m_file.string()));
    if (m_file.has_parent_path()) std::filesystem::create_directories(m_file.parent_path(), error);
    m_partial = m_file;
    m_partial += ".partial";
    errno = 0;
    m_out.open(m_partial, std::ios::binary | std::ios::trunc);
    if (!m_out) throw Error(fmt::format("{}: cannot write: {}", m_file.string(), cause()));
}

OutputFile::~OutputFile() {
    if (m_committed) return;
    m_out.close();
    std::error_code ignored;
    std::filesystem::remove(m_partial, ignored);
}

void OutputFile::fail(const std::string& why) {
    m_out.close();
    std::error_code ignored;
    std::filesystem::remove(m_partial, ignored);
    m_committed = true;  // nothing left to remove
    throw Error(fmt::format("{}: cannot write: {}", m_file.string(), why));
}

void OutputFile::write(std::string_view bytes) {
    errno = 0;
    m_out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!m_out) fail(cause());
}

void OutputFile::commit() {
    errno = 0;
    m_out.close();
    if (!m_out) fail(cause());
    std::error_code error;
    std::filesystem::rename(m_partial, m_file, error);
    if (error) fail(error.message());
    m_committed = true;
}

void writeOutputFile(const std::filesystem::path& file, std::string_view bytes) {
    OutputFile out(file);
    out.write(bytes);
    out.commit();
}

}  // namespace bb
