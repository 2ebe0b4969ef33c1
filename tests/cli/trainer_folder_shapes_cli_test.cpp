// Trainer output folders as public repositories hold them (#67): event files a clone without
// git-lfs left as pointers, and folders holding only checkpoints. Each is a valid folder, imported
// through the real executable, saying what it could not read.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "support/cli_command.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"
#include "support/trainer_folder.h"

namespace bb::trainer_folder_shapes_cli_test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::filesystem::path kData = BB_TEST_DATA_DIR;

using test::cli;
using test::q;

// The id `import --json` gave the first run it added.
std::int64_t addedId(const test::ProcessResult& imported) {
    return nlohmann::json::parse(imported.out)["added"][0]["id"].get<std::int64_t>();
}

// What `git clone` without git-lfs leaves where a tracked file was (the LFS spec's pointer).
void writeLfsPointer(const std::filesystem::path& file) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << "version https://git-lfs.github.com/spec/v1\n"
           "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\n"
           "size 88301\n";
}

// The h100 fixture's folder with its event file replaced by a pointer to it.
std::filesystem::path pointerFolder(const test::TempDir& dir) {
    const auto folder = test::h100TrainerFolder(dir.path(), "lfs-run");
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder / "runs"))
        if (entry.is_regular_file()) writeLfsPointer(entry.path());
    return folder;
}

