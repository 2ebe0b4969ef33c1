// `bridgebench-cli model info|forward`: sizes and cost of a BridgeTower config, and one
// evaluation-mode forward pass from files.
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/model_forward.h"
#include "bridgebench/model_info.h"
#include "cli/cli_common.h"

namespace bb::cli {
namespace {

// 866612737 -> "866,612,737": parameter counts are read by eye.
std::string withThousands(int64_t value) {
    const std::string digits = std::to_string(value);
    std::string grouped;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-') grouped += ',';
        grouped += digits[i];
    }
    return grouped;
}

struct InfoOptions {
    std::string preset;
    std::string configPath;
    int textLength = kDefaultTextLength;
    bool json = false;
};

nlohmann::json infoToJson(const std::string& model, const ModelInfo& info) {
    return {{"model", model},
            {"parameters",
             {{"total", info.contrastiveParams},
              {"contrastive_model", info.contrastiveParams},
              {"itm_model", info.itmParams},
              {"bridgetower_model", info.modelParams},
              {"text", info.textParams},
              {"vision", info.visionParams},
              {"cross_modal", info.crossModalParams},
              {"token_types", info.tokenTypeParams},
              {"contrastive_heads", info.contrastiveHeadParams},
              {"itm_head", info.itmHeadParams}}},
            {"training_flops_per_sample", info.trainingFlopsPerSample},
            {"forward_flops_per_sample", info.forwardFlopsPerSample},
            {"image_size_px", info.imageSizePx},
            {"image_tokens", info.imageTokens},
            {"text_length", info.textLength}};
}

int infoCommand(const InfoOptions& options) {
    const bool fromPreset = !options.preset.empty();
    const BridgeTowerConfig config =
        fromPreset ? bridgeTowerPreset(options.preset) : loadBridgeTowerConfig(options.configPath);
    const std::string model = fromPreset ? options.preset : options.configPath;
    const ModelInfo info = modelInfo(config, options.textLength);
    if (options.json) {
        std::cout << infoToJson(model, info).dump(2) << '\n';
        return kExitOk;
    }
    const auto line = [](const std::string& label, const std::string& value) {
        return fmt::format("{:<28}{:>15}\n", label, value);
    };
    std::cout << fmt::format("{:<28}{}\n", "model", model)
              << fmt::format("{:<28}{:>15}  (contrastive model)\n", "parameters, total",
                             withThousands(info.contrastiveParams))
              << line("  text tower", withThousands(info.textParams))
              << line("  vision tower", withThousands(info.visionParams))
              << line("  cross-modal", withThousands(info.crossModalParams))
              << line("  token types", withThousands(info.tokenTypeParams))
              << line("  contrastive heads", withThousands(info.contrastiveHeadParams))
              << line("BridgeTowerModel", withThousands(info.modelParams))
              << line("ITM model", withThousands(info.itmParams))
              << fmt::format("{:<28}{:>15}  (3x the forward's matmuls, {:.4g})\n", "FLOPs per training sample",
                             fmt::format("{:.4g}", info.trainingFlopsPerSample), info.forwardFlopsPerSample)
              << line("image", fmt::format("{} px, {} tokens", info.imageSizePx, info.imageTokens))
              << line("text length", fmt::format("{} tokens", info.textLength));
    return kExitOk;
}

struct ForwardOptions {
    std::string configPath;
    std::string weightsPath;
    std::string inputsPath;
    std::string head;
    std::string outputPath;
};

int forwardCommand(const ForwardOptions& options) {
    ModelForwardRequest request;
    request.configPath = options.configPath;
    request.weightsPath = options.weightsPath;
    request.inputsPath = options.inputsPath;
    request.head = options.head == "itm" ? ModelHead::kItm : ModelHead::kContrastive;
    request.outputPath = options.outputPath;
    const ModelForwardResult result = runModelForward(request);
    if (!result.ignoredWeights.empty())
        std::cerr << fmt::format("note: {} tensors of {} are not used by the {} head (first: {})\n",
                                 result.ignoredWeights.size(), options.weightsPath, options.head,
                                 result.ignoredWeights.front());
    std::cout << fmt::format("wrote {} tensors to {}\n", result.outputNames.size(), options.outputPath);
    return kExitOk;
}

}  // namespace

void registerModelCommand(CLI::App& root, CliState& state) {
    auto* model = root.add_subcommand("model", "BridgeTower model: sizes and cost, or a forward pass from files");
    model->require_subcommand(1);

    auto info = std::make_shared<InfoOptions>();
    auto* infoCmd = model->add_subcommand("info", "Parameters per tower, FLOPs per training sample, input sizes");
    auto* presetOption =
        infoCmd->add_option("--preset", info->preset, "tiny, small, base or large")
            ->check(CLI::IsMember(bridgeTowerPresetNames()));
    auto* configOption = infoCmd->add_option("--config", info->configPath, "A Hugging Face BridgeTower config.json");
    presetOption->excludes(configOption);
    infoCmd->add_option("--text-length", info->textLength, "Tokens per caption for the FLOP count")
        ->capture_default_str();
    infoCmd->add_flag("--json", info->json, "Print one JSON document");
    infoCmd->footer("Example:\n  bridgebench-cli model info --preset large --text-length 128\n");
    infoCmd->callback([info, presetOption, configOption, &state] {
        state.exitCode = guarded([&] {
            if (presetOption->count() + configOption->count() != 1) {
                std::cerr << "error: give --preset or --config\n";
                return static_cast<int>(kExitUsage);
            }
            return infoCommand(*info);
        });
    });

    auto forward = std::make_shared<ForwardOptions>();
    auto* forwardCmd = model->add_subcommand(
        "forward", "Run the contrastive or ITM head in eval mode on safetensors inputs; write its outputs");
    forwardCmd->add_option("--config", forward->configPath, "A Hugging Face BridgeTower config.json")->required();
    forwardCmd->add_option("--weights", forward->weightsPath, "Weights (safetensors, HF key names)")->required();
    forwardCmd->add_option("--inputs", forward->inputsPath,
                           "Inputs (safetensors): input_ids, pixel_values, optional attention_mask, itm_labels")
        ->required();
    forwardCmd->add_option("--head", forward->head, "contrastive or itm")
        ->required()
        ->check(CLI::IsMember({"contrastive", "itm"}));
    forwardCmd->add_option("--out", forward->outputPath, "Output file (safetensors)")->required();
    forwardCmd->footer(
        "Example:\n  bridgebench-cli model forward --config config.json --weights model.safetensors \\\n"
        "      --inputs inputs.safetensors --head itm --out outputs.safetensors\n");
    forwardCmd->callback([forward, &state] { state.exitCode = guarded([&] { return forwardCommand(*forward); }); });
}

}  // namespace bb::cli
