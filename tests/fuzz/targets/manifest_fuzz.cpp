// Dataset manifests: JSONL (one object per line) and CSV (RFC 4180 with a header naming the
// image and caption columns). The same bytes go through both readers.
#include <sstream>

#include "bridgebench/errors.h"
#include "data/manifest_reader.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(bb::fuzz::textOf(data, size));
    const std::filesystem::path jsonl = "/data/fuzz/manifest.jsonl";
    const std::filesystem::path csv = "/data/fuzz/manifest.csv";
    try {
        std::istringstream stream(text, std::ios::binary);
        for (const auto& sample : bb::readJsonlManifest(stream, jsonl))
            bb::fuzz::expect(sample.imagePath.is_absolute(), "a relative image path", sample.imagePath.string());
    } catch (const bb::InputError& error) {
        bb::fuzz::expectNamesFile(error, jsonl.string());
    }
    try {
        std::istringstream stream(text, std::ios::binary);
        for (const auto& sample : bb::readCsvManifest(stream, csv))
            bb::fuzz::expect(sample.imagePath.is_absolute(), "a relative image path", sample.imagePath.string());
    } catch (const bb::InputError& error) {
        bb::fuzz::expectNamesFile(error, csv.string());
    }
    return 0;
}
