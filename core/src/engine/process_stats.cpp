#include "engine/process_stats.h"

#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>

namespace bb {

std::int64_t residentSetBytes() {
    // /proc/self/statm is one short line; reading it costs a few microseconds, far below
    // the 1% recording budget of a step.
    const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char buffer[128] = {};
    const auto length = ::read(fd, buffer, sizeof buffer - 1);
    ::close(fd);
    if (length <= 0) return 0;
    long long totalPages = 0;
    long long residentPages = 0;
    if (std::sscanf(buffer, "%lld %lld", &totalPages, &residentPages) != 2) return 0;
    return residentPages * static_cast<std::int64_t>(sysconf(_SC_PAGESIZE));
}

double processCpuMs() {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

}  // namespace bb
