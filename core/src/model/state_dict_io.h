// Moving a module's parameters to and from safetensors files by their state-dict names.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <torch/nn/module.h>

#include "model/safetensors.h"

namespace bb {

struct ShapeMismatch {
    std::string name;
    std::vector<int64_t> moduleShape;
    std::vector<int64_t> fileShape;
};

// What a load found, by name. A tensor is loaded only when its name and shape match.
struct LoadReport {
    std::vector<std::string> missingKeys;     // in the module, not in the file
    std::vector<std::string> unexpectedKeys;  // in the file, not in the module
    std::vector<ShapeMismatch> shapeMismatches;
    std::vector<std::string> nonFloatKeys;    // integer tensors offered for float parameters

    bool clean() const {
        return missingKeys.empty() && unexpectedKeys.empty() && shapeMismatches.empty() && nonFloatKeys.empty();
    }
    // One line per problem, for error messages and logs.
    std::string describe() const;
};

enum class LoadMode {
    kStrict,   // throw InputError listing every problem; nothing is loaded then
    kLenient,  // load what matches and return the report
};

// Copies the file's tensors into the module's parameters (converting F16/BF16 to the parameter's
// dtype and device). Keys are named_parameters() names; buffers are not persisted by our modules.
LoadReport loadStateDict(torch::nn::Module& module, const SafetensorsFile& file, LoadMode mode = LoadMode::kStrict);

// Writes every parameter under its named_parameters() name.
void saveStateDict(const torch::nn::Module& module, const std::filesystem::path& path,
                   const std::map<std::string, std::string>& metadata = {});

}  // namespace bb
