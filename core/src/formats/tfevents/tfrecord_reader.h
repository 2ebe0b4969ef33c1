// Reads TFRecord framing: per record a little-endian u64 length, the masked CRC-32C of those 8
// bytes, the data, and the masked CRC-32C of the data. Every CRC is checked.
#pragma once

#include <cstdint>
#include <filesystem>
#include <istream>
#include <memory>
#include <string>

namespace bb::tfevents {

class TfRecordReader {
public:
    // Throws InputError naming the file when it cannot be opened.
    explicit TfRecordReader(const std::filesystem::path& path);
    // Reads `bytes` as if they were the file `name` (messages name it).
    TfRecordReader(std::string bytes, std::string name);

    enum class Result {
        Record,       // `data` holds a complete record whose CRCs match
        End,          // the file ended on a record boundary
        PartialTail,  // the file ends inside a record: a writer is still at work, or it was cut
    };

    // Throws InputError naming the file and the record's byte offset when a CRC does not match
    // (a stored length is only trusted once its CRC matched).
    Result next(std::string& data);

    // Byte offset of the record last returned, or of the partial tail.
    std::uint64_t recordOffset() const noexcept { return m_recordOffset; }
    // Bytes taken by the complete records read so far.
    std::uint64_t offset() const noexcept { return m_offset; }

private:
    std::string m_name;
    std::unique_ptr<std::istream> m_stream;
    std::uint64_t m_fileSize = 0;
    std::uint64_t m_offset = 0;
    std::uint64_t m_recordOffset = 0;
};

}  // namespace bb::tfevents
