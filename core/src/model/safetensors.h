// Safetensors checkpoints (https://github.com/huggingface/safetensors format): an 8-byte
// little-endian header length, a JSON header, then the raw little-endian tensor bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ATen/ATen.h>

#include "model/safetensors_header.h"

namespace bb {

// A read-only, memory-mapped safetensors file whose header was fully checked at open: every
// entry's dtype, shape and offsets are consistent, in range and non-overlapping, so reads never
// leave the mapping. Errors are InputError naming the file and the tensor. Not thread-safe to
// move while read; concurrent const reads are fine. The mapping lives as long as the object.
class SafetensorsFile {
public:
    explicit SafetensorsFile(const std::filesystem::path& path);
    ~SafetensorsFile();
    SafetensorsFile(SafetensorsFile&& other) noexcept;
    SafetensorsFile& operator=(SafetensorsFile&& other) noexcept;
    SafetensorsFile(const SafetensorsFile&) = delete;
    SafetensorsFile& operator=(const SafetensorsFile&) = delete;

    const std::filesystem::path& path() const { return m_path; }
    // Sorted by name.
    const std::vector<SafetensorsEntry>& entries() const { return m_entries; }
    const std::map<std::string, std::string>& metadata() const { return m_metadata; }
    // nullptr when absent.
    const SafetensorsEntry* find(std::string_view name) const;

    // The entry's bytes inside the mapping.
    std::span<const std::byte> bytes(const SafetensorsEntry& entry) const;
    // An owning CPU tensor with the file's dtype; throws InputError when `name` is absent.
    at::Tensor tensor(std::string_view name) const;
    // A tensor of the file's dtype that aliases the mapping when its bytes are suitably aligned
    // (else a copy). Read-only and valid only while this object lives; meant for copy_ into
    // existing storage.
    at::Tensor view(const SafetensorsEntry& entry) const;

private:
    std::filesystem::path m_path;
    const std::byte* m_mapping = nullptr;
    std::size_t m_mappingBytes = 0;
    const std::byte* m_data = nullptr;  // start of the data section
    std::vector<SafetensorsEntry> m_entries;
    std::map<std::string, std::string> m_metadata;
};

at::ScalarType scalarType(SafetensorsDtype dtype);

using NamedTensors = std::vector<std::pair<std::string, at::Tensor>>;

// Writes `tensors` (float32, float16, bfloat16 or int64; any device and layout) in the order
// given, through a temporary file renamed into place. Throws InputError when the file cannot be
// written and std::invalid_argument for an unsupported dtype or a duplicate or reserved name.
void writeSafetensors(const std::filesystem::path& path, const NamedTensors& tensors,
                      const std::map<std::string, std::string>& metadata = {});

}  // namespace bb
