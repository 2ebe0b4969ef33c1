// The settings of one run, their JSON form and their validation. The JSON keys are the
// stable names documented in docs/ARCHITECTURE.md and used by `--set KEY=VALUE`.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace bb {

struct RunConfig {
    std::string name;                 // generated when empty
    std::string model = "mini-clip";  // preset name or path to a Hugging Face config.json
    std::string weights;              // optional safetensors checkpoint
    // "synthetic": a generated JPEG set (cached); "synthetic-tensors": random tensors, no
    // loading at all (compute alone); else a manifest, folder or COCO captions file.
    std::string dataset = "synthetic";
    std::int64_t steps = 50;
    std::int64_t batchSize = 8;
    // Tokens per caption (padded or cut to it); 0: the model's own (resolveTextLength in
    // engine/model_factory.h). A run's row stores the resolved figure.
    std::int64_t textLength = 0;
    std::string precision = "fp32";   // fp32 | bf16 | fp16
    std::int64_t workers = 0;         // 0: the training thread loads batches itself
    std::int64_t prefetchFactor = 2;  // batches in flight per worker
    bool deviceTransforms = false;
    std::string interpolation = "bicubic";  // bicubic (BridgeTower's processor) | bilinear
    bool augment = false;             // random resized crop + flip instead of resize + centre crop
    std::string device = "cpu";       // cpu | cuda:N
    bool tf32 = true;                 // CUDA: TF32 tensor-core matmuls and convolutions; no effect on cpu
    // nvJPEG for device decoding (device_transforms on cuda): a path or soname; empty searches
    // $BRIDGEBENCH_NVJPEG_LIBRARY, then the usual sonames (data/nvjpeg_library.h).
    std::string nvjpegLibrary;
    std::int64_t threads = 0;         // intra-op threads; 0 = choose
    std::int64_t seed = 0;
    std::int64_t warmupSteps = 3;
    double learningRate = 1e-5;
    double weightDecay = 0.01;
    double lrWarmupRatio = 0.0;
    double gradClip = 1.0;            // max global grad norm; 0 disables clipping
    // auto | fused | foreach: AdamW's arithmetic (model/adamw_kernel.h); auto is fused where the
    // device has a fused kernel.
    std::string optimizerKernel = "auto";
    bool probe = true;                // after the last step, measure what the diagnosis predicts from
    // Data parallel (core/src/distributed/). Under torchrun or Slurm the world comes from their
    // environment and `devices` is not used.
    std::int64_t devices = 1;         // processes this machine starts, one per device
    std::string backend = "auto";     // auto | gloo | nccl (config/backend_choice.h)
    double ddpBucketMb = 25;          // gradient all-reduce bucket size, as PyTorch's DDP
    double ddpTimeoutS = 120;         // a rank that dies or hangs ends the run on all ranks within this
    // off | sampled | all: which steps record spans for the timeline (bridgebench/timeline.h).
    std::string timeline = "sampled";
    // Steps run after the counted ones under LibTorch's profiler, their ops kept (op_profile.h); 0: none.
    std::int64_t profileSteps = 0;
};

// One documented key: its JSON name, what it means (tooltips and --help use this).
struct ConfigKeyInfo {
    std::string_view key;
    std::string_view help;
};
const std::vector<ConfigKeyInfo>& runConfigKeys();

// Parses a JSON object. Unknown keys and wrong types throw ConfigError naming the key.
// Missing keys keep their defaults. Does not validate ranges: call validate().
RunConfig runConfigFromJson(const nlohmann::json& object);
nlohmann::json toJson(const RunConfig& config);

// Applies `--set key=value`; the value is parsed as the key's type.
void applySetting(RunConfig& config, std::string_view key, std::string_view value);
// Applies one JSON value (a sweep's grid point); ConfigError names the key on a wrong type.
void applyJsonValue(RunConfig& config, std::string_view key, const nlohmann::json& value);

// Throws ConfigError naming the first key whose value is out of range or unsupported by
// this build (a cuda device on a CPU-only LibTorch), with the allowed values.
void validate(const RunConfig& config);

// Reads a JSON file; InputError for unreadable files or bad JSON (with line and column).
RunConfig loadRunConfig(const std::filesystem::path& file);
void saveRunConfig(const RunConfig& config, const std::filesystem::path& file);

// The models this build can train, for validation messages and GUI choices.
const std::vector<std::string>& modelPresetNames();

}  // namespace bb
