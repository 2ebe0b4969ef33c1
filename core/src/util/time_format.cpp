#include "util/time_format.h"

#include <ctime>
#include <random>

#include <fmt/format.h>

namespace bb {

std::string isoUtc(std::chrono::system_clock::time_point when) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return buffer;
}

double unixMs(std::chrono::system_clock::time_point when) {
    return std::chrono::duration<double, std::milli>(when.time_since_epoch()).count();
}

std::string newUuid() {
    thread_local std::mt19937_64 engine{std::random_device{}()};
    std::uint64_t high = engine();
    std::uint64_t low = engine();
    high = (high & 0xffffffffffff0fffULL) | 0x0000000000004000ULL;  // version 4
    low = (low & 0x3fffffffffffffffULL) | 0x8000000000000000ULL;    // RFC 4122 variant
    return fmt::format("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", high >> 32, (high >> 16) & 0xffff,
                       high & 0xffff, low >> 48, low & 0xffffffffffffULL);
}

}  // namespace bb
