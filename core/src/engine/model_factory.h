// Builds the model and batch source a RunConfig names.
#pragma once

#include <memory>
#include <string>

#include "bridgebench/bridgetower_config.h"
#include "bridgebench/run_config.h"
#include "bridgebench/run_observer.h"
#include "engine/batch_source.h"
#include "engine/training_model.h"

namespace bb {

class TimelineRecorder;

// Tokens per caption the run trains with: text_length, or where it is 0 the model's own
// (defaultTextLength for BridgeTower, MiniClipOptions' for mini-clip). Reads a model config
// file. Throws ConfigError("text_length") for more than the model's positions take.
std::int64_t resolveTextLength(const RunConfig& config);

std::unique_ptr<TrainingModel> makeTrainingModel(const RunConfig& config);

// The BridgeTower configuration a run's `model` names (a preset or a config.json); not for mini-clip.
BridgeTowerConfig bridgeTowerModel(const RunConfig& config);

// May take a while the first time: `dataset = synthetic` generates its JPEG set once (progress
// goes to observer.preparing). Throws InputError for an unreadable dataset or tokenizer.
// shardRank / shardCount: a data-parallel rank's share of the dataset (synthetic tensors
// differ per rank through the seed).
std::unique_ptr<BatchSource> makeBatchSource(const RunConfig& config, const TrainingModel& model,
                                             const torch::Device& device, RunObserver& observer,
                                             int shardRank = 0, int shardCount = 1,
                                             std::shared_ptr<TimelineRecorder> timeline = nullptr);

// How makeBatchSource's batches reach the device, for the run's environment: "none" on a CPU,
// "copy stream" for a loader's batches on CUDA (copy_stream_stager.h), "training stream" for
// synthetic tensors there.
std::string hostToDevicePath(const RunConfig& config);

}  // namespace bb
