#include "store/export/output_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include <fmt/format.h>

#include "bridgebench/errors.h"

namespace bb {

void writeOutputFile(const std::filesystem::path& file, std::string_view bytes) {
    std::error_code error;
    if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), error);
    auto partial = file;
    partial += ".partial";
    {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(fmt::format("{}: cannot write: {}", file.string(), std::strerror(errno)));
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.close();
        if (!out) {
            std::filesystem::remove(partial, error);
            throw Error(fmt::format("{}: cannot write: {}", file.string(), std::strerror(errno)));
        }
    }
    std::filesystem::rename(partial, file, error);
    if (error) {
        std::filesystem::remove(partial, error);
        throw Error(fmt::format("{}: cannot write: {}", file.string(), error.message()));
    }
}

}  // namespace bb
