// Importing what Hugging Face's Trainer writes into TensorBoard: the scalars and the `args` and
// `model_config` text summaries of TensorBoardCallback, written here with the project's own
// writer in the encoding torch.utils.tensorboard's add_text produces.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "bridgebench/model_info.h"
#include "bridgebench/run_flops.h"
#include "bridgebench/run_import.h"
#include "bridgebench/tfevents_file.h"
#include "bridgebench/tfevents_writer.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"

namespace bb::hf_tensorboard_import_test {
namespace {

using ::testing::HasSubstr;

const std::filesystem::path kData = BB_TEST_DATA_DIR;
constexpr double kStart = 1700000000.0;

// TrainingArguments.to_json_string() as TensorBoardCallback.on_train_begin writes it (abridged:
// the keys the import reads and a few it passes over).
std::string trainingArgs(int batch, int accumulation, int workers, bool bf16) {
    return nlohmann::json{{"output_dir", "/tmp/bridgetower-test"},
                          {"per_device_train_batch_size", batch},
                          {"per_device_eval_batch_size", 16},
                          {"gradient_accumulation_steps", accumulation},
                          {"learning_rate", 1e-5},
                          {"logging_steps", 10},
                          {"bf16", bf16},
                          {"fp16", false},
                          {"dataloader_num_workers", workers},
                          {"report_to", {"tensorboard"}}}
        .dump(2);
}

// The model's config.json (here the tiny parity fixture's), as model.config.to_json_string().
std::string modelConfig() {
    auto config = nlohmann::json::parse(test::readFileBytes(kData / "bridgetower-tiny/config.json"));
    config["_name_or_path"] = "hf-internal-testing/tiny-random-BridgeTowerModel";
    return config.dump(2);
}

// One Trainer run's events file: the two text summaries at step 0 (add_text without a step),
// then a loss every 10 steps at the given wall times.
std::filesystem::path writeHfRun(const std::filesystem::path& folder, const std::string& args,
                                 const std::vector<double>& lossTimes) {
    std::filesystem::create_directories(folder);
    const auto path = folder / TfEventsWriter::fileName(kStart, "node0");
    TfEventsWriter writer(path, kStart);
    writer.writeText({"args", 0, kStart + 0.1, args});
    writer.writeText({"model_config", 0, kStart + 0.2, modelConfig()});
    for (std::size_t index = 0; index < lossTimes.size(); ++index) {
        const auto step = static_cast<std::int64_t>(10 * (index + 1));
        writer.write({"train/loss", step, lossTimes[index], 1.0 / static_cast<double>(index + 1)});
        writer.write({"train/learning_rate", step, lossTimes[index], 1e-5});
    }
    writer.flush();
    return path;
}

TEST(HfTensorBoardImport, ReadsBatchWorkersPrecisionModelAndPerStepSamplesFromTheTextSummaries) {
    const test::TempDir dir;
    const auto folder = dir.path() / "runs/Dec01_12-00-00_node0";
    // Logging steps 10, 20, 30 at 10 s and then 15 s apart.
    writeHfRun(folder, trainingArgs(6, 2, 3, true), {kStart + 100, kStart + 110, kStart + 125});
    const ImportBatch batch = readTensorBoardImport(folder, {.deviceKind = "cuda", .deviceName = "H100", .deviceCount = 4});
    ASSERT_EQ(batch.runs.size(), 1U);
    const RunRecord& run = batch.runs[0].run;
    EXPECT_EQ(run.batchSize, 6);
    EXPECT_EQ(run.workers, 3);
    EXPECT_EQ(run.config.facts["workers"], 3);  // stated, so known
    EXPECT_EQ(run.precision, "bf16");
    EXPECT_EQ(run.model, "hf-internal-testing/tiny-random-BridgeTowerModel");
    EXPECT_EQ(run.config.facts["gradient_accumulation_steps"], 2);
    EXPECT_THAT(run.environment.provenance.at("batch_size"),
                HasSubstr("text summary \"args\" (per_device_train_batch_size)"));
    EXPECT_THAT(run.environment.provenance.at("model"), HasSubstr("model_config"));

    // Samples per logged interval: 6 per device × 2 accumulated × 4 devices × 10 steps = 480.
    const auto& steps = batch.runs[0].steps;
    ASSERT_EQ(steps.size(), 3U);
    EXPECT_DOUBLE_EQ(steps[0].samplesPerSec, 0.0);
    EXPECT_NEAR(steps[1].samplesPerSec, 480.0 / 10.0, 1e-6);
    EXPECT_NEAR(steps[2].samplesPerSec, 480.0 / 15.0, 1e-6);
    EXPECT_EQ(steps[1].samples, 48);
    EXPECT_EQ(run.environment.facts["samples_per_step"], 48);

    // The stored config.json counts the FLOPs: the tiny architecture, not a guess from the name.
    const RunFlops flops = runFlops(run);
    ASSERT_TRUE(flops.known()) << flops.basis;
    const BridgeTowerConfig tiny = loadBridgeTowerConfig(kData / "bridgetower-tiny/config.json");
    const int tinyTextLength = tiny.text.maxPositionEmbeddings - tiny.text.padTokenId - 1;  // 128 cut to fit
    EXPECT_DOUBLE_EQ(flops.flopsPerSample, modelInfo(tiny, tinyTextLength).trainingFlopsPerSample);
    EXPECT_THAT(flops.basis, HasSubstr("config.json stored with the run"));
}

TEST(HfTensorBoardImport, ImportOptionsWinOverTheFilesAndSaySo) {
    const test::TempDir dir;
    const auto folder = dir.path() / "run";
    writeHfRun(folder, trainingArgs(6, 1, 3, true), {kStart + 100, kStart + 110});
    const ImportBatch batch = readTensorBoardImport(
        folder, {.deviceCount = 2, .model = "large", .batchSize = 8, .workers = 0, .precision = "fp32"});
    const RunRecord& run = batch.runs[0].run;
    EXPECT_EQ(run.model, "large");
    EXPECT_FALSE(run.config.modelConfig.is_object());  // the user's model counts the FLOPs
    EXPECT_EQ(run.batchSize, 8);
    EXPECT_EQ(run.workers, 0);
    EXPECT_EQ(run.config.facts["workers"], 0);
    EXPECT_EQ(run.precision, "fp32");
    for (const char* key : {"model", "batch_size", "workers", "precision"})
        EXPECT_EQ(run.environment.provenance.at(key), std::string("--") + (std::string(key) == "batch_size" ? "batch-size" : key))
            << key;
    // 8 × 1 × 2 devices × 10 steps in 10 s.
    EXPECT_NEAR(batch.runs[0].steps[1].samplesPerSec, 16.0, 1e-6);
}

TEST(HfTensorBoardImport, ALogWithoutTextSummariesKeepsItsFieldsUnknown) {
    const test::TempDir dir;
    const auto folder = dir.path() / "bare";
    std::filesystem::create_directories(folder);
    {
        TfEventsWriter writer(folder / TfEventsWriter::fileName(kStart, "n"), kStart);
        writer.write({"train/loss", 10, kStart + 1, 1.0});
        writer.write({"train/loss", 20, kStart + 2, 0.5});
    }
    const ImportBatch batch = readTensorBoardImport(folder, {});
    const RunRecord& run = batch.runs[0].run;
    EXPECT_EQ(run.model, "");
    EXPECT_FALSE(run.batchSize.has_value());  // unknown, never 0
    EXPECT_EQ(run.precision, "");
    EXPECT_FALSE(run.config.states("workers"));
    EXPECT_THAT(::testing::PrintToString(batch.warnings), HasSubstr("how many samples a step takes"));
}

TEST(HfTensorBoardImport, AnArgsValueOfTheWrongTypeIsAnErrorNamingFileAndKey) {
    const test::TempDir dir;
    const auto folder = dir.path() / "bad";
    const auto file = writeHfRun(folder, R"({"per_device_train_batch_size": "six"})", {kStart + 1, kStart + 2});
    try {
        readTensorBoardImport(folder, {});
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr(file.string()));
        EXPECT_THAT(error.what(), HasSubstr("per_device_train_batch_size"));
    }
}

TEST(TrainerImport, ReadsTheFoldersConfigJsonAndTheRunsArgs) {
    const test::TempDir dir;
    const auto folder = dir.path() / "bridgetower-h100";
    std::filesystem::copy(kData / "trainer/h100", folder);
    auto config = nlohmann::json::parse(test::readFileBytes(kData / "bridgetower-tiny/config.json"));
    config["_name_or_path"] = "BridgeTower/bridgetower-large-itm-mlm-itc";
    test::writeFileBytes(folder / "config.json", config.dump(2));
    writeHfRun(folder / "runs/Nov30_10-00-00_h100", trainingArgs(48, 1, 2, true), {kStart + 10, kStart + 16});
    const ImportBatch batch = readTrainerImport(folder, {.deviceKind = "cuda", .deviceName = "H100"});
    const RunRecord& run = batch.runs[0].run;
    EXPECT_EQ(run.model, "BridgeTower/bridgetower-large-itm-mlm-itc");
    EXPECT_TRUE(run.config.modelConfig.is_object());
    EXPECT_EQ(run.workers, 2);
    EXPECT_EQ(run.precision, "bf16");
    EXPECT_EQ(run.batchSize, 48);
    EXPECT_EQ(run.deviceCount, 8);  // 602.1 / 1.568 samples per step over 48 × 1
    EXPECT_THAT(run.environment.provenance.at("model"), HasSubstr("config.json"));
}

// A model trained from its own config has no checkpoint path: its config.json still names what
// it is (a T5 run's model was blank).
TEST(TrainerImport, AConfigWithoutAPathIsNamedByItsArchitecture) {
    const test::TempDir dir;
    const auto folder = dir.path() / "t5";
    std::filesystem::copy(kData / "trainer/h100", folder);
    test::writeFileBytes(folder / "config.json",
                         R"({"architectures": ["T5ForConditionalGeneration"], "model_type": "t5", "d_model": 512})");
    const ImportBatch batch = readTrainerImport(folder, {.deviceKind = "cuda", .deviceName = "H100"});
    const RunRecord& run = batch.runs[0].run;
    EXPECT_EQ(run.model, "T5ForConditionalGeneration");
    EXPECT_THAT(run.environment.provenance.at("model"), HasSubstr("config.json (architectures)"));
}

TEST(TrainerImport, AMalformedConfigJsonIsAnErrorNamingTheFile) {
    const test::TempDir dir;
    const auto folder = dir.path() / "broken";
    std::filesystem::copy(kData / "trainer/h100", folder);
    test::writeFileBytes(folder / "config.json", "{\"hidden_size\": 64,\n  oops}");
    try {
        readTrainerImport(folder, {});
        FAIL() << "no error";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr("config.json"));
        EXPECT_THAT(error.what(), HasSubstr("line 2"));
    }
}

}  // namespace
}  // namespace bb::hf_tensorboard_import_test
