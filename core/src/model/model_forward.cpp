#include "bridgebench/model_forward.h"

#include <torch/torch.h>

#include "bridgebench/bridgetower_config.h"
#include "bridgebench/errors.h"
#include "model/bridgetower_heads.h"
#include "model/forward_outputs.h"
#include "model/safetensors.h"
#include "model/shape_text.h"
#include "model/state_dict_io.h"

namespace bb {
namespace {

class InputReader {
public:
    explicit InputReader(const SafetensorsFile& file) : m_file(file) {}

    // The tensor, or an undefined one when absent and optional.
    at::Tensor read(const std::string& name, bool required) const {
        if (!m_file.find(name)) {
            if (required) fail(name, "not found");
            return {};
        }
        return m_file.tensor(name);
    }

    at::Tensor readIds(const std::string& name, int64_t dims, bool required) const {
        at::Tensor tensor = read(name, required);
        if (!tensor.defined()) return tensor;
        if (tensor.scalar_type() != at::kLong) fail(name, "must be I64");
        if (tensor.dim() != dims) fail(name, "must have " + std::to_string(dims) + " dimensions, has " + shapeText(tensor.sizes()));
        return tensor;
    }

    [[noreturn]] void fail(const std::string& name, const std::string& message) const {
        throw InputError(m_file.path().string() + ": tensor '" + name + "': " + message);
    }

private:
    const SafetensorsFile& m_file;
};

struct ForwardInputs {
    at::Tensor inputIds;
    at::Tensor attentionMask;
    at::Tensor pixelValues;
    at::Tensor itmLabels;
};

ForwardInputs readInputs(const SafetensorsFile& file, const BridgeTowerConfig& config, ModelHead head) {
    const InputReader reader(file);
    ForwardInputs inputs;
    inputs.inputIds = reader.readIds("input_ids", 2, true);
    const int64_t batch = inputs.inputIds.size(0);
    const int64_t length = inputs.inputIds.size(1);
    const int64_t maxLength = config.text.maxPositionEmbeddings - config.text.padTokenId - 1;
    if (batch < 1 || length < 1 || length > maxLength)
        reader.fail("input_ids", "shape " + shapeText(inputs.inputIds.sizes()) + " needs batch >= 1 and 1.." +
                                     std::to_string(maxLength) + " tokens");
    if (inputs.inputIds.min().item<int64_t>() < 0 || inputs.inputIds.max().item<int64_t>() >= config.text.vocabSize)
        reader.fail("input_ids", "ids must be in [0, " + std::to_string(config.text.vocabSize) + ")");

    inputs.attentionMask = reader.readIds("attention_mask", 2, false);
    if (inputs.attentionMask.defined() && inputs.attentionMask.sizes() != inputs.inputIds.sizes())
        reader.fail("attention_mask", "shape " + shapeText(inputs.attentionMask.sizes()) + " differs from input_ids " +
                                          shapeText(inputs.inputIds.sizes()));

    inputs.pixelValues = reader.read("pixel_values", true);
    if (!inputs.pixelValues.is_floating_point()) reader.fail("pixel_values", "must be F32, F16 or BF16");
    const int64_t size = config.vision.imageSizePx;
    const std::vector<int64_t> expected{batch, config.vision.numChannels, size, size};
    if (inputs.pixelValues.sizes() != at::IntArrayRef(expected))
        reader.fail("pixel_values", "shape " + shapeText(inputs.pixelValues.sizes()) + ", the config needs " +
                                        shapeText(expected));
    inputs.pixelValues = inputs.pixelValues.to(at::kFloat);

    if (head == ModelHead::kItm) {
        inputs.itmLabels = reader.readIds("itm_labels", 1, false);
        if (inputs.itmLabels.defined() &&
            (inputs.itmLabels.size(0) != batch || inputs.itmLabels.min().item<int64_t>() < 0 ||
             inputs.itmLabels.max().item<int64_t>() > 1))
            reader.fail("itm_labels", "must be " + std::to_string(batch) + " labels of 0 or 1");
    }
    return inputs;
}

std::vector<std::string> loadWeights(torch::nn::Module& model, const SafetensorsFile& weights) {
    LoadReport report = loadStateDict(model, weights, LoadMode::kLenient);
    // A checkpoint may carry other heads (HF ignores those keys too); anything the head needs
    // must be there with the right shape.
    std::vector<std::string> ignored = std::move(report.unexpectedKeys);
    report.unexpectedKeys.clear();
    if (!report.clean())
        throw InputError(weights.path().string() + ": does not fit the model:\n" + report.describe());
    return ignored;
}

}  // namespace

ModelForwardResult runModelForward(const ModelForwardRequest& request) {
    const BridgeTowerConfig config = loadBridgeTowerConfig(request.configPath);
    if (request.head == ModelHead::kContrastive) validateForContrastive(config);
    const SafetensorsFile weights(request.weightsPath);
    const SafetensorsFile inputFile(request.inputsPath);
    const ForwardInputs inputs = readInputs(inputFile, config, request.head);

    ModelForwardResult result;
    NamedTensors outputs;
    try {
        torch::NoGradGuard noGrad;
        if (request.head == ModelHead::kContrastive) {
            BridgeTowerForContrastiveLearning model(config);
            result.ignoredWeights = loadWeights(*model, weights);
            model->eval();
            outputs = namedOutputs(model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues,
                                                  {.returnLoss = true, .outputHiddenStates = true}));
        } else {
            BridgeTowerForImageAndTextRetrieval model(config);
            result.ignoredWeights = loadWeights(*model, weights);
            model->eval();
            outputs = namedOutputs(model->forward(inputs.inputIds, inputs.attentionMask, inputs.pixelValues,
                                                  inputs.itmLabels));
        }
    } catch (const c10::Error& error) {
        throw Error(std::string("forward pass failed: ") + error.what_without_backtrace());
    }
    for (auto& [name, tensor] : outputs) {
        tensor = tensor.to(at::kFloat);
        result.outputNames.push_back(name);
    }
    writeSafetensors(request.outputPath, outputs,
                     {{"generator", "bridgebench-cli model forward"},
                      {"head", request.head == ModelHead::kContrastive ? "contrastive" : "itm"}});
    return result;
}

}  // namespace bb
