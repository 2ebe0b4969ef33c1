// COCO captions: images[] and annotations[] joined by image id.
#include "bridgebench/errors.h"
#include "data/coco_captions_reader.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::filesystem::path annotations = "/data/coco/annotations/captions_fuzz.json";
    try {
        const auto samples =
            bb::parseCocoCaptions(std::string(bb::fuzz::textOf(data, size)), annotations, "/data/coco/fuzz");
        for (const auto& sample : samples)
            bb::fuzz::expect(sample.imagePath.string().starts_with("/data/coco/fuzz"),
                             "an image outside the image folder's path", sample.imagePath.string());
    } catch (const bb::InputError& error) {
        bb::fuzz::expectNamesFile(error, annotations.string());
    }
    return 0;
}
