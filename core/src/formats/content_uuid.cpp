#include "formats/content_uuid.h"

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
std::string_view rawBytes(const T& value) {
    return {reinterpret_cast<const char*>(&value), sizeof(T)};
}

}  // namespace

void ContentHasher::add(std::string_view bytes) {
    // Two different offset bases give two independent 64-bit halves.
    m_high = fnv1a(bytes, m_high);
    m_low = fnv1a(bytes, m_low);
}

void ContentHasher::addStep(const StepMetrics& step) {
    add(rawBytes(step.step));
    add(rawBytes(step.timestampMs));
    add(rawBytes(step.wallMs));
    add(rawBytes(step.samplesPerSec));
    add(rawBytes(step.loss));
}

std::string ContentHasher::uuid() const {
    const std::uint64_t high = (m_high & ~0xF000ULL) | 0x8000ULL;             // version 8
    const std::uint64_t low = (m_low & ~(0xC0ULL << 56)) | (0x80ULL << 56);   // RFC variant
    return fmt::format("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", high >> 32, (high >> 16) & 0xFFFF, high & 0xFFFF,
                       low >> 48, low & 0xFFFFFFFFFFFFULL);
}

std::string contentUuid(std::string_view content) {
    ContentHasher hasher;
    hasher.add(content);
    return hasher.uuid();
}

ContentHasher importedRunHasher(const nlohmann::json& summary, std::string_view format) {
    ContentHasher hasher;
    hasher.add(format);
    hasher.add(summary.dump());
    return hasher;
}

std::string importedRunUuid(const RunData& run, std::string_view format) {
    ContentHasher hasher = importedRunHasher(run.run.summary, format);
    for (const auto& step : run.steps) hasher.addStep(step);
    return hasher.uuid();
}

}  // namespace bb
