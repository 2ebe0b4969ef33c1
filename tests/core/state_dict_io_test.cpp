#include "model/state_dict_io.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <torch/torch.h>

#include "bridgebench/errors.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

struct TwoLayerImpl : torch::nn::Module {
    TwoLayerImpl() {
        first = register_module("first", torch::nn::Linear(3, 4));
        second = register_module("second", torch::nn::Linear(4, 2));
    }
    torch::nn::Linear first{nullptr};
    torch::nn::Linear second{nullptr};
};
TORCH_MODULE(TwoLayer);

TEST(StateDictIo, SaveThenStrictLoadRestoresEveryParameter) {
    test::TempDir dir;
    TwoLayer source;
    saveStateDict(*source, dir.file("w.safetensors"));
    TwoLayer target;
    const auto report = loadStateDict(*target, SafetensorsFile(dir.file("w.safetensors")));
    EXPECT_TRUE(report.clean());
    EXPECT_TRUE(at::equal(target->first->weight, source->first->weight));
    EXPECT_TRUE(at::equal(target->second->bias, source->second->bias));
    EXPECT_TRUE(target->first->weight.requires_grad());
}

TEST(StateDictIo, StrictLoadListsEveryProblemAndChangesNothing) {
    test::TempDir dir;
    const auto path = dir.file("bad.safetensors");
    writeSafetensors(path, {{"first.weight", at::zeros({4, 3})},
                            {"first.bias", at::zeros({5})},
                            {"extra", at::zeros({1})}});
    TwoLayer target;
    const at::Tensor before = target->first->weight.clone();
    try {
        loadStateDict(*target, SafetensorsFile(path));
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        const std::string message = error.what();
        EXPECT_THAT(message, HasSubstr(path.string()));
        EXPECT_THAT(message, HasSubstr("missing key: second.weight"));
        EXPECT_THAT(message, HasSubstr("missing key: second.bias"));
        EXPECT_THAT(message, HasSubstr("unexpected key: extra"));
        EXPECT_THAT(message, HasSubstr("shape mismatch: first.bias: model [4], file [5]"));
    }
    EXPECT_TRUE(at::equal(target->first->weight, before));
}

TEST(StateDictIo, LenientLoadFillsMatchesAndReportsTheRest) {
    test::TempDir dir;
    const auto path = dir.file("partial.safetensors");
    writeSafetensors(path, {{"first.weight", at::full({4, 3}, 7.0)},
                            {"first.bias", at::zeros({5})},
                            {"extra", at::zeros({1})}});
    TwoLayer target;
    const auto report = loadStateDict(*target, SafetensorsFile(path), LoadMode::kLenient);
    EXPECT_THAT(report.missingKeys, ElementsAre("second.weight", "second.bias"));
    EXPECT_THAT(report.unexpectedKeys, ElementsAre("extra"));
    ASSERT_EQ(report.shapeMismatches.size(), 1u);
    EXPECT_EQ(report.shapeMismatches[0].name, "first.bias");
    EXPECT_THAT(report.nonFloatKeys, IsEmpty());
    EXPECT_FALSE(report.clean());
    EXPECT_TRUE(at::equal(target->first->weight, at::full({4, 3}, 7.0)));
}

TEST(StateDictIo, HalfPrecisionFilesConvertIntoFloatParameters) {
    test::TempDir dir;
    const auto path = dir.file("half.safetensors");
    TwoLayer source;
    writeSafetensors(path, {{"first.weight", source->first->weight.to(at::kHalf)},
                            {"first.bias", source->first->bias.to(at::kBFloat16)},
                            {"second.weight", source->second->weight.to(at::kHalf)},
                            {"second.bias", source->second->bias.to(at::kHalf)}});
    TwoLayer target;
    loadStateDict(*target, SafetensorsFile(path));
    EXPECT_EQ(target->first->weight.scalar_type(), at::kFloat);
    EXPECT_TRUE(at::allclose(target->first->weight, source->first->weight, 0, 1e-3));
    EXPECT_TRUE(at::allclose(target->first->bias, source->first->bias, 0, 1e-2));
}

TEST(StateDictIo, IntegerTensorForFloatParameterIsReported) {
    test::TempDir dir;
    const auto path = dir.file("int.safetensors");
    TwoLayer source;
    writeSafetensors(path, {{"first.weight", at::zeros({4, 3}, at::kLong)},
                            {"first.bias", source->first->bias},
                            {"second.weight", source->second->weight},
                            {"second.bias", source->second->bias}});
    TwoLayer target;
    EXPECT_THAT(loadStateDict(*target, SafetensorsFile(path), LoadMode::kLenient).nonFloatKeys,
                ElementsAre("first.weight"));
    EXPECT_THROW(loadStateDict(*target, SafetensorsFile(path)), InputError);
}

}  // namespace
}  // namespace bb
