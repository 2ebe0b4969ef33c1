#include "bridgebench/run_config.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <variant>

#include <torch/cuda.h>

#include "bridgebench/errors.h"
#include "bridgebench/op_profile.h"
#include "bridgebench/timeline.h"
#include "bridgebench/value_range.h"
#include "config/json_file.h"
#include "config/backend_choice.h"
#include "model/adamw_device_kernel_available.h"
#include "model/adamw_kernel.h"
#include "text/unicode_text.h"
#include "util/cuda_device_name.h"
#include "util/json_excerpt.h"

namespace bb {

namespace {

using Member = std::variant<std::string RunConfig::*, std::int64_t RunConfig::*,
                            double RunConfig::*, bool RunConfig::*>;

struct Field {
    std::string_view key;
    Member member;
    std::string_view help;
};

// One table drives JSON in and out, --set and the documentation, so a new key cannot be
// half-wired.
const std::vector<Field>& fields() {
    static const std::vector<Field> table{
        {"name", &RunConfig::name, "Run name shown in tables; generated when empty."},
        {"model", &RunConfig::model, "Model preset or a Hugging Face config.json to train."},
        {"weights", &RunConfig::weights, "Optional safetensors checkpoint to start from."},
        {"dataset", &RunConfig::dataset,
         "'synthetic' (generated JPEGs), 'synthetic-tensors' (no loading: compute alone), or a "
         "JSONL/CSV manifest or COCO captions file to train on."},
        {"steps", &RunConfig::steps, "Training steps to run."},
        {"batch_size", &RunConfig::batchSize, "Samples per step on this device."},
        {"text_length", &RunConfig::textLength,
         "Tokens per caption, padded or cut to it; 0 takes the model's own (40 for BridgeTower, 16 for "
         "mini-clip). The study's script padded captions to 128."},
        {"precision", &RunConfig::precision, "fp32, bf16 autocast, or fp16 autocast (CUDA only)."},
        {"workers", &RunConfig::workers,
         "Loader threads preparing batches ahead; 0 loads in the training thread. Each holds "
         "prefetch_factor batches in memory."},
        {"prefetch_factor", &RunConfig::prefetchFactor, "Batches each worker may hold ready."},
        {"device_transforms", &RunConfig::deviceTransforms,
         "Resize, crop and normalise on the training device instead of in the loader."},
        {"interpolation", &RunConfig::interpolation,
         "Resize filter: bicubic (as BridgeTower's image processor) or bilinear (cheaper)."},
        {"augment", &RunConfig::augment,
         "Random resized crop and horizontal flip instead of resize and centre crop."},
        {"device", &RunConfig::device, "cpu, or cuda:N when this build has CUDA."},
        {"tf32", &RunConfig::tf32,
         "On cuda, let fp32 matmuls and convolutions use TF32 tensor cores; no effect on cpu."},
        {"nvjpeg_library", &RunConfig::nvjpegLibrary,
         "nvJPEG library (path or soname) for decoding on a cuda device with device_transforms; empty searches "
         "the usual names. A named library that does not load is an error; none found decodes on the CPU."},
        {"threads", &RunConfig::threads,
         "Intra-op threads for LibTorch and BLAS; 0 chooses from the free cores."},
        {"seed", &RunConfig::seed, "Seed for weights, data order and augmentation."},
        {"warmup_steps", &RunConfig::warmupSteps, "Leading steps left out of throughput figures."},
        {"learning_rate", &RunConfig::learningRate, "AdamW peak learning rate."},
        {"weight_decay", &RunConfig::weightDecay, "AdamW decoupled weight decay."},
        {"lr_warmup_ratio", &RunConfig::lrWarmupRatio,
         "Share of steps spent warming the learning rate up linearly."},
        {"grad_clip", &RunConfig::gradClip, "Maximum global gradient norm; 0 disables clipping."},
        {"optimizer_kernel", &RunConfig::optimizerKernel,
         "AdamW's arithmetic: fused (one pass over each parameter; on cuda LibTorch's fused kernel), foreach "
         "(PyTorch's multi-tensor ops, its default on cuda) or auto (fused where the device has it)."},
        {"probe", &RunConfig::probe,
         "After the last step, time compute at other thread counts and one batch's transforms, so that "
         "the diagnosis predicts other settings from measurements."},
        {"devices", &RunConfig::devices,
         "Data-parallel processes to start on this machine, one per device (CPU: each gets its share "
         "of the cores). Under torchrun or Slurm their environment decides instead."},
        {"backend", &RunConfig::backend,
         "Data-parallel backend: auto (nccl on cuda where this build has NCCL, gloo otherwise), gloo or "
         "nccl."},
        {"ddp_bucket_mb", &RunConfig::ddpBucketMb,
         "Megabytes of gradients per all-reduce bucket; buckets start as backward fills them."},
        {"ddp_timeout_s", &RunConfig::ddpTimeoutS,
         "Seconds a rank waits for the others (rendezvous, all-reduce) before the run fails."},
        {"timeline", &RunConfig::timeline,
         "Which steps record a timeline of where their time went (training thread, loader workers, "
         "all-reduce buckets, every rank): off, sampled (every step of the first 50 after warm-up, then one "
         "in 50) or all."},
        {"profile_steps", &RunConfig::profileSteps,
         "Steps to run after the counted ones under LibTorch's profiler, keeping each op (and on cuda each "
         "kernel) for show, the trace export and the window's Timeline; 0 to 20. Their time is in no figure of "
         "the run."},
    };
    return table;
}

const Field* findField(std::string_view key) {
    for (const auto& field : fields())
        if (field.key == key) return &field;
    return nullptr;
}

std::string knownKeys() {
    std::string text;
    for (const auto& field : fields()) {
        if (!text.empty()) text += ", ";
        text += field.key;
    }
    return text;
}

[[noreturn]] void unknownKey(std::string_view key) {
    throw ConfigError(std::string(key), "unknown key (known keys: " + knownKeys() + ")");
}

void assignFromJson(RunConfig& config, const Field& field, const nlohmann::json& value) {
    const std::string key(field.key);
    std::visit(
        [&](auto member) {
            using T = std::remove_reference_t<decltype(config.*member)>;
            if constexpr (std::is_same_v<T, std::string>) {
                if (!value.is_string()) throw ConfigError(key, "expected a string, got " + jsonExcerpt(value));
                config.*member = value.get<std::string>();
            } else if constexpr (std::is_same_v<T, std::int64_t>) {
                if (!value.is_number_integer())
                    throw ConfigError(key, "expected an integer, got " + jsonExcerpt(value));
                config.*member = value.get<std::int64_t>();
            } else if constexpr (std::is_same_v<T, double>) {
                if (!value.is_number()) throw ConfigError(key, "expected a number, got " + jsonExcerpt(value));
                config.*member = value.get<double>();
            } else {
                if (!value.is_boolean()) throw ConfigError(key, "expected true or false, got " + jsonExcerpt(value));
                config.*member = value.get<bool>();
            }
        },
        field.member);
}

template <typename Number>
Number parseNumber(std::string_view key, std::string_view text, std::string_view what) {
    Number value{};
    const auto* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end)
        throw ConfigError(std::string(key), "expected " + std::string(what) + ", got '" + std::string(text) + "'");
    return value;
}

bool parseBool(std::string_view key, std::string_view text) {
    if (text == "true" || text == "on" || text == "1" || text == "yes") return true;
    if (text == "false" || text == "off" || text == "0" || text == "no") return false;
    throw ConfigError(std::string(key),
                      "expected true/false (or on/off, yes/no, 1/0), got '" + std::string(text) + "'");
}

void requireRange(std::string_view key, std::int64_t value, std::int64_t low, std::int64_t high) {
    if (value < low || value > high)
        throw ConfigError(std::string(key), "must be " + rangeText(low, high) + ", got " + groupedInteger(value));
}

void requireFinite(std::string_view key, double value, double low, double high, bool lowExcluded = false) {
    if (!std::isfinite(value) || value < low || value > high || (lowExcluded && value == low))
        throw ConfigError(std::string(key),
                          "must be " + numberRangeText(low, high, lowExcluded) + ", got " + readableNumber(value));
}

}  // namespace

