// Run configs, `--set KEY=VALUE` settings and study files. The first byte chooses which: a run
// config file, then `--set` lines applied to it; or a study file, expanded into its runs.
#include <sstream>

#include "bridgebench/errors.h"
#include "bridgebench/run_config.h"
#include "bridgebench/study_config.h"
#include "config/json_file.h"
#include "fuzz_support.h"

namespace {

constexpr std::string_view kName = "fuzz-config.json";

// As bridgebench-cli splits each --set argument (app/cli/cli_common.cpp).
void applySettings(bb::RunConfig& config, std::string_view lines) {
    std::istringstream stream{std::string(lines)};
    for (std::string line; std::getline(stream, line);) {
        const auto equals = line.find('=');
        if (equals == std::string::npos) continue;
        try {
            bb::applySetting(config, std::string_view(line).substr(0, equals), std::string_view(line).substr(equals + 1));
        } catch (const bb::ConfigError&) {
        }
    }
}

void runConfig(std::string_view input) {
    const auto parts = bb::fuzz::splitParts(input, 2);
    bb::RunConfig config;
    try {
        std::istringstream stream{std::string(parts[0])};
        config = bb::parseJsonConfigStream(stream, std::string(kName),
                                           [](const nlohmann::json& object) { return bb::runConfigFromJson(object); });
    } catch (const bb::Error& error) {
        bb::fuzz::expectNamesFile(error, kName);
    }
    applySettings(config, parts[1]);
    try {
        bb::validate(config);
    } catch (const bb::ConfigError&) {
        return;
    }
    // What a run stores is read back unchanged.
    const nlohmann::json stored = bb::toJson(config);
    bb::fuzz::expect(bb::toJson(bb::runConfigFromJson(stored)) == stored, "a stored config does not read back",
                     stored.dump());
}

void studyConfig(std::string_view input) {
    try {
        std::istringstream stream{std::string(input)};
        const bb::StudyConfig study = bb::parseJsonConfigStream(
            stream, std::string(kName), [](const nlohmann::json& object) { return bb::studyConfigFromJson(object); });
        try {
            (void)bb::expandStudy(study);
        } catch (const bb::ConfigError&) {
        }
    } catch (const bb::Error& error) {
        bb::fuzz::expectNamesFile(error, kName);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view input = bb::fuzz::textOf(data + 1, size - 1);
    if (data[0] % 2 == 0) runConfig(input);
    else studyConfig(input);
    return 0;
}
