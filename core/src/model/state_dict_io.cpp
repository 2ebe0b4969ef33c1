#include "model/state_dict_io.h"

#include <set>
#include <sstream>

#include <torch/torch.h>

#include "bridgebench/errors.h"
#include "model/shape_text.h"

namespace bb {

std::string LoadReport::describe() const {
    std::ostringstream text;
    for (const auto& key : missingKeys) text << "missing key: " << key << '\n';
    for (const auto& key : unexpectedKeys) text << "unexpected key: " << key << '\n';
    for (const auto& mismatch : shapeMismatches)
        text << "shape mismatch: " << mismatch.name << ": model " << shapeText(mismatch.moduleShape) << ", file "
             << shapeText(mismatch.fileShape) << '\n';
    for (const auto& key : nonFloatKeys) text << "integer tensor for a float parameter: " << key << '\n';
    return text.str();
}

LoadReport loadStateDict(torch::nn::Module& module, const SafetensorsFile& file, LoadMode mode) {
    const auto parameters = module.named_parameters(/*recurse=*/true);
    LoadReport report;
    std::vector<std::pair<at::Tensor, const SafetensorsEntry*>> matches;
    std::set<std::string> known;
    for (const auto& item : parameters) {
        known.insert(item.key());
        const SafetensorsEntry* entry = file.find(item.key());
        if (!entry) {
            report.missingKeys.push_back(item.key());
        } else if (item.value().sizes().vec() != entry->shape) {
            report.shapeMismatches.push_back({item.key(), item.value().sizes().vec(), entry->shape});
        } else if (entry->dtype == SafetensorsDtype::kI64 && item.value().is_floating_point()) {
            report.nonFloatKeys.push_back(item.key());
        } else {
            matches.emplace_back(item.value(), entry);
        }
    }
    for (const auto& entry : file.entries())
        if (!known.contains(entry.name)) report.unexpectedKeys.push_back(entry.name);

    if (mode == LoadMode::kStrict && !report.clean())
        throw InputError(file.path().string() + ": does not fit the model:\n" + report.describe());

    torch::NoGradGuard noGrad;
    for (auto& [parameter, entry] : matches) parameter.copy_(file.view(*entry));
    return report;
}

void saveStateDict(const torch::nn::Module& module, const std::filesystem::path& path,
                   const std::map<std::string, std::string>& metadata) {
    NamedTensors tensors;
    for (const auto& item : module.named_parameters(/*recurse=*/true)) tensors.emplace_back(item.key(), item.value());
    writeSafetensors(path, tensors, metadata);
}

}  // namespace bb
