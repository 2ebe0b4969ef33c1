// The check a dataset runs on every image when it opens: format sniffing and JPEG headers,
// first from the file's head, then from the whole file.
#include "data/image_probe.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static bb::ImageProbe probe;  // one per thread, as in the dataset; the fuzzer has one thread
    const std::optional<std::string> problem = probe.check(std::span<const std::uint8_t>(data, size));
    bb::fuzz::expect(!problem || !problem->empty(), "a problem without words");
    return 0;
}
