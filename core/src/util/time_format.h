#pragma once

#include <chrono>
#include <string>

namespace bb {

// "2026-11-30T19:05:00Z": the form every stored timestamp uses (sorts as text).
std::string isoUtc(std::chrono::system_clock::time_point when);
inline std::string isoUtcNow() { return isoUtc(std::chrono::system_clock::now()); }

double unixMs(std::chrono::system_clock::time_point when);

// A random RFC 4122 version-4 UUID.
std::string newUuid();

}  // namespace bb