const std::vector<ConfigKeyInfo>& runConfigKeys() {
    static const std::vector<ConfigKeyInfo> keys = [] {
        std::vector<ConfigKeyInfo> out;
        for (const auto& field : fields()) out.push_back({field.key, field.help});
        return out;
    }();
    return keys;
}

RunConfig runConfigFromJson(const nlohmann::json& object) {
    if (!object.is_object()) throw ConfigError("", "a run config must be a JSON object");
    RunConfig config;
    for (const auto& [key, value] : object.items()) {
        const Field* field = findField(key);
        if (!field) unknownKey(key);
        assignFromJson(config, *field, value);
    }
    return config;
}

nlohmann::json toJson(const RunConfig& config) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& field : fields())
        std::visit([&](auto member) { out[std::string(field.key)] = config.*member; }, field.member);
    return out;
}

void applyJsonValue(RunConfig& config, std::string_view key, const nlohmann::json& value) {
    const Field* field = findField(key);
    if (!field) unknownKey(key);
    assignFromJson(config, *field, value);
}

void applySetting(RunConfig& config, std::string_view key, std::string_view value) {
    const Field* field = findField(key);
    if (!field) unknownKey(key);
    std::visit(
        [&](auto member) {
            using T = std::remove_reference_t<decltype(config.*member)>;
            if constexpr (std::is_same_v<T, std::string>)
                config.*member = std::string(value);
            else if constexpr (std::is_same_v<T, std::int64_t>)
                config.*member = parseNumber<std::int64_t>(key, value, "an integer");
            else if constexpr (std::is_same_v<T, double>)
                config.*member = parseNumber<double>(key, value, "a number");
            else
                config.*member = parseBool(key, value);
        },
        field->member);
}

