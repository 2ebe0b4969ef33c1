// The tiny BridgeTower fixture (tests/data/bridgetower-tiny): Hugging Face's inputs, weights and
// outputs, shared by the CPU parity tests and their CUDA counterparts, which hold the same
// outputs to tolerances of their own.
#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <torch/torch.h>

#include <filesystem>
#include <string>
#include <vector>

#include "bridgebench/bridgetower_config.h"
#include "model/forward_outputs.h"
#include "model/safetensors.h"
#include "model/state_dict_io.h"

namespace bb::test {

std::filesystem::path tinyFixtureDir();

struct TinyFixtureInputs {
    at::Tensor inputIds;
    at::Tensor attentionMask;
    at::Tensor pixelValues;
    at::Tensor itmLabels;

    TinyFixtureInputs to(const at::Device& device) const;
};

TinyFixtureInputs tinyFixtureInputs();

// The fixture's checkpoint holds both heads' weights: each head's model must find all its keys
// and leave exactly the other head's.
extern const std::vector<std::string> kTinyItmHeadKeys;
extern const std::vector<std::string> kTinyContrastiveHeadKeys;

template <typename Model>
Model loadTinyFixtureModel(const std::vector<std::string>& otherHeadKeys) {
    Model model(loadBridgeTowerConfig(tinyFixtureDir() / "config.json"));
    const auto report =
        loadStateDict(*model, SafetensorsFile(tinyFixtureDir() / "model.safetensors"), LoadMode::kLenient);
    EXPECT_THAT(report.missingKeys, ::testing::IsEmpty());
    EXPECT_THAT(report.shapeMismatches, ::testing::IsEmpty());
    EXPECT_THAT(report.unexpectedKeys, ::testing::UnorderedElementsAreArray(otherHeadKeys));
    return model;
}

// How far outputs may lie from the fixture: |actual - expected| <= absolute + relative * |expected|
// element by element, plus scaleRelative * (the tensor's largest |expected|), which is how
// reduced precision errs (in proportion to a tensor's range, not to each element).
struct FixtureTolerance {
    double absolute = 0;
    double relative = 0;
    double scaleRelative = 0;
};

// The largest |actual - expected| relative to its tensor's largest |expected|, and that tensor.
struct FixtureDeviation {
    double ofRange = 0;
    std::string tensor;
};

// Every fixture tensor of expectedFile has an output of that name, within the tolerance. Returns
// the worst deviation over all of them, for the test's record of how close the outputs came.
FixtureDeviation expectMatchesFixture(const NamedTensors& outputs, const std::filesystem::path& expectedFile,
                                      const FixtureTolerance& tolerance);

}  // namespace bb::test
