// Writes TFRecord framing (see tfrecord_reader.h) to a file.
#pragma once

#include <filesystem>
#include <fstream>
#include <string_view>

namespace bb::tfevents {

class TfRecordWriter {
public:
    // Creates or truncates `path`. Throws bb::Error naming the file when that fails.
    explicit TfRecordWriter(const std::filesystem::path& path);

    // Throws bb::Error naming the file when the bytes cannot be written.
    void write(std::string_view data);
    void flush();

private:
    void check(const char* what);

    std::filesystem::path m_path;
    std::ofstream m_stream;
};

}  // namespace bb::tfevents
