// A benchmark's own database file in the temporary folder, removed with its WAL and shared-memory
// files when the benchmark is done. Removing the .db alone left the other two behind whenever a
// connection was still open (the select-run benchmark's window): /tmp filled with -wal and -shm.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace bb::bench {

class ScratchDatabase {
public:
    // Named after the benchmark, this process and `tag`, so that two benchmarks never share one.
    ScratchDatabase(const std::string& prefix, const std::string& tag)
        : m_file(std::filesystem::temp_directory_path() /
                 (prefix + "-" + std::to_string(::getpid()) + (tag.empty() ? "" : "-" + tag) + ".db")) {
        remove();
    }
    ~ScratchDatabase() { remove(); }
    ScratchDatabase(const ScratchDatabase&) = delete;
    ScratchDatabase& operator=(const ScratchDatabase&) = delete;

    const std::filesystem::path& file() const { return m_file; }

private:
    void remove() const {
        std::error_code ignored;
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(m_file.string() + suffix, ignored);
    }

    std::filesystem::path m_file;
};

}  // namespace bb::bench
