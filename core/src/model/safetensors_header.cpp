#include "model/safetensors_header.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"

namespace bb {

namespace {

using Json = nlohmann::json;

// As model/shape_text.h writes a shape; that header needs c10, which this file keeps out.
std::string shapeText(const std::vector<int64_t>& shape) {
    std::string text = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + "]";
}

struct DtypeInfo {
    SafetensorsDtype dtype;
    std::string_view name;
    uint64_t itemBytes;
};

constexpr DtypeInfo kDtypeInfos[] = {
    {SafetensorsDtype::kF32, "F32", 4},
    {SafetensorsDtype::kF16, "F16", 2},
    {SafetensorsDtype::kBF16, "BF16", 2},
    {SafetensorsDtype::kI64, "I64", 8},
};

const DtypeInfo& info(SafetensorsDtype dtype) {
    for (const auto& entry : kDtypeInfos)
        if (entry.dtype == dtype) return entry;
    throw std::logic_error("unhandled safetensors dtype");
}

class HeaderParser {
public:
    HeaderParser(const std::string& file, uint64_t dataBytes) : m_file(file), m_dataBytes(dataBytes) {}

    SafetensorsEntry parseEntry(const std::string& name, const Json& value) const {
        if (!value.is_object()) fail(name, "header entry is not an object");
        SafetensorsEntry entry;
        entry.name = name;

        const auto dtype = value.find("dtype");
        if (dtype == value.end() || !dtype->is_string()) fail(name, "missing or non-string \"dtype\"");
        const auto dtypeText = dtype->get<std::string>();
        const auto known = std::find_if(std::begin(kDtypeInfos), std::end(kDtypeInfos),
                                        [&](const DtypeInfo& candidate) { return candidate.name == dtypeText; });
        if (known == std::end(kDtypeInfos)) fail(name, "unsupported dtype \"" + dtypeText + "\" (F32, F16, BF16, I64)");
        entry.dtype = known->dtype;

        const auto shape = value.find("shape");
        if (shape == value.end() || !shape->is_array()) fail(name, "missing or non-array \"shape\"");
        uint64_t elements = 1;
        for (const auto& dimension : *shape) {
            if (!dimension.is_number_unsigned()) fail(name, "shape holds a non-integer or negative dimension");
            const auto size = dimension.get<uint64_t>();
            if (size > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) ||
                __builtin_mul_overflow(elements, size, &elements))
                fail(name, "shape " + shape->dump() + " overflows");
            entry.shape.push_back(static_cast<int64_t>(size));
        }
        uint64_t expectedBytes = 0;
        if (__builtin_mul_overflow(elements, known->itemBytes, &expectedBytes))
            fail(name, "shape " + shape->dump() + " overflows");

        const auto offsets = value.find("data_offsets");
        if (offsets == value.end() || !offsets->is_array() || offsets->size() != 2 ||
            !(*offsets)[0].is_number_unsigned() || !(*offsets)[1].is_number_unsigned())
            fail(name, "\"data_offsets\" must be two non-negative integers");
        entry.beginByte = (*offsets)[0].get<uint64_t>();
        entry.endByte = (*offsets)[1].get<uint64_t>();
        if (entry.beginByte > entry.endByte)
            fail(name, "data_offsets " + offsets->dump() + " end before they begin");
        if (entry.endByte > m_dataBytes)
            fail(name, "data_offsets " + offsets->dump() + " exceed the data section of " +
                           std::to_string(m_dataBytes) + " bytes (file truncated?)");
        if (entry.endByte - entry.beginByte != expectedBytes)
            fail(name, "shape " + shapeText(entry.shape) + " of " + dtypeText + " needs " +
                           std::to_string(expectedBytes) + " bytes but data_offsets " + offsets->dump() + " hold " +
                           std::to_string(entry.endByte - entry.beginByte));
        return entry;
    }

    std::map<std::string, std::string> parseMetadata(const Json& value) const {
        if (!value.is_object()) fail("__metadata__", "is not an object");
        std::map<std::string, std::string> metadata;
        for (const auto& [key, text] : value.items()) {
            if (!text.is_string()) fail("__metadata__", "value of \"" + key + "\" is not a string");
            metadata.emplace(key, text.get<std::string>());
        }
        return metadata;
    }

    [[noreturn]] void fail(const std::string& name, const std::string& message) const {
        throw InputError(m_file + ": tensor '" + name + "': " + message);
    }

private:
    const std::string& m_file;
    uint64_t m_dataBytes;
};

}  // namespace

std::string_view dtypeName(SafetensorsDtype dtype) { return info(dtype).name; }
uint64_t itemBytes(SafetensorsDtype dtype) { return info(dtype).itemBytes; }

SafetensorsHeader parseSafetensorsHeader(std::span<const std::byte> file, const std::string& fileName) {
    const uint64_t fileBytes = file.size();
    if (fileBytes < 8)
        throw InputError(fileName + ": truncated: " + std::to_string(fileBytes) +
                         " bytes, less than the 8-byte header length");
    uint64_t headerBytes = 0;
    std::memcpy(&headerBytes, file.data(), sizeof headerBytes);
    if (headerBytes > kMaxSafetensorsHeaderBytes || headerBytes > fileBytes - 8)
        throw InputError(fileName + ": header length " + std::to_string(headerBytes) + " exceeds the file's " +
                         std::to_string(fileBytes - 8) + " remaining bytes (truncated or not safetensors)");
    const auto* headerBegin = reinterpret_cast<const char*>(file.data() + 8);
    Json json;
    try {
        json = Json::parse(headerBegin, headerBegin + headerBytes);
    } catch (const Json::exception& error) {
        throw InputError(fileName + ": header is not valid JSON: " + error.what());
    }
    if (!json.is_object()) throw InputError(fileName + ": header is not a JSON object");

    SafetensorsHeader header;
    header.dataOffset = 8 + headerBytes;
    const HeaderParser parser(fileName, fileBytes - header.dataOffset);
    for (const auto& [name, value] : json.items()) {
        if (name == "__metadata__") header.metadata = parser.parseMetadata(value);
        else header.entries.push_back(parser.parseEntry(name, value));
    }

    std::vector<const SafetensorsEntry*> byOffset;
    for (const auto& entry : header.entries)
        if (entry.endByte > entry.beginByte) byOffset.push_back(&entry);
    std::sort(byOffset.begin(), byOffset.end(),
              [](const auto* a, const auto* b) { return a->beginByte < b->beginByte; });
    for (std::size_t i = 1; i < byOffset.size(); ++i)
        if (byOffset[i]->beginByte < byOffset[i - 1]->endByte)
            parser.fail(byOffset[i]->name, "data overlaps tensor '" + byOffset[i - 1]->name + "'");
    // nlohmann's object keeps keys sorted, so the entries already are; SafetensorsFile::find() relies on it.
    return header;
}

}  // namespace bb
