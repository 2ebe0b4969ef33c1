// One evaluation-mode forward pass of a BridgeTower head from files, for the command line and
// for checks against other implementations. Torch-free interface.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace bb {

enum class ModelHead { kContrastive, kItm };

struct ModelForwardRequest {
    std::filesystem::path configPath;   // a Hugging Face config.json
    std::filesystem::path weightsPath;  // safetensors with (at least) the head's state-dict keys
    // safetensors with input_ids [B, L] I64 and pixel_values [B, C, S, S] (F32, F16 or BF16);
    // optional attention_mask [B, L] I64 (default all ones) and, for the ITM head, itm_labels [B]
    // I64 (adds "loss"). pixel_mask and anything else is ignored, as in HF.
    std::filesystem::path inputsPath;
    ModelHead head = ModelHead::kContrastive;
    std::filesystem::path outputPath;   // written as safetensors, F32
};

struct ModelForwardResult {
    std::vector<std::string> outputNames;     // in the order written
    std::vector<std::string> ignoredWeights;  // keys of the weights file the head does not use
};

// Throws ConfigError (bad config), InputError (a file unreadable or malformed, weights that miss
// or mis-shape a parameter, inputs with a wrong name, dtype or shape; the message names the file
// and tensor), or another bb::Error if the pass itself fails.
ModelForwardResult runModelForward(const ModelForwardRequest& request);

}  // namespace bb
