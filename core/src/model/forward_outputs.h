// The output tensors of the two heads under the names of the HF parity fixtures
// (shared/fixtures/bridgetower-tiny/README.md), batch-first.
#pragma once

#include "model/bridgetower_heads.h"
#include "model/safetensors.h"

namespace bb {

// loss (when computed), logits, {text,image,cross}_embeds, logit_scale_exp, the three similarity
// matrices, then bridgetower.{text_features,image_features,pooler_output} and, when the forward
// kept them, bridgetower.hidden_states.{text,image}.{i} and .cross.{k}.{text,image}.
NamedTensors namedOutputs(const ContrastiveOutput& output);

// loss (when labels were given), logits, bridgetower.{text_features,image_features,pooler_output}.
NamedTensors namedOutputs(const ItmOutput& output);

}  // namespace bb