namespace {

// With an error code: a name the file system refuses (a component past 255 bytes) is just no
// such file, where the throwing overloads would escape as std::filesystem::filesystem_error.
bool isFile(const std::string& path) {
    std::error_code error;
    return std::filesystem::is_regular_file(path, error);
}

bool pathExists(const std::string& path) {
    std::error_code error;
    return std::filesystem::exists(path, error);
}

// Every setting is stored as JSON text, which must be UTF-8: a name of raw bytes once ended the run
// with nlohmann's "[json.exception.type_error.316] invalid UTF-8 byte at index 0: 0xFF", exit 1.
void requireUtf8(const RunConfig& config) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (const auto& field : fields()) {
        const auto* member = std::get_if<std::string RunConfig::*>(&field.member);
        if (!member) continue;
        const std::string& text = config.**member;
        for (std::size_t at = 0; at < text.size();) {
            const text::DecodedChar decoded = text::decodeUtf8At(text, at);
            if (decoded.codePoint < 0) {
                const auto byte = static_cast<unsigned char>(text[at]);
                throw ConfigError(std::string(field.key), std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 15] +
                                                              " at offset " + std::to_string(at) +
                                                              " is not UTF-8 text, which settings must be");
            }
            at += decoded.length;
        }
    }
}

}  // namespace

