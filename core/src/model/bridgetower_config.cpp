#include "bridgebench/bridgetower_config.h"

#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "util/file_contents.h"
#include "util/json_excerpt.h"
#include "util/json_text.h"

namespace bb {
namespace {

using Json = nlohmann::json;

// Reads optional keys of one JSON object, naming "prefix.key" in errors.
class KeyReader {
public:
    KeyReader(const Json& object, std::string prefix, const std::string& source)
        : m_object(object), m_prefix(std::move(prefix)), m_source(source) {}

    void readInt(const char* key, int& value, int minimum) const {
        const Json* field = find(key);
        if (!field) return;
        if (!field->is_number_integer()) fail(key, "expected an integer, got " + describe(*field));
        const auto raw = field->get<int64_t>();
        if (raw < minimum || raw > std::numeric_limits<int>::max())
            fail(key, "must be at least " + std::to_string(minimum) + ", got " + std::to_string(raw));
        value = static_cast<int>(raw);
    }

    void readDouble(const char* key, double& value, double minimum, double maximum) const {
        const Json* field = find(key);
        if (!field) return;
        if (!field->is_number()) fail(key, "expected a number, got " + describe(*field));
        const auto raw = field->get<double>();
        if (!(raw >= minimum && raw <= maximum)) {
            std::ostringstream message;
            message << "must be in [" << minimum << ", " << maximum << "], got " << raw;
            fail(key, message.str());
        }
        value = raw;
    }

    void readBool(const char* key, bool& value) const {
        const Json* field = find(key);
        if (!field) return;
        if (!field->is_boolean()) fail(key, "expected true or false, got " + describe(*field));
        value = field->get<bool>();
    }

    // Returns the string value, or `fallback` when the key is absent.
    std::string readString(const char* key, std::string fallback) const {
        const Json* field = find(key);
        if (!field) return fallback;
        if (!field->is_string()) fail(key, "expected a string, got " + describe(*field));
        return field->get<std::string>();
    }

    [[noreturn]] void fail(const char* key, const std::string& message) const {
        throw ConfigError(m_prefix + key, message + " (in " + m_source + ")");
    }

private:
    const Json* find(const char* key) const {
        const auto it = m_object.find(key);
        if (it == m_object.end() || it->is_null()) return nullptr;
        return &*it;
    }

    static std::string describe(const Json& value) { return jsonExcerpt(value); }

