#include "formats/tfevents/tfrecord_writer.h"

#include <cerrno>
#include <cstring>

#include "bridgebench/errors.h"
#include "formats/tfevents/tfrecord_format.h"

namespace bb::tfevents {

TfRecordWriter::TfRecordWriter(const std::filesystem::path& path)
    : m_path(path), m_stream(path, std::ios::binary | std::ios::trunc) {
    check("create");
}

void TfRecordWriter::write(std::string_view data) {
    const std::string framed = frameRecord(data);
    m_stream.write(framed.data(), static_cast<std::streamsize>(framed.size()));
    check("write");
}

void TfRecordWriter::flush() {
    m_stream.flush();
    check("write");
}

void TfRecordWriter::check(const char* what) {
    if (!m_stream) {
        throw Error(m_path.string() + ": cannot " + what + ": " + std::strerror(errno));
    }
}

}  // namespace bb::tfevents
