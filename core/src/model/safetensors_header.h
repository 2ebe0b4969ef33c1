// The header of a safetensors file (https://github.com/huggingface/safetensors): an 8-byte
// little-endian length, then that many bytes of JSON naming each tensor's dtype, shape and
// byte range in the data section that follows. Parsed from bytes in memory, without torch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bb {

enum class SafetensorsDtype { kF32, kF16, kBF16, kI64 };

struct SafetensorsEntry {
    std::string name;
    SafetensorsDtype dtype = SafetensorsDtype::kF32;
    std::vector<int64_t> shape;
    // Offsets relative to the first byte after the header, end exclusive.
    uint64_t beginByte = 0;
    uint64_t endByte = 0;
};

// The reference implementation refuses headers above 100 MB; so do we, before parsing.
inline constexpr uint64_t kMaxSafetensorsHeaderBytes = 100'000'000;

struct SafetensorsHeader {
    std::vector<SafetensorsEntry> entries;  // sorted by name
    std::map<std::string, std::string> metadata;
    uint64_t dataOffset = 0;  // where the data section starts in the file
};

// Checks the whole header against `file` (the file's bytes): every entry's dtype is known, its
// shape fits in int64 without overflow, its offsets lie in the data section and hold exactly
// the shape's bytes, and no two entries overlap. A declared length above
// kMaxSafetensorsHeaderBytes or beyond the file is refused before anything is parsed. Throws
// InputError naming `fileName` and the tensor at fault.
SafetensorsHeader parseSafetensorsHeader(std::span<const std::byte> file, const std::string& fileName);

std::string_view dtypeName(SafetensorsDtype dtype);
uint64_t itemBytes(SafetensorsDtype dtype);

}  // namespace bb