// A folder whose runs/ holds LFS pointers was refused, exit 3, "the record's length CRC does not
// match (stored 0x70747468…); the file is corrupt", though its JSON files are whole.
TEST(TrainerFolderShapes, EventFilesLeftAsGitLfsPointersAreSaidAndTheRestImported) {
    const test::TempDir dir;
    const auto folder = pointerFolder(dir);
    const auto db = dir.file("lfs.db");
    const auto imported = test::runCommand(
        cli("import trainer " + q(folder) + " --device-kind cuda --device-name H100 --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    EXPECT_THAT(imported.err + imported.out, HasSubstr("Git LFS pointer to a 88301-byte file"));
    EXPECT_THAT(imported.err + imported.out, HasSubstr("git lfs pull"));
    EXPECT_THAT(imported.err + imported.out, Not(HasSubstr("CRC")));
    const auto json = nlohmann::json::parse(imported.out);
    ASSERT_EQ(json["added"].size(), 1U) << imported.out;
    const auto id = json["added"][0]["id"].get<std::int64_t>();
    // The headline all_results.json states.
    const auto shown = test::runCommand(cli("show " + std::to_string(id) + " --json --db " + q(db)));
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    EXPECT_TRUE(nlohmann::json::parse(shown.out)["summary"]["median_samples_per_s"].is_number()) << shown.out;
}

// Named alone, the pointers are no event files: refused, saying what they are.
TEST(TrainerFolderShapes, ATensorBoardFolderOfLfsPointersIsRefusedSayingSo) {
    const test::TempDir dir;
    const auto folder = pointerFolder(dir);
    const auto imported = test::runCommand(cli("import tensorboard " + q(folder / "runs") + " --db " + q(dir.file("t.db"))));
    EXPECT_EQ(imported.exitCode, 3) << imported.err;
    EXPECT_THAT(imported.err, HasSubstr("Git LFS pointers"));
    EXPECT_THAT(imported.err, Not(HasSubstr("CRC")));
}

// A clone without git-lfs of a repository that tracks trainer_state.json through LFS (a real one:
// justin-donnelly/HuggingFace-Spam-Detection) was refused with "line 1, column 1: syntax error
// while parsing value - invalid literal; last read: 'v'".
TEST(TrainerFolderShapes, ATrainerStateLeftAsAGitLfsPointerIsSaidNotCalledMalformed) {
    const test::TempDir dir;
    const auto folder = test::h100TrainerFolder(dir.path(), "lfs-state");
    writeLfsPointer(folder / "trainer_state.json");
    const auto imported = test::runCommand(cli("import trainer " + q(folder) + " --db " + q(dir.file("s.db"))));
    EXPECT_EQ(imported.exitCode, 3) << imported.err;
    EXPECT_THAT(imported.err, HasSubstr("trainer_state.json: a Git LFS pointer"));
    EXPECT_THAT(imported.err, HasSubstr("git lfs pull"));
    EXPECT_THAT(imported.err, Not(HasSubstr("syntax error")));
}

// Named with a trailing slash, as a shell's completion names a folder, every run was "trainer run".
TEST(TrainerFolderShapes, AFolderNamedWithATrailingSlashKeepsItsName) {
    const test::TempDir dir;
    const auto folder = test::h100TrainerFolder(dir.path(), "slashed-run");
    const auto db = dir.file("n.db");
    const auto imported = test::runCommand(cli("import trainer " + q(folder.string() + "/") + " --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    const auto shown = nlohmann::json::parse(
        test::runCommand(cli("show " + std::to_string(addedId(imported)) + " --json --db " + q(db))).out);
    EXPECT_EQ(shown["name"], "slashed-run");
}

// A run pushed to the Hub with hub_strategy "checkpoint" keeps its state in last-checkpoint/ only,
// with the model's config.json beside it.
TEST(TrainerFolderShapes, AFolderHoldingOnlyLastCheckpointIsReadFromIt) {
    const test::TempDir dir;
    const auto folder = dir.path() / "hub-run";
    std::filesystem::create_directories(folder / "last-checkpoint");
    std::filesystem::copy_file(kData / "trainer/h100/trainer_state.json", folder / "last-checkpoint/trainer_state.json");
    std::ofstream(folder / "last-checkpoint/config.json") << R"({"architectures": ["T5ForConditionalGeneration"]})";
    const auto db = dir.file("hub.db");
    const auto imported = test::runCommand(
        cli("import trainer " + q(folder) + " --device-kind cuda --device-name H100 --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    const auto id = addedId(imported);
    const auto shown = test::runCommand(cli("show " + std::to_string(id) + " --json --db " + q(db)));
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    EXPECT_THAT(nlohmann::json::parse(shown.out)["config"]["model"].get<std::string>(), HasSubstr("T5ForConditionalGeneration"))
        << shown.out;
}

// An encoder-decoder's folder as a Whisper or T5 run leaves it: config.json names its architecture,
// and total_flos is the Trainer's 6 × parameters × tokens, far off for speech and vision inputs.
std::filesystem::path speechFolder(const test::TempDir& dir, double totalFlos) {
    const auto folder = dir.path() / "whisper-run";
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "config.json") << R"({"architectures": ["WhisperForConditionalGeneration"],)"
                                             R"( "model_type": "whisper", "d_model": 1280})";
    std::ofstream(folder / "all_results.json") << nlohmann::json{{"train_runtime", 1000.0},
                                                                 {"train_samples_per_second", 12.5},
                                                                 {"train_steps_per_second", 0.781},
                                                                 {"total_flos", totalFlos}}
                                                      .dump();
    return folder;
}

nlohmann::json showJson(const std::filesystem::path& folder, const std::filesystem::path& db) {
    const auto imported = test::runCommand(cli("import trainer " + q(folder) +
                                               " --device-kind cuda --device-name A100 --device-count 1 "
                                               "--precision bf16 --json --db " + q(db)));
    EXPECT_EQ(imported.exitCode, 0) << imported.err;
    const auto id = addedId(imported);
    const auto shown = test::runCommand(cli("show " + std::to_string(id) + " --json --db " + q(db)));
    EXPECT_EQ(shown.exitCode, 0) << shown.err;
    return nlohmann::json::parse(shown.out);
}

// A Whisper-large run showed "Achieved: 5694 TFLOP/s (5694 per device)" and, on an A100 in bf16,
// "MFU: 1.82e+03%": the files' estimate, shown as measured, above what the chip can do.
TEST(TrainerFolderShapes, AnEstimateAboveWhatTheChipCanDoIsUnknownWithTheReason) {
    const test::TempDir dir;
    // 5.694e18 FLOPs over 1000 s: 5694 TFLOP/s on one A100 (312 dense bf16).
    const auto shown = showJson(speechFolder(dir, 5.694e18), dir.file("w.db"));
    const auto& throughput = shown["throughput"];
    EXPECT_TRUE(throughput["achieved_tflops"].is_null()) << throughput.dump();
    EXPECT_TRUE(throughput["mfu"].is_null()) << throughput.dump();
    EXPECT_THAT(throughput["unknown_because"].get<std::string>(), HasSubstr("5694 TFLOP/s per device, above the A100"));
    // Not stored as what the run did; the files' own total_flos is kept as they reported it.
    EXPECT_TRUE(shown["summary"]["achieved_flops_per_s"].is_null()) << shown["summary"].dump();
    EXPECT_EQ(shown["environment"]["reported"]["total_flos"], 5.694e18);
    const auto text = test::runCommand(cli("show whisper-run --db " + q(dir.file("w.db"))));
    EXPECT_THAT(text.out, HasSubstr("Achieved: TFLOP/s unknown (the imported files' Trainer total_flos"));
    EXPECT_THAT(text.out, Not(HasSubstr("5694 per device)")));
}

// Within the chip's reach the files' figure stands, said to be theirs; and a config.json that is not
// a BridgeTower's is never counted as one (a T5's read "analytical count … 420.4 GFLOP").
TEST(TrainerFolderShapes, AnEstimateWithinReachIsTheFilesOwnAndAnotherModelsConfigIsNotCountedAsBridgeTower) {
    const test::TempDir dir;
    const auto shown = showJson(speechFolder(dir, 1e17), dir.file("w.db"));  // 100 TFLOP/s
    const auto& throughput = shown["throughput"];
    ASSERT_TRUE(throughput["achieved_tflops"].is_number()) << throughput.dump();
    EXPECT_NEAR(throughput["achieved_tflops"].get<double>(), 100.0, 1e-6);
    EXPECT_THAT(throughput["basis"].get<std::string>(), HasSubstr("total_flos"));
    EXPECT_THAT(throughput["basis"].get<std::string>(), Not(HasSubstr("analytical")));
}

// A run stopped at step 1500 of max_steps 10990, logging every 500 steps and evaluating at each:
// 1500 × 32 samples in 28,624 s, of which 16,602 s evaluation.
std::filesystem::path earlyStoppedFolder(const test::TempDir& dir) {
    const auto folder = dir.path() / "stopped-run";
    std::filesystem::create_directories(folder);
    nlohmann::json log = nlohmann::json::array();
    for (int step = 500; step <= 1500; step += 500) {
        log.push_back({{"step", step}, {"epoch", step / 1000.0}, {"loss", 2.0 - step / 1000.0}, {"learning_rate", 1e-5}});
        log.push_back({{"step", step}, {"epoch", step / 1000.0}, {"eval_loss", 1.5}, {"eval_runtime", 5534.0}});
    }
    std::ofstream(folder / "trainer_state.json")
        << nlohmann::json{{"global_step", 1500}, {"max_steps", 10990}, {"logging_steps", 500},
                          {"train_batch_size", 32}, {"log_history", log}}
               .dump();
    std::ofstream(folder / "all_results.json") << nlohmann::json{{"train_runtime", 28624.0},
                                                                 {"train_samples_per_second", 12.276},
                                                                 {"train_steps_per_second", 0.384}}
                                                      .dump();
    return folder;
}

test::ProcessResult importEarlyStopped(const test::TempDir& dir, const std::filesystem::path& db) {
    return test::runCli("import trainer " + q(earlyStoppedFolder(dir)) +
                        " --device-kind cuda --device-name A100 --device-count 1 --json --db " + q(db));
}

// It kept the Trainer's 12.276 samples/s, which counts the planned steps, as if over steps it ran;
// its totals were the three logged points' (3 × 32 samples); evaluation's share went unsaid.
TEST(TrainerFolderShapes, AnEarlyStoppedRunIsMeasuredOverTheStepsItRanWithItsTotals) {
    const test::TempDir dir;
    const auto db = dir.file("s.db");
    const auto imported = importEarlyStopped(dir, db);
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    EXPECT_THAT(imported.err, HasSubstr("stopped at step 1500 of 10990"));
    const auto id = addedId(imported);
    const auto shown = test::runCommand(cli("show " + std::to_string(id) + " --json --db " + q(db)));
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    const auto summary = nlohmann::json::parse(shown.out)["summary"];
    EXPECT_NEAR(summary["median_samples_per_s"].get<double>(), 1500.0 * 32 / 28624, 1e-6) << summary.dump();
    const std::string source = summary["headline"].get<std::string>();
    EXPECT_THAT(source, HasSubstr("stopped at step 1500 of 10990"));
    EXPECT_THAT(source, HasSubstr("12.276"));
    EXPECT_THAT(source, HasSubstr("16602 s of evaluation, 58%"));
    EXPECT_EQ(summary["samples"], 1500 * 32);
    EXPECT_EQ(summary["steps"], 1500);
}

// Exported to CSV and imported back, a run logged every 500 steps lost its duration (54,713 s became
// 109 s, the logged rows' times summed): the CSV carries the run's own.
TEST(TrainerFolderShapes, ARunsDurationSurvivesACsvRoundTrip) {
    const test::TempDir dir;
    const auto db = dir.file("s.db");
    const auto imported = importEarlyStopped(dir, db);
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    const auto id = addedId(imported);
    const auto csv = dir.file("stopped.csv");
    const auto exported = test::runCommand(cli(fmt::format("export {} --format csv --out {} --db {}", id, q(csv), q(db))));
    ASSERT_EQ(exported.exitCode, 0) << exported.err;
    const auto back = dir.file("back.db");
    const auto again = test::runCommand(cli("import csv " + q(csv) + " --json --db " + q(back)));
    ASSERT_EQ(again.exitCode, 0) << again.err;
    const auto backId = addedId(again);
    const auto shown = test::runCommand(cli(fmt::format("show {} --json --db {}", backId, q(back))));
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    const auto summary = nlohmann::json::parse(shown.out)["summary"];
    EXPECT_EQ(summary["duration_s"], 28624.0) << summary.dump();
    EXPECT_NEAR(summary["median_samples_per_s"].get<double>(), 1500.0 * 32 / 28624, 1e-9) << summary.dump();
}

// train_samples_per_second / train_steps_per_second, both rounded to three decimals, gave 129 samples
// per step where the run did 128 (two devices of 64).
TEST(TrainerFolderShapes, SamplesPerStepIsAWholeMultipleOfTheBatchNotTheRoundedRatio) {
    const test::TempDir dir;
    const auto folder = dir.path() / "rounded-run";
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "trainer_state.json")
        << nlohmann::json{{"global_step", 100}, {"max_steps", 100}, {"train_batch_size", 64},
                          {"log_history", nlohmann::json::array({{{"step", 100}, {"loss", 1.0}}})}}
               .dump();
    // 128 samples a step at 0.0624 steps/s, as Transformers rounds them.
    std::ofstream(folder / "all_results.json") << nlohmann::json{{"train_runtime", 1602.6},
                                                                 {"train_samples_per_second", 7.987},
                                                                 {"train_steps_per_second", 0.062}}
                                                      .dump();
    const auto db = dir.file("r.db");
    const auto imported = test::runCommand(cli("import trainer " + q(folder) + " --device-kind cuda --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    const auto id = addedId(imported);
    const auto shown = nlohmann::json::parse(test::runCommand(cli("show " + std::to_string(id) + " --json --db " + q(db))).out);
    EXPECT_EQ(shown["environment"]["samples_per_step"], 128.0) << shown["environment"].dump();
    EXPECT_EQ(shown["summary"]["samples"], 100 * 128);
}

// A run of 100 steps, 64 samples a step on each device, whose all_results.json says what
// `results` holds: the files state no device count and no gradient accumulation.
std::filesystem::path perDeviceBatchFolder(const test::TempDir& dir, const std::string& name, const nlohmann::json& results) {
    const auto folder = dir.path() / name;
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "trainer_state.json")
        << nlohmann::json{{"global_step", 100}, {"max_steps", 100}, {"train_batch_size", 64},
                          {"log_history", nlohmann::json::array({{{"step", 100}, {"loss", 1.0}}})}}
               .dump();
    std::ofstream(folder / "all_results.json") << results.dump();
    return folder;
}

// A count inferred from the global batch over the per-device one (which gradient accumulation
// would make the same) was stored and shown as a fact: "2×" in compare, "† devices 2 vs 1".
TEST(TrainerFolderShapes, AnInferredDeviceCountIsMarkedInferredWhereverItIsShown) {
    const test::TempDir dir;
    const auto folder = perDeviceBatchFolder(
        dir, "inferred-run", {{"train_runtime", 1602.6}, {"train_samples_per_second", 7.987}, {"train_steps_per_second", 0.062}});
    const auto db = dir.file("i.db");
    const auto imported = test::runCommand(cli("import trainer " + q(folder) + " --device-kind cuda --device-name H100 --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    EXPECT_THAT(imported.err + imported.out, HasSubstr("device count 2 inferred"));
    const auto id = std::to_string(addedId(imported));
    const auto other = perDeviceBatchFolder(
        dir, "stated-run", {{"train_runtime", 1603.0}, {"train_samples_per_second", 7.985}, {"train_steps_per_second", 0.062}});
    const auto stated = test::runCommand(cli("import trainer " + q(other) + " --device-kind cuda --device-name H100 "
                                             "--device-count 1 --name stated --json --db " + q(db)));
    ASSERT_EQ(stated.exitCode, 0) << stated.err;
    const auto statedId = std::to_string(addedId(stated));

    const auto shown = test::runCommand(cli("show " + id + " --db " + q(db)));
    EXPECT_THAT(shown.out, HasSubstr("2× H100 (count inferred)"));
    const auto json = nlohmann::json::parse(test::runCommand(cli("show " + id + " --json --db " + q(db))).out);
    EXPECT_EQ(json["device_count"], 2);
    EXPECT_EQ(json["environment"]["inferred"], nlohmann::json::array({"device_count"}));
    EXPECT_THAT(json["environment"]["provenance"]["device_count"].get<std::string>(),
                HasSubstr("assuming no gradient accumulation"));
    EXPECT_THAT(test::runCommand(cli("list --db " + q(db))).out, HasSubstr("2x H100 (inferred)"));
    // list --json left the environment out, and with it the only mark that the count was inferred.
    for (const auto& listed : nlohmann::json::parse(test::runCommand(cli("list --json --db " + q(db))).out)) {
        if (listed["id"] == std::stoll(id)) EXPECT_EQ(listed["device_count_inferred"], true) << listed.dump();
        if (listed["id"] == std::stoll(statedId)) EXPECT_EQ(listed["device_count_inferred"], false) << listed.dump();
    }
    const auto compared = test::runCommand(cli("compare " + id + " " + statedId + " --db " + q(db)));
    ASSERT_EQ(compared.exitCode, 0) << compared.err;
    EXPECT_THAT(compared.out, HasSubstr("2× H100 (count inferred)"));
    EXPECT_THAT(compared.out, HasSubstr("devices 1 vs 2 (inferred)"));
    const auto report = dir.file("r.html");
    ASSERT_EQ(test::runCommand(cli("export " + id + " " + statedId + " --format html --out " + q(report) + " --db " + q(db))).exitCode, 0);
    std::ifstream in(report);
    const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_THAT(html, HasSubstr("(count inferred)"));

    // The CSV says so in a column of its own, and an import of it reads the count back as inferred.
    const auto csv = dir.file("runs.csv");
    ASSERT_EQ(test::runCommand(cli("export " + id + " " + statedId + " --format csv --out " + q(csv) + " --db " + q(db))).exitCode, 0);
    std::ifstream csvIn(csv);
    std::string header, first;
    std::getline(csvIn, header);
    EXPECT_THAT(header, HasSubstr("device_count,device_count_inferred,"));
    std::string rows((std::istreambuf_iterator<char>(csvIn)), std::istreambuf_iterator<char>());
    EXPECT_THAT(rows, HasSubstr(",2,true,"));
    EXPECT_THAT(rows, HasSubstr(",1,false,"));
    const auto again = dir.file("again.db");
    ASSERT_EQ(test::runCommand(cli("import csv " + q(csv) + " --db " + q(again))).exitCode, 0);
    EXPECT_THAT(test::runCommand(cli("list --db " + q(again))).out, HasSubstr("2x H100 (inferred)"));
}

// Runs on 2 and 4 GPUs whose files do not say so were stored as "1×".
TEST(TrainerFolderShapes, ADeviceCountNothingGivesStaysUnknown) {
    const test::TempDir dir;
    const auto folder = perDeviceBatchFolder(dir, "unsaid-run", {{"train_runtime", 1602.6}});
    const auto db = dir.file("u.db");
    const auto imported = test::runCommand(cli("import trainer " + q(folder) + " --device-kind cuda --device-name H100 --json --db " + q(db)));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    EXPECT_THAT(imported.err + imported.out, HasSubstr("do not say how many devices ran"));
    const auto id = std::to_string(addedId(imported));
    EXPECT_THAT(test::runCommand(cli("show " + id + " --db " + q(db))).out, HasSubstr("H100 (count unknown)"));
    const auto json = nlohmann::json::parse(test::runCommand(cli("show " + id + " --json --db " + q(db))).out);
    EXPECT_TRUE(json["device_count"].is_null()) << json["device_count"];
    const auto listed = nlohmann::json::parse(test::runCommand(cli("list --json --db " + q(db))).out);
    const auto run = std::find_if(listed.begin(), listed.end(), [&](const auto& run) { return std::to_string(run["id"].template get<std::int64_t>()) == id; });
    ASSERT_NE(run, listed.end());
    EXPECT_TRUE((*run)["device_count"].is_null()) << run->dump();
    const auto csvFile = dir.file("u.csv");
    const auto csv = test::runCommand(cli("export " + id + " --format csv --out " + q(csvFile) + " --db " + q(db)));
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    std::ifstream in(csvFile);
    const std::string cells((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_THAT(cells, HasSubstr(",cuda,H100,,")) << cells.substr(0, 400);
    EXPECT_FALSE(json["environment"].contains("samples_per_step")) << json["environment"].dump();
    // Its samples/s is unknown too: "-", never "0.0".
    const auto text = test::runCommand(cli("list --db " + q(db))).out;
    const auto line = text.substr(text.find("unsaid-run"), text.find('\n', text.find("unsaid-run")) - text.find("unsaid-run"));
    EXPECT_THAT(line, HasSubstr("?x H100"));
    EXPECT_THAT(line, Not(HasSubstr("0.0"))) << line;
}

}  // namespace
}  // namespace bb::trainer_folder_shapes_cli_test
