// libjpeg-turbo through JpegDecoder, as the loader's workers decode every image.
#include "data/jpeg_decoder.h"
#include "data/rgb_image.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static bb::JpegDecoder decoder;  // one per thread, as in the loader; the fuzzer has one thread
    bb::RgbImage image;
    std::string error;
    const std::span<const std::uint8_t> bytes(data, size);
    if (decoder.decode(bytes, image, error)) {
        bb::fuzz::expect(image.widthPx() > 0 && image.heightPx() > 0, "a decoded image without pixels");
    } else {
        bb::fuzz::expect(!error.empty(), "a failed decode that does not say why");
    }
    return 0;
}
