// Runs the built bridgebench-cli on a small generated dataset: `dataset generate` and
// `bench loader`, their exit codes and their --json documents.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/process_runner.h"
#include "support/temp_dir.h"

namespace {

struct CliRun {
    int exitCode = -1;
    std::string out;
};

CliRun runCli(const std::string& arguments) {
    const bb::test::ProcessResult result = bb::test::runCommand(std::string(BB_CLI_PATH) + " " + arguments);
    return {result.exitCode, result.out};
}

class DataCommands : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_temp = new bb::test::TempDir();
        s_dir = s_temp->path();
        const CliRun run = runCli("dataset generate --out " + dataDir() + " --count 8 --width 64 --height 48 --seed 2");
        ASSERT_EQ(run.exitCode, 0) << run.out;
    }
    static void TearDownTestSuite() { delete s_temp; }
    static std::string dataDir() { return (s_dir / "set").string(); }

    static inline bb::test::TempDir* s_temp = nullptr;
    static inline std::filesystem::path s_dir;
};

TEST_F(DataCommands, GenerateWritesAManifestAndReusesTheSetNextTime) {
    std::ifstream manifest(dataDir() + "/manifest.jsonl");
    int lines = 0;
    for (std::string line; std::getline(manifest, line);) {
        const nlohmann::json entry = nlohmann::json::parse(line);
        EXPECT_TRUE(entry["caption"].is_string());
        EXPECT_TRUE(std::filesystem::exists(dataDir() + "/" + entry["image"].get<std::string>()));
        ++lines;
    }
    EXPECT_EQ(lines, 8);

    const CliRun again =
        runCli("dataset generate --out " + dataDir() + " --count 8 --width 64 --height 48 --seed 2 --json");
    ASSERT_EQ(again.exitCode, 0);
    const nlohmann::json result = nlohmann::json::parse(again.out);
    EXPECT_EQ(result["reused"], true);
    EXPECT_EQ(result["count"], 8);
}

TEST_F(DataCommands, GenerateRejectsInvalidOptionsAsUsageErrors) {
    EXPECT_EQ(runCli("dataset generate --out " + (s_dir / "bad").string() + " --count 2 --quality 0").exitCode, 2);
    EXPECT_EQ(runCli("dataset generate --count 2").exitCode, 2);
}

TEST_F(DataCommands, BenchLoaderPrintsOneJsonObjectPerCombination) {
    const CliRun run = runCli("bench loader --data " + dataDir() +
                              " --workers 0,1 --device-transforms off,on --batch 2 --image-size 32"
                              " --warmup-batches 1 --json");
    ASSERT_EQ(run.exitCode, 0) << run.out;
    const nlohmann::json results = nlohmann::json::parse(run.out);  // stdout holds only the document
    ASSERT_TRUE(results.is_array());
    ASSERT_EQ(results.size(), 4U);
    EXPECT_EQ(results[0]["workers"], 0);
    EXPECT_EQ(results[0]["device_transforms"], false);
    EXPECT_EQ(results[3]["workers"], 1);
    EXPECT_EQ(results[3]["device_transforms"], true);
    for (const nlohmann::json& result : results) {
        EXPECT_EQ(result["interpolation"], "bicubic");  // a run's default too
        EXPECT_GT(result["images_per_s"].get<double>(), 0);
        EXPECT_EQ(result["images"], 8);  // one epoch of 8 images
        EXPECT_EQ(result["device_decoding"], false);
        EXPECT_EQ(result["decoder"], "turbojpeg");
        for (const char* key : {"read_ms", "decode_ms", "transform_ms", "collate_ms", "device_transform_ms", "wait_ms"}) {
            EXPECT_TRUE(result[key].is_number()) << key;
        }
    }
}

TEST_F(DataCommands, BenchLoaderPrintsATableWithoutJson) {
    const CliRun run = runCli("bench loader --data " + dataDir() + "/manifest.jsonl --workers 1 "
                              "--device-transforms on --batch 4 --image-size 32 --interpolation bicubic");
    ASSERT_EQ(run.exitCode, 0);
    EXPECT_NE(run.out.find("images/s"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("bicubic"), std::string::npos) << run.out;
}

TEST_F(DataCommands, BenchLoaderExitCodesSeparateBadInputFromBadUsage) {
    EXPECT_EQ(runCli("bench loader --data " + (s_dir / "absent").string()).exitCode, 3);
    EXPECT_EQ(runCli("bench loader --data " + dataDir() + " --workers 0,-1").exitCode, 2);
    EXPECT_EQ(runCli("bench loader --data " + dataDir() + " --device-transforms maybe").exitCode, 2);
    EXPECT_EQ(runCli("bench loader --data " + dataDir() + " --batch 9").exitCode, 2);  // larger than the set
}

TEST_F(DataCommands, BenchLoaderRefusesDeviceDecodingOnTheCpuNamingTheOption) {
    const bb::test::ProcessResult run = bb::test::runCommand(std::string(BB_CLI_PATH) + " bench loader --data " +
                                                             dataDir() + " --device-transforms on --device-decoding on");
    EXPECT_EQ(run.exitCode, 2) << run.out << run.err;
    EXPECT_NE(run.err.find("device_decoding"), std::string::npos) << run.err;
    EXPECT_EQ(runCli("bench loader --data " + dataDir() + " --device-decoding sometimes").exitCode, 2);
}

}  // namespace
