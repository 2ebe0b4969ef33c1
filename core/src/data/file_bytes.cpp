#include "data/file_bytes.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bb {

namespace {

// Closes the descriptor on every path out of readFileBytes.
class FileDescriptor {
public:
    explicit FileDescriptor(int fd) noexcept : m_fd(fd) {}
    ~FileDescriptor() {
        if (m_fd >= 0) {
            ::close(m_fd);
        }
    }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int get() const noexcept { return m_fd; }

private:
    int m_fd;
};

std::string describeErrno(int error) {
    if (error == ENOENT || error == ENOTDIR) {
        return "missing";
    }
    return std::string("unreadable: ") + std::strerror(error);
}

}  // namespace

FileRead readFileBytes(const std::filesystem::path& file, std::vector<std::uint8_t>& out,
                       std::size_t maxBytes) {
    FileRead result;
    // Plain POSIX calls: ifstream's locale and buffering machinery costs more than the read
    // of a 60 KiB file from the page cache.
    FileDescriptor fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0) {
        result.error = describeErrno(errno);
        return result;
    }
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0) {
        result.error = describeErrno(errno);
        return result;
    }
    if (!S_ISREG(info.st_mode)) {
        result.error = "not a regular file";
        return result;
    }
    result.fileBytes = static_cast<std::size_t>(info.st_size);
    const std::size_t wanted = std::min(result.fileBytes, maxBytes);
    out.resize(wanted);
    std::size_t done = 0;
    while (done < wanted) {
        const ssize_t got = ::read(fd.get(), out.data() + done, wanted - done);
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            result.error = describeErrno(errno);
            return result;
        }
        if (got == 0) {
            break;  // the file shrank since fstat
        }
        done += static_cast<std::size_t>(got);
    }
    out.resize(done);
    result.ok = true;
    return result;
}

}  // namespace bb