    const Json& m_object;
    std::string m_prefix;
    const std::string& m_source;
};

Activation parseActivation(const KeyReader& reader, const char* key, const std::string& name) {
    if (name == "gelu") return Activation::kGelu;
    if (name == "gelu_new" || name == "gelu_pytorch_tanh") return Activation::kGeluTanh;
    if (name == "relu") return Activation::kRelu;
    if (name == "quick_gelu") return Activation::kQuickGelu;
    if (name == "silu" || name == "swish") return Activation::kSilu;
    reader.fail(key, "unsupported activation '" + name +
                         "' (supported: gelu, gelu_new, gelu_pytorch_tanh, relu, quick_gelu, silu, swish)");
}

const Json& subObject(const Json& root, const char* key, const std::string& source) {
    static const Json kEmpty = Json::object();
    const auto it = root.find(key);
    if (it == root.end() || it->is_null()) return kEmpty;
    if (!it->is_object()) throw ConfigError(key, "expected an object (in " + source + ")");
    return *it;
}

void readText(const Json& object, const std::string& source, BridgeTowerTextConfig& text) {
    const KeyReader reader(object, "text_config.", source);
    reader.readInt("vocab_size", text.vocabSize, 1);
    reader.readInt("hidden_size", text.hiddenSize, 1);
    reader.readInt("num_hidden_layers", text.numHiddenLayers, 0);
    reader.readInt("num_attention_heads", text.numAttentionHeads, 1);
    reader.readInt("intermediate_size", text.intermediateSize, 1);
    text.hiddenAct = parseActivation(reader, "hidden_act", reader.readString("hidden_act", "gelu"));
    reader.readDouble("hidden_dropout_prob", text.hiddenDropoutProb, 0.0, 1.0);
    reader.readDouble("attention_probs_dropout_prob", text.attentionProbsDropoutProb, 0.0, 1.0);
    reader.readInt("max_position_embeddings", text.maxPositionEmbeddings, 1);
    reader.readInt("type_vocab_size", text.typeVocabSize, 1);
    reader.readDouble("layer_norm_eps", text.layerNormEps, 0.0, 1.0);
    reader.readInt("pad_token_id", text.padTokenId, 0);
    const std::string positions = reader.readString("position_embedding_type", "absolute");
    if (positions != "absolute")
        reader.fail("position_embedding_type", "only \"absolute\" is supported, got \"" + positions + "\"");
}

void readVision(const Json& object, const std::string& source, BridgeTowerVisionConfig& vision) {
    const KeyReader reader(object, "vision_config.", source);
    reader.readInt("hidden_size", vision.hiddenSize, 1);
    reader.readInt("num_hidden_layers", vision.numHiddenLayers, 0);
    reader.readInt("num_channels", vision.numChannels, 1);
    reader.readInt("patch_size", vision.patchSize, 1);
    reader.readInt("image_size", vision.imageSizePx, 1);
    reader.readDouble("layer_norm_eps", vision.layerNormEps, 0.0, 1.0);
    reader.readBool("share_layernorm", vision.shareLayernorm);
    reader.readBool("remove_last_layer", vision.removeLastLayer);
}

}  // namespace

std::vector<std::string> bridgeTowerPresetNames() { return {"tiny", "small", "base", "large"}; }

BridgeTowerConfig bridgeTowerPreset(std::string_view name) {
    BridgeTowerConfig config;
    if (name == "tiny") {
        // shared/fixtures/bridgetower-tiny/config.json, which the parity tests check.
        config.hiddenSize = 64;
        config.numHiddenLayers = 2;
        config.contrastiveHiddenSize = 24;
        config.text = {.vocabSize = 512, .hiddenSize = 64, .numHiddenLayers = 2, .numAttentionHeads = 4,
                       .intermediateSize = 64, .hiddenDropoutProb = 0.0, .attentionProbsDropoutProb = 0.0,
                       .maxPositionEmbeddings = 64};
        config.vision = {.hiddenSize = 64, .numHiddenLayers = 2, .patchSize = 8, .imageSizePx = 32};
    } else if (name == "small") {
        // Width 256 in all three parts (the contrastive model needs vision width == cross-modal
        // width, and vision heads are width / 64 = 4, so text uses 4 heads of 64 as well), 4 layers
        // per tower and 4 cross-modal layers (split index 1, the most bridges 4 text layers allow),
        // RoBERTa's vocabulary and positions, 224 px images in 16 px patches (197 tokens).
        config.hiddenSize = 256;
        config.numHiddenLayers = 4;
        config.contrastiveHiddenSize = 256;
        config.text = {.hiddenSize = 256, .numHiddenLayers = 4, .numAttentionHeads = 4, .intermediateSize = 1024};
        config.vision = {.hiddenSize = 256, .numHiddenLayers = 4, .patchSize = 16, .imageSizePx = 224};
    } else if (name == "base") {
        // BridgeTower/bridgetower-base (BRIDGETOWER.md §10); its config has no contrastive head,
        // which keeps the large checkpoint's 512 / 2.6592.
        config.hiddenSize = 768;
        config.numHiddenLayers = 6;
    } else if (name == "large") {
        // BridgeTower/bridgetower-large-itm-mlm-itc (BRIDGETOWER.md §10).
        config.hiddenSize = 1024;
        config.numHiddenLayers = 6;
        config.text = {.hiddenSize = 1024, .numHiddenLayers = 24, .numAttentionHeads = 16, .intermediateSize = 4096};
        config.vision = {.hiddenSize = 1024, .numHiddenLayers = 24, .patchSize = 14, .imageSizePx = 294};
    } else {
        throw ConfigError("model", "unknown preset '" + std::string(name) + "' (expected tiny, small, base or large)");
    }
    validate(config);
    return config;
}

BridgeTowerConfig parseBridgeTowerConfig(std::string_view jsonText, const std::string& source) {
    JsonTextError error;
    std::optional<Json> parsed = parseJsonText(jsonText, error);
    if (!parsed) {
        throw InputError(source + ": line " + std::to_string(error.position.line) + ", column " +
                         std::to_string(error.position.column) + ": not valid JSON: " + error.reason);
    }
    const Json& root = *parsed;
    if (!root.is_object()) throw InputError(source + ": expected a JSON object at the top level");

    BridgeTowerConfig config;
    const KeyReader reader(root, "", source);
    const std::string modelType = reader.readString("model_type", "bridgetower");
    if (modelType != "bridgetower") reader.fail("model_type", "expected \"bridgetower\", got \"" + modelType + "\"");
    reader.readInt("hidden_size", config.hiddenSize, 1);
    reader.readInt("num_hidden_layers", config.numHiddenLayers, 1);
    reader.readDouble("layer_norm_eps", config.layerNormEps, 0.0, 1.0);
    reader.readDouble("initializer_factor", config.initializerFactor, 0.0, 1e6);
    reader.readInt("contrastive_hidden_size", config.contrastiveHiddenSize, 1);
    reader.readDouble("logit_scale_init_value", config.logitScaleInitValue, -100.0, 100.0);

    const std::string link = reader.readString("link_tower_type", "add");
    if (link == "add") config.linkTowerType = LinkTowerType::kAdd;
    else if (link == "scaled_add") config.linkTowerType = LinkTowerType::kScaledAdd;
    else if (link == "interpolate") config.linkTowerType = LinkTowerType::kInterpolate;
    else reader.fail("link_tower_type", "expected add, scaled_add or interpolate, got \"" + link + "\"");

    // HF v4.35.2 builds these variants but crashes when it runs them (BRIDGETOWER.md §1).
    bool shareLinkTowers = false;
    reader.readBool("share_link_tower_layers", shareLinkTowers);
    if (shareLinkTowers) reader.fail("share_link_tower_layers", "true is not supported (HF v4.35.2 cannot run it)");
    bool shareCrossModal = true;
    reader.readBool("share_cross_modal_transformer_layers", shareCrossModal);
    if (!shareCrossModal)
        reader.fail("share_cross_modal_transformer_layers", "false is not supported (HF v4.35.2 cannot run it)");
    bool initLayernormFromVision = false;
    reader.readBool("init_layernorm_from_vision_encoder", initLayernormFromVision);

    readText(subObject(root, "text_config", source), source, config.text);
    readVision(subObject(root, "vision_config", source), source, config.vision);
    if (initLayernormFromVision && !config.vision.shareLayernorm)
        reader.fail("init_layernorm_from_vision_encoder",
                    "true with vision_config.share_layernorm false is not supported (HF v4.35.2 cannot build it)");
    try {
        validate(config);
    } catch (const ConfigError& error) {
        // validate() knows no file (presets have none); the reader's errors say which file to fix.
        throw ConfigError(error.key(), error.detail() + " (in " + source + ")");
    }
    return config;
}

BridgeTowerConfig loadBridgeTowerConfig(const std::filesystem::path& path) {
    // Through the one bounded reader: a folder read as empty and /dev/zero never ended.
    return parseBridgeTowerConfig(readFileContents(path, kMaxConfigFileBytes), path.string());
}

void validate(const BridgeTowerConfig& config) {
    const auto& text = config.text;
    const auto& vision = config.vision;
    if (config.hiddenSize != text.hiddenSize)
        throw ConfigError("hidden_size", "must equal text_config.hidden_size (" + std::to_string(text.hiddenSize) +
                                             "): the cross-modal layers are built from the text config");
    if (text.hiddenSize % text.numAttentionHeads != 0)
        throw ConfigError("text_config.num_attention_heads",
                          "must divide text_config.hidden_size (" + std::to_string(text.hiddenSize) + ")");
    if (vision.hiddenSize < 64 || vision.hiddenSize % 64 != 0)
        throw ConfigError("vision_config.hidden_size", "must be a positive multiple of 64 (heads = width / 64)");
    if (vision.patchSize > vision.imageSizePx)
        throw ConfigError("vision_config.patch_size", "must not exceed vision_config.image_size");
    if (config.numHiddenLayers < 1) throw ConfigError("num_hidden_layers", "must be at least 1");
    if (config.splitIndex() < 0)
        throw ConfigError("num_hidden_layers", "at most text_config.num_hidden_layers + 1 cross-modal layers");
    if (vision.numBlocks() < text.numHiddenLayers)
        throw ConfigError("vision_config.num_hidden_layers",
                          "the model runs one vision block per text layer: needs at least " +
                              std::to_string(text.numHiddenLayers + (vision.removeLastLayer ? 1 : 0)) + " blocks");
    if (text.padTokenId >= text.vocabSize || text.padTokenId >= text.maxPositionEmbeddings)
        throw ConfigError("text_config.pad_token_id", "must be below vocab_size and max_position_embeddings");
}

void validateForContrastive(const BridgeTowerConfig& config) {
    validate(config);
    if (config.vision.hiddenSize != config.hiddenSize)
        throw ConfigError("vision_config.hidden_size",
                          "the contrastive model needs it equal to hidden_size (" + std::to_string(config.hiddenSize) +
                              "): HF adds the image token-type embedding before the projection");
}

}  // namespace bb
