// Hugging Face config.json of a BridgeTower model: the top level, text_config and
// vision_config, validated as `model = path/to/config.json` is.
#include "bridgebench/bridgetower_config.h"
#include "bridgebench/errors.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    constexpr std::string_view kName = "fuzz/config.json";
    try {
        const bb::BridgeTowerConfig config = bb::parseBridgeTowerConfig(bb::fuzz::textOf(data, size), std::string(kName));
        // What validate() promises the model code: the derived sizes are usable.
        bb::fuzz::expect(config.vision.numHeads() > 0 && config.vision.gridSize() > 0 && config.splitIndex() >= 0,
                         "a validated config with unusable sizes");
        try {
            bb::validateForContrastive(config);
        } catch (const bb::ConfigError&) {
        }
    } catch (const bb::InputError& error) {
        bb::fuzz::expectNamesFile(error, kName);
    } catch (const bb::ConfigError& error) {
        bb::fuzz::expectNamesFile(error, kName);
    }
    return 0;
}
