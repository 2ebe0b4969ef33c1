#include "model/forward_outputs.h"

#include <string>

namespace bb {
namespace {

void appendTrunk(const BridgeTowerModelOutput& trunk, NamedTensors& named) {
    named.emplace_back("bridgetower.text_features", trunk.textFeatures);
    named.emplace_back("bridgetower.image_features", trunk.imageFeatures);
    named.emplace_back("bridgetower.pooler_output", trunk.poolerOutput);
    const auto& states = trunk.hiddenStates;
    for (std::size_t i = 0; i < states.text.size(); ++i)
        named.emplace_back("bridgetower.hidden_states.text." + std::to_string(i), states.text[i]);
    for (std::size_t i = 0; i < states.image.size(); ++i)
        named.emplace_back("bridgetower.hidden_states.image." + std::to_string(i), states.image[i]);
    for (std::size_t k = 0; k < states.cross.size(); ++k) {
        const std::string prefix = "bridgetower.hidden_states.cross." + std::to_string(k);
        named.emplace_back(prefix + ".text", states.cross[k].first);
        named.emplace_back(prefix + ".image", states.cross[k].second);
    }
}

}  // namespace

NamedTensors namedOutputs(const ContrastiveOutput& output) {
    NamedTensors named;
    if (output.loss.defined()) named.emplace_back("loss", output.loss);
    named.emplace_back("logits", output.logits);
    named.emplace_back("text_embeds", output.textEmbeds);
    named.emplace_back("image_embeds", output.imageEmbeds);
    named.emplace_back("cross_embeds", output.crossEmbeds);
    named.emplace_back("logit_scale_exp", output.logitScaleExp);
    named.emplace_back("logits_text_to_image", output.logitsTextToImage);
    named.emplace_back("logits_text_to_cross", output.logitsTextToCross);
    named.emplace_back("logits_image_to_cross", output.logitsImageToCross);
    appendTrunk(output.trunk, named);
    return named;
}

NamedTensors namedOutputs(const ItmOutput& output) {
    NamedTensors named;
    if (output.loss.defined()) named.emplace_back("loss", output.loss);
    named.emplace_back("logits", output.logits);
    appendTrunk(output.trunk, named);
    return named;
}

}  // namespace bb
