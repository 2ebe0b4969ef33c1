#include "store/import/content_uuid.h"

#include <cstdint>
#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace bb {

namespace {

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash) {
    for (const unsigned char byte : bytes) {
        hash ^= byte;
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

template <typename T>
void appendRaw(std::string& out, T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

}  // namespace

std::string contentUuid(std::string_view content) {
    // Two different offset bases give two independent 64-bit halves.
    std::uint64_t high = fnv1a(content, 0xcbf29ce484222325ULL);
    std::uint64_t low = fnv1a(content, 0x84222325cbf29ce4ULL);
    high = (high & ~0xF000ULL) | 0x8000ULL;                      // version 8
    low = (low & ~(0xC0ULL << 56)) | (0x80ULL << 56);            // RFC variant
    return fmt::format("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", high >> 32, (high >> 16) & 0xFFFF, high & 0xFFFF,
                       low >> 48, low & 0xFFFFFFFFFFFFULL);
}

std::string importedRunUuid(const RunData& run, std::string_view format) {
    std::string content(format);
    content += run.run.summary.dump();
    for (const auto& step : run.steps) {
        appendRaw(content, step.step);
        appendRaw(content, step.timestampMs);
        appendRaw(content, step.wallMs);
        appendRaw(content, step.samplesPerSec);
        appendRaw(content, step.loss);
    }
    return contentUuid(content);
}

}  // namespace bb