void validate(const RunConfig& config) {
    requireUtf8(config);
    const auto& presets = modelPresetNames();
    const bool isPreset = std::find(presets.begin(), presets.end(), config.model) != presets.end();
    if (!isPreset && !isFile(config.model)) {
        std::string allowed;
        for (const auto& name : presets) allowed += (allowed.empty() ? "" : ", ") + name;
        throw ConfigError("model", "'" + config.model + "' is neither a preset (" + allowed +
                                       ") nor an existing config.json file");
    }
    if (!config.weights.empty() && !isFile(config.weights))
        throw ConfigError("weights", "no such file: " + config.weights);
    if (config.dataset != "synthetic" && config.dataset != "synthetic-tensors" &&
        !pathExists(config.dataset))
        throw ConfigError("dataset", "'" + config.dataset +
                                         "' is neither 'synthetic', 'synthetic-tensors' nor an existing manifest or folder");
    if (config.interpolation != "bicubic" && config.interpolation != "bilinear")
        throw ConfigError("interpolation", "'" + config.interpolation + "' is not one of bicubic, bilinear");
    requireRange("steps", config.steps, 1, 100'000'000);
    requireRange("batch_size", config.batchSize, 1, 65'536);
    // At least <s> and </s>; the model's own limit is checked where the model is known (resolveTextLength).
    if (config.textLength < 0 || config.textLength == 1 || config.textLength > 65'536)
        throw ConfigError("text_length", "must be 0 (the model's own) or " + rangeText(2, 65'536) + ", got " +
                                             groupedInteger(config.textLength));
    requireRange("workers", config.workers, 0, 64);
    requireRange("prefetch_factor", config.prefetchFactor, 1, 64);
    requireRange("threads", config.threads, 0, 1024);
    requireRange("seed", config.seed, 0, std::numeric_limits<std::int64_t>::max());
    requireRange("warmup_steps", config.warmupSteps, 0, 1'000'000);
    requireFinite("learning_rate", config.learningRate, 0.0, 10.0, true);
    requireFinite("weight_decay", config.weightDecay, 0.0, 10.0);
    requireFinite("lr_warmup_ratio", config.lrWarmupRatio, 0.0, 1.0);
    requireFinite("grad_clip", config.gradClip, 0.0, 1e9);

    const bool hasCuda = torch::cuda::is_available();
    if (config.device != "cpu") {
        if (!namesCudaDevice(config.device))
            throw ConfigError("device", "'" + config.device + "' is not a device (allowed: cpu" +
                                            std::string(hasCuda ? ", cuda:N" : "") + ")");
        if (!hasCuda)
            throw ConfigError("device", "'" + config.device +
                                            "' needs CUDA, which this build or machine lacks (allowed: cpu)");
        const auto index = config.device == "cuda"
                               ? 0
                               : parseNumber<std::int64_t>("device", std::string_view(config.device).substr(5),
                                                           "cuda:N");
        const auto count = static_cast<std::int64_t>(torch::cuda::device_count());
        if (index < 0 || index >= count)
            throw ConfigError("device", "'" + config.device + "' does not exist (this machine has cuda:0 to cuda:" +
                                            std::to_string(count - 1) + ")");
    }
    requireRange("devices", config.devices, 1, 1024);
    validateBackend(config.backend, config.device, ncclAvailable());
    chooseAdamWKernel(config.optimizerKernel, config.device, adamwDeviceKernelAvailable());
    requireFinite("ddp_bucket_mb", config.ddpBucketMb, 0.001, 4096.0);
    requireFinite("ddp_timeout_s", config.ddpTimeoutS, 1.0, 86400.0);
    if (config.precision != "fp32" && config.precision != "bf16" && config.precision != "fp16")
        throw ConfigError("precision", "'" + config.precision + "' is not one of fp32, bf16, fp16");
    if (config.nvjpegLibrary.find('/') != std::string::npos && !isFile(config.nvjpegLibrary))
        throw ConfigError("nvjpeg_library", "no such file: " + config.nvjpegLibrary);
    requireRange("profile_steps", config.profileSteps, 0, kMaxProfileSteps);
    if (!parseTimelineMode(config.timeline))
        throw ConfigError("timeline", "'" + config.timeline + "' is not one of off, sampled, all");
    if (config.precision == "fp16" && config.device == "cpu")
        throw ConfigError("precision", "fp16 autocast needs a cuda device (allowed on cpu: fp32, bf16)");
}

RunConfig loadRunConfig(const std::filesystem::path& file) {
    return parseJsonConfigFile(file, [](const nlohmann::json& object) { return runConfigFromJson(object); });
}

void saveRunConfig(const RunConfig& config, const std::filesystem::path& file) {
    std::ofstream out(file);
    out << toJson(config).dump(2) << '\n';
    if (!out) throw Error(file.string() + ": cannot write the config");
}

}  // namespace bb
