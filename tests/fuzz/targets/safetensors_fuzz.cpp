// Safetensors: the 8-byte header length, the JSON header and every entry's offsets, checked
// against the bytes that follow, as SafetensorsFile does on the mapped file.
#include <span>

#include "bridgebench/errors.h"
#include "fuzz_support.h"
#include "model/safetensors_header.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    constexpr std::string_view kName = "fuzz.safetensors";
    const std::span<const std::byte> file(reinterpret_cast<const std::byte*>(data), size);
    try {
        const bb::SafetensorsHeader header = bb::parseSafetensorsHeader(file, std::string(kName));
        // What the header promises the readers that follow: every entry's bytes lie in the file.
        for (const auto& entry : header.entries) {
            bb::fuzz::expect(entry.beginByte <= entry.endByte && header.dataOffset + entry.endByte <= size,
                             "an entry's bytes leave the file", entry.name);
            std::size_t elements = 1;
            for (const auto dimension : entry.shape) elements *= static_cast<std::size_t>(dimension);
            bb::fuzz::expect(elements * bb::itemBytes(entry.dtype) == entry.endByte - entry.beginByte,
                             "an entry's shape does not match its bytes", entry.name);
        }
    } catch (const bb::InputError& error) {
        bb::fuzz::expectNamesFile(error, kName);
    }
    return 0;
}
