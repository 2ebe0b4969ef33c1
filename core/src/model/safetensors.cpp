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

namespace bb {

static_assert(std::endian::native == std::endian::little, "safetensors data is little-endian; so must the host be");

namespace {

at::ScalarType scalarTypeOf(SafetensorsDtype dtype) {
    switch (dtype) {
    case SafetensorsDtype::kF32: return at::kFloat;
    case SafetensorsDtype::kF16: return at::kHalf;
    case SafetensorsDtype::kBF16: return at::kBFloat16;
    case SafetensorsDtype::kI64: return at::kLong;
    }
    throw std::logic_error("unhandled safetensors dtype");
}

constexpr SafetensorsDtype kDtypes[] = {SafetensorsDtype::kF32, SafetensorsDtype::kF16, SafetensorsDtype::kBF16,
                                        SafetensorsDtype::kI64};

}  // namespace

at::ScalarType scalarType(SafetensorsDtype dtype) { return scalarTypeOf(dtype); }

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
    if (fileBytes == 0) {
        ::close(descriptor);
        parseSafetensorsHeader({}, file);  // throws: too short for the header length
    }
    void* mapping = ::mmap(nullptr, fileBytes, PROT_READ, MAP_PRIVATE, descriptor, 0);
    ::close(descriptor);
    if (mapping == MAP_FAILED) throw InputError(file + ": cannot map: " + std::strerror(errno));
    m_mapping = static_cast<const std::byte*>(mapping);
    m_mappingBytes = fileBytes;

    try {
        SafetensorsHeader header = parseSafetensorsHeader({m_mapping, m_mappingBytes}, file);
        m_data = m_mapping + header.dataOffset;
        m_entries = std::move(header.entries);
        m_metadata = std::move(header.metadata);
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
    if (source.empty() || address % itemBytes(entry.dtype) != 0) return tensor(entry.name);
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
                                        [&](SafetensorsDtype candidate) { return scalarTypeOf(candidate) == value.scalar_type(); });
        if (dtype == std::end(kDtypes))
            throw std::invalid_argument("writeSafetensors: tensor '" + name + "' has unsupported dtype " +
                                        std::string(c10::toString(value.scalar_type())));
        at::Tensor data = value.detach().to(at::kCPU).contiguous();
        const auto byteCount = static_cast<uint64_t>(data.nbytes());
        header[name] = {{"dtype", std::string(dtypeName(*dtype))}, {"shape", data.sizes().vec()}, {"data_offsets", {offset, offset + byteCount}}};
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
