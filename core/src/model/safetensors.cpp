#include "model/safetensors.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "model/shape_text.h"

namespace bb {

static_assert(std::endian::native == std::endian::little, "safetensors data is little-endian; so must the host be");

namespace {

using Json = nlohmann::json;

// The reference implementation refuses headers above 100 MB; so do we, before parsing.
constexpr uint64_t kMaxHeaderBytes = 100'000'000;

struct DtypeInfo {
    SafetensorsDtype dtype;
    std::string_view name;
    at::ScalarType scalarType;
    uint64_t itemBytes;
};

constexpr DtypeInfo kDtypes[] = {
    {SafetensorsDtype::kF32, "F32", at::kFloat, 4},
    {SafetensorsDtype::kF16, "F16", at::kHalf, 2},
    {SafetensorsDtype::kBF16, "BF16", at::kBFloat16, 2},
    {SafetensorsDtype::kI64, "I64", at::kLong, 8},
};

const DtypeInfo& info(SafetensorsDtype dtype) {
    for (const auto& entry : kDtypes)
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
        const auto known = std::find_if(std::begin(kDtypes), std::end(kDtypes),
                                        [&](const DtypeInfo& candidate) { return candidate.name == dtypeText; });
        if (known == std::end(kDtypes)) fail(name, "unsupported dtype \"" + dtypeText + "\" (F32, F16, BF16, I64)");
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

at::ScalarType scalarType(SafetensorsDtype dtype) { return info(dtype).scalarType; }
std::string_view dtypeName(SafetensorsDtype dtype) { return info(dtype).name; }

SafetensorsFile::SafetensorsFile(const std::filesystem::path& path) : m_path(path) {
    const std::string file = path.string();
    const int descriptor = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) throw InputError(file + ": cannot open: " + std::strerror(errno));
    struct stat status {};
    if (::fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode)) {
        ::close(descriptor);
        throw InputError(file + ": not a regular file");
    }
    const auto fileBytes = static_cast<uint64_t>(status.st_size);
    if (fileBytes < 8) {
        ::close(descriptor);
        throw InputError(file + ": truncated: " + std::to_string(fileBytes) + " bytes, less than the 8-byte header length");
    }
    void* mapping = ::mmap(nullptr, fileBytes, PROT_READ, MAP_PRIVATE, descriptor, 0);
    ::close(descriptor);
    if (mapping == MAP_FAILED) throw InputError(file + ": cannot map: " + std::strerror(errno));
    m_mapping = static_cast<const std::byte*>(mapping);
    m_mappingBytes = fileBytes;

