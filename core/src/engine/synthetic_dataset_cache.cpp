#include "engine/synthetic_dataset_cache.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "bridgebench/errors.h"

namespace bb {

namespace {

// flock, not a lock directory or a PID file: the kernel drops it when the holder dies, so a
// generator killed halfway never wedges later runs (they regenerate: the stamp is written last).
class FileLock {
public:
    explicit FileLock(const std::filesystem::path& file) : m_fd(::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
        if (m_fd < 0) throw InputError(file.string() + ": cannot open lock file: " + std::strerror(errno));
        int result = 0;
        do result = ::flock(m_fd, LOCK_EX);
        while (result != 0 && errno == EINTR);
        if (result != 0) {
            const std::string reason = std::strerror(errno);
            ::close(m_fd);
            throw InputError(file.string() + ": cannot lock: " + reason);
        }
    }
    ~FileLock() { ::close(m_fd); }
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

private:
    int m_fd;
};

std::string folderName(const SyntheticDatasetOptions& options) {
    return "synthetic-" + std::to_string(options.widthPx) + "x" + std::to_string(options.heightPx) + "-q" +
           std::to_string(options.quality) + "-seed" + std::to_string(options.seed) + "-n" +
           std::to_string(options.count);
}

}  // namespace

SyntheticDatasetOptions defaultSyntheticDatasetOptions(std::uint64_t seed) {
    SyntheticDatasetOptions options;
    options.count = 1000;
    options.seed = seed;
    return options;
}

std::filesystem::path ensureSyntheticDataset(const std::filesystem::path& cacheRoot,
                                             const SyntheticDatasetOptions& options,
                                             const SyntheticProgressFn& progress) {
    validate(options);
    const auto root = cacheRoot / "datasets";
    std::error_code error;
    std::filesystem::create_directories(root, error);
    if (error) throw InputError(root.string() + ": cannot create the dataset cache: " + error.message());
    const auto dir = root / folderName(options);
    const FileLock lock(root / (folderName(options) + ".lock"));
    return generateSyntheticDataset(dir, options, progress).manifest;
}

}  // namespace bb
