#include "model/bridgetower_model.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include <torch/nn/init.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/conv.h>

#include "model/functional.h"
#include "model/shape_text.h"

namespace bb {
namespace {

template <typename Holder, typename... Args>
std::vector<Holder> registerList(torch::nn::Module& owner, const std::string& name, int count, const Args&... args) {
    std::vector<Holder> items;
    torch::nn::ModuleList list;
    for (int i = 0; i < count; ++i) {
        items.emplace_back(args...);
        list->push_back(items.back());
    }
    owner.register_module(name, list);
    return items;
}

void checkInputs(const BridgeTowerConfig& config, const at::Tensor& inputIds, const at::Tensor& attentionMask,
                 const at::Tensor& pixelValues) {
    if (!inputIds.defined() || inputIds.dim() != 2 || inputIds.scalar_type() != at::kLong || inputIds.size(1) < 1)
        throw std::invalid_argument("input_ids must be int64 [batch, length>0], got " +
                                    (inputIds.defined() ? shapeText(inputIds.sizes()) : std::string("nothing")));
    const int64_t batch = inputIds.size(0);
    const int64_t maxLength = config.text.maxPositionEmbeddings - config.text.padTokenId - 1;
    if (inputIds.size(1) > maxLength)
        throw std::invalid_argument("input_ids has " + std::to_string(inputIds.size(1)) + " tokens; positions allow " +
                                    std::to_string(maxLength));
    if (attentionMask.defined() && attentionMask.sizes() != inputIds.sizes())
        throw std::invalid_argument("attention_mask " + shapeText(attentionMask.sizes()) + " must match input_ids " +
                                    shapeText(inputIds.sizes()));
    const int64_t size = config.vision.imageSizePx;
    if (!pixelValues.defined() || pixelValues.dim() != 4 || pixelValues.size(0) != batch ||
        pixelValues.size(1) != config.vision.numChannels || pixelValues.size(2) != size || pixelValues.size(3) != size)
        throw std::invalid_argument("pixel_values must be [" + std::to_string(batch) + ", " +
                                    std::to_string(config.vision.numChannels) + ", " + std::to_string(size) + ", " +
                                    std::to_string(size) + "], got " +
                                    (pixelValues.defined() ? shapeText(pixelValues.sizes()) : std::string("nothing")));
}

}  // namespace

BridgeTowerModelImpl::BridgeTowerModelImpl(const BridgeTowerConfig& config) : m_config(config) {
    validate(config);
    const int64_t width = config.hiddenSize;
    const auto layerOptions = BertLayerOptions::fromText(config.text);
    m_crossModalTextTransform =
        register_module("cross_modal_text_transform", torch::nn::Linear(config.text.hiddenSize, width));
    m_crossModalImageTransform =
        register_module("cross_modal_image_transform", torch::nn::Linear(config.vision.hiddenSize, width));
    m_tokenTypeEmbeddings = register_module("token_type_embeddings", torch::nn::Embedding(2, width));
    m_visionModel = register_module("vision_model", VisionModel(config.vision));
    m_textModel = register_module("text_model", TextModel(config.text));
    m_crossModalImageLayers =
        registerList<CrossLayer>(*this, "cross_modal_image_layers", config.numHiddenLayers, layerOptions);
    m_crossModalTextLayers =
        registerList<CrossLayer>(*this, "cross_modal_text_layers", config.numHiddenLayers, layerOptions);
    m_crossModalImagePooler = register_module("cross_modal_image_pooler", Pooler(width));
    m_crossModalTextPooler = register_module("cross_modal_text_pooler", Pooler(width));
    const auto normOptions = torch::nn::LayerNormOptions({width}).eps(config.layerNormEps);
    m_crossModalTextLayernorm = register_module("cross_modal_text_layernorm", torch::nn::LayerNorm(normOptions));
    m_crossModalImageLayernorm = register_module("cross_modal_image_layernorm", torch::nn::LayerNorm(normOptions));
    m_crossModalTextLinkTower = registerList<LinkTower>(*this, "cross_modal_text_link_tower", config.numHiddenLayers - 1,
                                                        config.linkTowerType, width, config.layerNormEps);
    m_crossModalImageLinkTower = registerList<LinkTower>(*this, "cross_modal_image_link_tower",
                                                         config.numHiddenLayers - 1, config.linkTowerType, width,
                                                         config.layerNormEps);
}

at::Tensor BridgeTowerModelImpl::projectText(const at::Tensor& textState) {
    return at::linear(textState, m_crossModalTextTransform->weight, m_crossModalTextTransform->bias) +
           m_tokenTypeEmbeddings->weight.select(0, 0);
}

at::Tensor BridgeTowerModelImpl::projectImage(const at::Tensor& visionState) {
    return at::linear(m_visionModel->forwardPost(visionState), m_crossModalImageTransform->weight,
                      m_crossModalImageTransform->bias) +
           m_tokenTypeEmbeddings->weight.select(0, 1);
}

BridgeTowerModelOutput BridgeTowerModelImpl::forward(const at::Tensor& inputIds, const at::Tensor& attentionMask,
                                                     const at::Tensor& pixelValues, bool outputHiddenStates) {
    checkInputs(m_config, inputIds, attentionMask, pixelValues);
    const auto dtype = m_tokenTypeEmbeddings->weight.scalar_type();
    const at::Tensor mask = attentionMask.defined() ? attentionMask : at::ones_like(inputIds);
    // Shared by text self-attention and every attention whose keys are text. Image keys are never
    // masked: HF's all-ones pixel mask adds -0.0 to the scores, which changes nothing.
    const at::Tensor textKeyMask = additiveKeyMask(mask, m_config.text.numAttentionHeads, dtype);
    const at::Tensor noMask;

    BridgeTowerModelOutput out;
    auto& states = out.hiddenStates;
    const int split = m_config.splitIndex();

    at::Tensor text = m_textModel->embeddings()->forward(inputIds);
    if (outputHiddenStates) states.text.push_back(text);
    for (int i = 0; i < split; ++i) {
        text = m_textModel->layer(i)->forward(text, textKeyMask);
        if (outputHiddenStates) states.text.push_back(text);
    }
    at::Tensor image = m_visionModel->forwardPre(pixelValues.to(dtype));
    if (outputHiddenStates) states.image.push_back(image);
    for (int j = 0; j < split; ++j) {
        image = m_visionModel->block(j)->forward(image);
        if (outputHiddenStates) states.image.push_back(image);
    }

    // Cross-modal layer 0 takes the projections through its own LayerNorms; later layers take
    // them through the link towers instead (BRIDGETOWER.md §5-6).
    at::Tensor imageProjected = projectImage(image);
    at::Tensor crossTextInput = m_crossModalTextLayernorm(projectText(text));
    at::Tensor crossImageInput = m_crossModalImageLayernorm(imageProjected);
    at::Tensor crossText = m_crossModalTextLayers[0]->forward(crossTextInput, crossImageInput, textKeyMask, noMask);
    at::Tensor crossImage = m_crossModalImageLayers[0]->forward(crossImageInput, crossTextInput, noMask, textKeyMask);
    if (outputHiddenStates) states.cross.emplace_back(crossText, crossImage);

    for (int k = 1; k < m_config.numHiddenLayers; ++k) {
        const int layer = split + k - 1;
        text = m_textModel->layer(layer)->forward(text, textKeyMask);
        image = m_visionModel->block(layer)->forward(image);
        imageProjected = projectImage(image);
        crossTextInput = m_crossModalTextLinkTower[k - 1]->forward(projectText(text), crossText);
        crossImageInput = m_crossModalImageLinkTower[k - 1]->forward(imageProjected, crossImage);
        // Both streams read this layer's inputs: the updates run in parallel, not in sequence.
        crossText = m_crossModalTextLayers[k]->forward(crossTextInput, crossImageInput, textKeyMask, noMask);
        crossImage = m_crossModalImageLayers[k]->forward(crossImageInput, crossTextInput, noMask, textKeyMask);
        if (outputHiddenStates) {
            states.text.push_back(text);
            states.image.push_back(image);
            states.cross.emplace_back(crossText, crossImage);
        }
    }

    out.poolerOutput =
        at::cat({m_crossModalTextPooler->forward(crossText), m_crossModalImagePooler->forward(crossImage)}, -1);
    out.textFeatures = std::move(crossText);
    out.imageFeatures = std::move(crossImage);
    out.lastTextState = std::move(text);
    out.lastImageProjected = std::move(imageProjected);
    return out;
}

void initBridgeTowerWeights(torch::nn::Module& root, BridgeTowerModelImpl& trunk) {
    const auto& config = trunk.config();
    const double factor = config.initializerFactor;
    at::NoGradGuard noGrad;
    for (const auto& module : root.modules(/*include_self=*/true)) {
        if (auto* linear = module->as<torch::nn::LinearImpl>()) {
            linear->weight.normal_(0.0, 0.05 * factor);
            if (linear->bias.defined()) linear->bias.zero_();
        } else if (auto* conv = module->as<torch::nn::Conv2dImpl>()) {
            conv->weight.normal_(0.0, 0.05 * factor);
        } else if (auto* embedding = module->as<torch::nn::EmbeddingImpl>()) {
            embedding->weight.normal_(0.0, 0.05 * factor);
        } else if (auto* norm = module->as<torch::nn::LayerNormImpl>()) {
            norm->weight.fill_(1.0);
            norm->bias.zero_();
        }
    }
    // CLIP's init; HF applies it to the vision model after its children, so it wins.
    auto& vision = *trunk.visionModel();
    const double width = config.vision.hiddenSize;
    const double attnStd = std::pow(width, -0.5) * factor;
    const double projStd = std::pow(width, -0.5) * std::pow(2.0 * config.vision.numHiddenLayers, -0.5) * factor;
    const double fcStd = std::pow(2.0 * width, -0.5) * factor;
    for (std::size_t j = 0; j < vision.numBlocks(); ++j) {
        auto& block = *vision.block(j);
        block.attn()->inProjWeight().normal_(0.0, attnStd);
        block.attn()->inProjBias().zero_();
        block.attn()->outProj()->weight.normal_(0.0, projStd);
        block.cFc()->weight.normal_(0.0, fcStd);
        block.cProj()->weight.normal_(0.0, projStd);
    }
    vision.embeddings()->classEmbedding().normal_(0.0, attnStd);
    vision.embeddings()->positionEmbedding()->weight.normal_(0.0, attnStd);
}

}  // namespace bb
