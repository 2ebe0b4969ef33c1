#include "formats/tfevents/tfrecord_format.h"

#include "formats/tfevents/crc32c.h"

namespace bb::tfevents {

std::string frameRecord(std::string_view data) {
    std::string framed;
    framed.reserve(kHeaderBytes + data.size() + kCrcBytes);
    appendLittleEndian<std::uint64_t>(framed, data.size());
    appendLittleEndian<std::uint32_t>(framed, maskedCrc32c(framed));
    framed.append(data);
    appendLittleEndian<std::uint32_t>(framed, maskedCrc32c(data));
    return framed;
}

}  // namespace bb::tfevents
