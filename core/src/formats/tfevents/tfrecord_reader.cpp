#include "formats/tfevents/tfrecord_reader.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "formats/tfevents/crc32c.h"
#include "formats/tfevents/tfrecord_format.h"

namespace bb::tfevents {

TfRecordReader::TfRecordReader(const std::filesystem::path& path) : m_name(path.string()) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        throw InputError(path.string() + ": cannot read: it is a directory");
    }
    m_stream = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*m_stream) {
        throw InputError(path.string() + ": cannot read: " + std::strerror(errno));
    }
    // A device or pipe has no size to bound a record's claimed length by (/dev/zero said
    // "Operation not supported" from file_size()).
    if (!std::filesystem::is_regular_file(path, error)) {
        throw InputError(path.string() + ": cannot read: not a regular file (an events file is one file on disk)");
    }
    // The size when opened bounds what a record's length may claim, so a corrupt but CRC-valid
    // length cannot make us allocate more than the file holds; a file that grows meanwhile is
    // read up to this size and then reported as ending in a partial record.
    m_fileSize = std::filesystem::file_size(path, error);
    if (error) {
        throw InputError(path.string() + ": cannot read: " + error.message());
    }
}

TfRecordReader::TfRecordReader(std::string bytes, std::string name)
    : m_name(std::move(name)), m_fileSize(bytes.size()) {
    m_stream = std::make_unique<std::istringstream>(std::move(bytes), std::ios::binary);
}

TfRecordReader::Result TfRecordReader::next(std::string& data) {
    m_recordOffset = m_offset;
    std::array<char, kHeaderBytes> header{};
    m_stream->read(header.data(), header.size());
    const auto headerRead = static_cast<std::size_t>(m_stream->gcount());
    if (headerRead == 0) {
        return Result::End;
    }
    if (headerRead < header.size()) {
        return Result::PartialTail;
    }
    const std::string_view lengthBytes(header.data(), kLengthBytes);
    const std::uint64_t length = readLittleEndian<std::uint64_t>(lengthBytes);
    const auto storedLengthCrc = readLittleEndian<std::uint32_t>(std::string_view(header.data() + kLengthBytes, 4));
    if (const std::uint32_t computed = maskedCrc32c(lengthBytes); computed != storedLengthCrc) {
        throw InputError(
            fmt::format("{}: byte offset {}: the record's length CRC does not match (stored {:#010x}, "
                        "computed {:#010x}); the file is corrupt",
                        m_name, m_recordOffset, storedLengthCrc, computed));
    }
    const std::uint64_t available = m_fileSize - std::min(m_fileSize, m_recordOffset + kHeaderBytes);
    if (length > available) {
        return Result::PartialTail;
    }
    data.resize(static_cast<std::size_t>(length));
    m_stream->read(data.data(), static_cast<std::streamsize>(length));
    std::array<char, kCrcBytes> dataCrc{};
    if (static_cast<std::uint64_t>(m_stream->gcount()) < length || !m_stream->read(dataCrc.data(), dataCrc.size())) {
        return Result::PartialTail;
    }
    const auto storedDataCrc = readLittleEndian<std::uint32_t>(std::string_view(dataCrc.data(), dataCrc.size()));
    if (const std::uint32_t computed = maskedCrc32c(data); computed != storedDataCrc) {
        throw InputError(
            fmt::format("{}: byte offset {}: the data CRC of the record ({} bytes) does not match "
                        "(stored {:#010x}, computed {:#010x}); the file is corrupt",
                        m_name, m_recordOffset, length, storedDataCrc, computed));
    }
    m_offset = m_recordOffset + kHeaderBytes + length + kCrcBytes;
    return Result::Record;
}

}  // namespace bb::tfevents
