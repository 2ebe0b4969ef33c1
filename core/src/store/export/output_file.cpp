#include "store/export/output_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "bridgebench/errors.h"

namespace bb {

namespace {

// ofstream leaves errno as it was when it fails without a system call failing.
std::string cause() { return errno != 0 ? std::strerror(errno) : "the write failed"; }

}  // namespace

void writeOutputFile(const std::filesystem::path& file, std::string_view bytes) {
    std::error_code error;
    // Caught here, where it can be said plainly: the rename below would fail only after the
    // whole file had been written, with "Is a directory" or worse.
    if (std::filesystem::is_directory(file, error))
        throw Error(fmt::format("{}: cannot write: it is a folder; name a file to write", file.string()));
    if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), error);
    auto partial = file;
    partial += ".partial";
    {
        errno = 0;
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(fmt::format("{}: cannot write: {}", file.string(), cause()));
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.close();
        if (!out) {
            const std::string why = cause();
            std::filesystem::remove(partial, error);
            throw Error(fmt::format("{}: cannot write: {}", file.string(), why));
        }
    }
    std::filesystem::rename(partial, file, error);
    if (error) {
        std::filesystem::remove(partial, error);
        throw Error(fmt::format("{}: cannot write: {}", file.string(), error.message()));
    }
}

}  // namespace bb
