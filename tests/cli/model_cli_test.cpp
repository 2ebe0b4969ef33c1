#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "support/process_runner.h"
#include "support/temp_dir.h"

namespace bb::model_cli_test {
namespace {

using ::testing::HasSubstr;

const std::filesystem::path kFixture = std::filesystem::path(BB_TEST_DATA_DIR) / "bridgetower-tiny";

std::string cli(const std::string& arguments) { return test::shellQuote(BB_CLI_PATH) + " " + arguments; }
std::string quoted(const std::filesystem::path& path) { return test::shellQuote(path.string()); }

// The F32 tensors of a safetensors file, read with nothing but the format's definition, so the
// check does not lean on the reader it is checking.
std::map<std::string, std::vector<float>> readF32Tensors(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    uint64_t headerBytes = 0;
    stream.read(reinterpret_cast<char*>(&headerBytes), sizeof headerBytes);
    std::string header(headerBytes, '\0');
    stream.read(header.data(), static_cast<std::streamsize>(headerBytes));
    const std::string data((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
    std::map<std::string, std::vector<float>> tensors;
    const auto parsed = nlohmann::json::parse(header);
    for (const auto& [name, entry] : parsed.items()) {
        if (name == "__metadata__" || entry["dtype"] != "F32") continue;
        const auto begin = entry["data_offsets"][0].get<std::size_t>();
        const auto end = entry["data_offsets"][1].get<std::size_t>();
        std::vector<float> values((end - begin) / sizeof(float));
        std::memcpy(values.data(), data.data() + begin, end - begin);
        tensors[name] = std::move(values);
    }
    return tensors;
}

void expectOutputsMatch(const std::filesystem::path& actualPath, const std::filesystem::path& expectedPath) {
    const auto actual = readF32Tensors(actualPath);
    const auto expected = readF32Tensors(expectedPath);
    ASSERT_FALSE(expected.empty());
    for (const auto& [name, want] : expected) {
        ASSERT_TRUE(actual.contains(name)) << name;
        const auto& got = actual.at(name);
        ASSERT_EQ(got.size(), want.size()) << name;
        for (std::size_t i = 0; i < want.size(); ++i)
            ASSERT_LE(std::abs(got[i] - want[i]), 1e-5 + 1e-4 * std::abs(want[i])) << name << "[" << i << "]";
    }
}

std::string forwardArguments(const std::filesystem::path& weights, const std::string& head,
                             const std::filesystem::path& out) {
    return "model forward --config " + quoted(kFixture / "config.json") + " --weights " + quoted(weights) +
           " --inputs " + quoted(kFixture / "inputs.safetensors") + " --head " + head + " --out " + quoted(out);
}

TEST(CliModel, ForwardContrastiveReproducesTheReferenceOutputs) {
    test::TempDir dir;
    const auto out = dir.file("contrastive.safetensors");
    const auto result = test::runCommand(cli(forwardArguments(kFixture / "model.safetensors", "contrastive", out)));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_THAT(result.out, HasSubstr("wrote 22 tensors"));
    EXPECT_THAT(result.err, HasSubstr("itm_score"));  // the union checkpoint's other head is ignored, and said so
    expectOutputsMatch(out, kFixture / "expected_contrastive.safetensors");
}

TEST(CliModel, ForwardItmReproducesTheReferenceOutputs) {
    test::TempDir dir;
    const auto out = dir.file("itm.safetensors");
    const auto result = test::runCommand(cli(forwardArguments(kFixture / "model.safetensors", "itm", out)));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    expectOutputsMatch(out, kFixture / "expected_itm.safetensors");
}

TEST(CliModel, ForwardWithTruncatedWeightsExitsWithInputError) {
    test::TempDir dir;
    const auto weights = dir.file("cut.safetensors");
    std::filesystem::copy_file(kFixture / "model.safetensors", weights);
    std::filesystem::resize_file(weights, std::filesystem::file_size(weights) / 2);
    const auto result = test::runCommand(cli(forwardArguments(weights, "contrastive", dir.file("out.safetensors"))));
    EXPECT_EQ(result.exitCode, 3);
    EXPECT_THAT(result.err, HasSubstr("cut.safetensors"));
    EXPECT_FALSE(std::filesystem::exists(dir.file("out.safetensors")));
}

TEST(CliModel, ForwardWithUnknownHeadIsAUsageError) {
    test::TempDir dir;
    const auto result =
        test::runCommand(cli(forwardArguments(kFixture / "model.safetensors", "mlm", dir.file("out.safetensors"))));
    EXPECT_EQ(result.exitCode, 2);
}

TEST(CliModel, ForwardWithAnInvalidConfigIsAConfigError) {
    test::TempDir dir;
    const auto config = dir.file("config.json");
    std::ofstream(config) << R"({"hidden_size": 64, "text_config": {"hidden_size": 64, "num_attention_heads": 5}})";
    const auto result = test::runCommand(cli("model forward --config " + quoted(config) + " --weights " +
                                             quoted(kFixture / "model.safetensors") + " --inputs " +
                                             quoted(kFixture / "inputs.safetensors") + " --head itm --out " +
                                             quoted(dir.file("out.safetensors"))));
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_THAT(result.err, HasSubstr("text_config.num_attention_heads"));
}

TEST(CliModel, InfoJsonGivesTheLargeModelsPublishedSize) {
    const auto result = test::runCommand(cli("model info --preset large --json"));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    EXPECT_EQ(json["parameters"]["total"], 866'612'737);
    EXPECT_EQ(json["parameters"]["bridgetower_model"], 864'514'048);
    EXPECT_EQ(json["image_size_px"], 294);
    EXPECT_EQ(json["image_tokens"], 442);
    EXPECT_GT(json["training_flops_per_sample"].get<double>(), 3 * 2 * 866e6 * 40);
}

TEST(CliModel, InfoReadsAConfigFileAndPrintsATable) {
    const auto result = test::runCommand(cli("model info --text-length 12 --config " + quoted(kFixture / "config.json")));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_THAT(result.out, HasSubstr("vision tower"));
    EXPECT_THAT(result.out, HasSubstr("3.247e+07"));  // 3 x the hand count in model_info_test
    EXPECT_THAT(result.out, HasSubstr("32 px, 17 tokens"));
}

TEST(CliModel, InfoNeedsExactlyOneSource) {
    EXPECT_EQ(test::runCommand(cli("model info")).exitCode, 2);
    EXPECT_EQ(test::runCommand(cli("model info --preset tiny --config x.json")).exitCode, 2);
    EXPECT_EQ(test::runCommand(cli("model info --preset medium")).exitCode, 2);
    EXPECT_EQ(test::runCommand(cli("model info --config /nonexistent/config.json")).exitCode, 3);
}

}  // namespace
}  // namespace bb::model_cli_test
