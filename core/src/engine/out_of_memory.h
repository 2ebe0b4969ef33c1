// A run that runs out of memory ends as a failed run that says so in words, naming the batch
// size and the device, not with LibTorch's "DefaultCPUAllocator: can't allocate memory: you
// tried to allocate 41104179200 bytes" or std::bad_alloc's "std::bad_alloc".
#pragma once

#include <optional>
#include <string>

namespace bb {

struct RunConfig;

// The message for a failure whose library text `what` says memory ran out (a LibTorch CPU or
// CUDA allocator, or std::bad_alloc); nullopt for any other failure.
std::optional<std::string> outOfMemoryMessage(const RunConfig& config, const std::string& what);

}  // namespace bb