    try {
        uint64_t headerBytes = 0;
        std::memcpy(&headerBytes, m_mapping, sizeof headerBytes);
        if (headerBytes > kMaxHeaderBytes || headerBytes > fileBytes - 8)
            throw InputError(file + ": header length " + std::to_string(headerBytes) + " exceeds the file's " +
                             std::to_string(fileBytes - 8) + " remaining bytes (truncated or not safetensors)");
        const auto* headerBegin = reinterpret_cast<const char*>(m_mapping + 8);
        Json header;
        try {
            header = Json::parse(headerBegin, headerBegin + headerBytes);
        } catch (const Json::exception& error) {
            throw InputError(file + ": header is not valid JSON: " + error.what());
        }
        if (!header.is_object()) throw InputError(file + ": header is not a JSON object");

        m_data = m_mapping + 8 + headerBytes;
        const HeaderParser parser(file, fileBytes - 8 - headerBytes);
        for (const auto& [name, value] : header.items()) {
            if (name == "__metadata__") m_metadata = parser.parseMetadata(value);
            else m_entries.push_back(parser.parseEntry(name, value));
        }

        std::vector<const SafetensorsEntry*> byOffset;
        for (const auto& entry : m_entries)
            if (entry.endByte > entry.beginByte) byOffset.push_back(&entry);
        std::sort(byOffset.begin(), byOffset.end(),
                  [](const auto* a, const auto* b) { return a->beginByte < b->beginByte; });
        for (std::size_t i = 1; i < byOffset.size(); ++i)
            if (byOffset[i]->beginByte < byOffset[i - 1]->endByte)
                parser.fail(byOffset[i]->name, "data overlaps tensor '" + byOffset[i - 1]->name + "'");
        // nlohmann's object keeps keys sorted, so m_entries already is; find() relies on it.
    } catch (...) {
        ::munmap(const_cast<std::byte*>(m_mapping), m_mappingBytes);
        throw;
    }
}

SafetensorsFile::~SafetensorsFile() {
    if (m_mapping) ::munmap(const_cast<std::byte*>(m_mapping), m_mappingBytes);
}

SafetensorsFile::SafetensorsFile(SafetensorsFile&& other) noexcept
    : m_path(std::move(other.m_path)),
      m_mapping(std::exchange(other.m_mapping, nullptr)),
      m_mappingBytes(std::exchange(other.m_mappingBytes, 0)),
      m_data(std::exchange(other.m_data, nullptr)),
      m_entries(std::move(other.m_entries)),
      m_metadata(std::move(other.m_metadata)) {}

SafetensorsFile& SafetensorsFile::operator=(SafetensorsFile&& other) noexcept {
    if (this != &other) {
        if (m_mapping) ::munmap(const_cast<std::byte*>(m_mapping), m_mappingBytes);
        m_path = std::move(other.m_path);
        m_mapping = std::exchange(other.m_mapping, nullptr);
        m_mappingBytes = std::exchange(other.m_mappingBytes, 0);
        m_data = std::exchange(other.m_data, nullptr);
        m_entries = std::move(other.m_entries);
        m_metadata = std::move(other.m_metadata);
    }
    return *this;
}

const SafetensorsEntry* SafetensorsFile::find(std::string_view name) const {
    const auto it = std::lower_bound(m_entries.begin(), m_entries.end(), name,
                                     [](const SafetensorsEntry& entry, std::string_view key) { return entry.name < key; });
    return it != m_entries.end() && it->name == name ? &*it : nullptr;
}

std::span<const std::byte> SafetensorsFile::bytes(const SafetensorsEntry& entry) const {
    return {m_data + entry.beginByte, static_cast<std::size_t>(entry.endByte - entry.beginByte)};
}

at::Tensor SafetensorsFile::tensor(std::string_view name) const {
    const SafetensorsEntry* entry = find(name);
    if (!entry) throw InputError(m_path.string() + ": tensor '" + std::string(name) + "' not found");
    at::Tensor result = at::empty(entry->shape, at::TensorOptions().dtype(scalarType(entry->dtype)));
    const auto source = bytes(*entry);
    if (!source.empty()) std::memcpy(result.data_ptr(), source.data(), source.size());
    return result;
}

at::Tensor SafetensorsFile::view(const SafetensorsEntry& entry) const {
    const auto source = bytes(entry);
    const auto address = reinterpret_cast<std::uintptr_t>(source.data());
    if (source.empty() || address % info(entry.dtype).itemBytes != 0) return tensor(entry.name);
    // from_blob wants a mutable pointer; callers only read (the pages are PROT_READ anyway).
    return at::from_blob(const_cast<std::byte*>(source.data()), entry.shape,
                         at::TensorOptions().dtype(scalarType(entry.dtype)));
}

void writeSafetensors(const std::filesystem::path& path, const NamedTensors& tensors,
                      const std::map<std::string, std::string>& metadata) {
    nlohmann::ordered_json header = nlohmann::ordered_json::object();
    if (!metadata.empty()) header["__metadata__"] = metadata;
    std::vector<at::Tensor> contiguous;
    contiguous.reserve(tensors.size());
    std::unordered_set<std::string> names;
    uint64_t offset = 0;
    for (const auto& [name, value] : tensors) {
        if (name == "__metadata__" || !names.insert(name).second)
            throw std::invalid_argument("writeSafetensors: duplicate or reserved tensor name '" + name + "'");
        const auto dtype = std::find_if(std::begin(kDtypes), std::end(kDtypes),
                                        [&](const DtypeInfo& candidate) { return candidate.scalarType == value.scalar_type(); });
        if (dtype == std::end(kDtypes))
            throw std::invalid_argument("writeSafetensors: tensor '" + name + "' has unsupported dtype " +
                                        std::string(c10::toString(value.scalar_type())));
        at::Tensor data = value.detach().to(at::kCPU).contiguous();
        const auto byteCount = static_cast<uint64_t>(data.nbytes());
        header[name] = {{"dtype", std::string(dtype->name)}, {"shape", data.sizes().vec()}, {"data_offsets", {offset, offset + byteCount}}};
        offset += byteCount;
        contiguous.push_back(std::move(data));
    }
    std::string headerText = header.dump();
    // Pad with spaces so the data section starts 8-byte aligned, as the reference writer does.
    headerText.append((8 - headerText.size() % 8) % 8, ' ');

    auto temporary = path;
    temporary += ".tmp";
    {
        std::ofstream stream(temporary, std::ios::binary | std::ios::trunc);
        if (!stream) throw InputError(path.string() + ": cannot create " + temporary.string());
        const uint64_t headerBytes = headerText.size();
        stream.write(reinterpret_cast<const char*>(&headerBytes), sizeof headerBytes);
        stream.write(headerText.data(), static_cast<std::streamsize>(headerText.size()));
        for (const auto& data : contiguous)
            stream.write(static_cast<const char*>(data.data_ptr()), static_cast<std::streamsize>(data.nbytes()));
        stream.flush();
        if (!stream) {
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            throw InputError(path.string() + ": write failed");
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary, error);
        throw InputError(path.string() + ": cannot move the written file into place");
    }
}

}  // namespace bb
