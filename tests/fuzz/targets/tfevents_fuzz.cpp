// TensorBoard event files: TFRecord framing (lengths, masked CRC-32C), Event, Summary and
// TensorProto decoding, and the scalars taken from them.
#include "bridgebench/errors.h"
#include "bridgebench/tfevents_file.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    constexpr std::string_view kName = "events.out.tfevents.fuzz";
    try {
        const bb::TfEventsFile file = bb::parseTfEventsFile(std::string(bb::fuzz::textOf(data, size)), kName);
        bb::fuzz::expect(file.bytesRead <= size, "more bytes read than the file holds");
        bb::fuzz::expect(file.partialTail || file.bytesRead == size, "a complete file not read to its end");
    } catch (const bb::InputError& error) {
        bb::fuzz::expectNamesFile(error, kName);
    }
    return 0;
}
