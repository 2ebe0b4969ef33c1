#include "engine/out_of_memory.h"

#include <cstdlib>
#include <string_view>

#include <fmt/format.h>

#include "bridgebench/run_config.h"

namespace bb {

namespace {

// What the allocator asked for, from LibTorch's "you tried to allocate N bytes"; else its first line
// (later lines are a C++ backtrace).
std::string whatFailed(const std::string& what) {
    static constexpr std::string_view kAsked = "tried to allocate ";
    if (const auto at = what.find(kAsked); at != std::string::npos) {
        const char* digits = what.c_str() + at + kAsked.size();
        char* end = nullptr;
        const double bytes = std::strtod(digits, &end);
        if (end != digits) return fmt::format("an allocation of {:.1f} GiB failed", bytes / (1 << 30));
    }
    const auto end = what.find('\n');
    return "the allocator said: " + (end == std::string::npos ? what : what.substr(0, end));
}

}  // namespace

std::optional<std::string> outOfMemoryMessage(const RunConfig& config, const std::string& what) {
    const bool outOfMemory = what.find("can't allocate memory") != std::string::npos ||
                             what.find("CUDA out of memory") != std::string::npos ||
                             what.find("std::bad_alloc") != std::string::npos;
    if (!outOfMemory) return std::nullopt;
    return fmt::format("out of memory on {} with batch_size={}: {}; a smaller batch_size (or model, or caption "
                       "length) fits",
                       config.device, config.batchSize, whatFailed(what));
}

}  // namespace bb
