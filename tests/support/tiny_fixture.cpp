#include "support/tiny_fixture.h"

#include <set>

namespace bb::test {

std::filesystem::path tinyFixtureDir() { return std::filesystem::path(BB_TEST_DATA_DIR) / "bridgetower-tiny"; }

TinyFixtureInputs TinyFixtureInputs::to(const at::Device& device) const {
    return {inputIds.to(device), attentionMask.to(device), pixelValues.to(device), itmLabels.to(device)};
}

TinyFixtureInputs tinyFixtureInputs() {
    const SafetensorsFile file(tinyFixtureDir() / "inputs.safetensors");
    return {file.tensor("input_ids"), file.tensor("attention_mask"), file.tensor("pixel_values"),
            file.tensor("itm_labels")};
}

const std::vector<std::string> kTinyItmHeadKeys = {"itm_score.fc.weight", "itm_score.fc.bias"};
const std::vector<std::string> kTinyContrastiveHeadKeys = {
    "itc_text_head.fc.weight",       "itc_text_head.fc.bias",        "itc_image_head.fc.weight",
    "itc_image_head.fc.bias",        "itc_cross_modal_head.fc.weight", "itc_cross_modal_head.fc.bias",
    "logit_scale"};

FixtureDeviation expectMatchesFixture(const NamedTensors& outputs, const std::filesystem::path& expectedFile,
                                      const FixtureTolerance& tolerance) {
    const SafetensorsFile expected(expectedFile);
    std::set<std::string> produced;
    FixtureDeviation worst;
    for (const auto& [name, tensor] : outputs) {
        produced.insert(name);
        if (!expected.find(name)) continue;
        const at::Tensor e = expected.tensor(name).to(at::kDouble);
        const at::Tensor a = tensor.detach().to(at::kCPU).to(at::kDouble);
        EXPECT_EQ(a.sizes(), e.sizes()) << name;
        if (a.sizes() != e.sizes()) continue;
        const double scale = e.numel() == 0 ? 0.0 : e.abs().max().item<double>();
        const at::Tensor diff = (a - e).abs();
        const double maxDiff = diff.numel() == 0 ? 0.0 : diff.max().item<double>();
        const at::Tensor excess =
            diff - (tolerance.absolute + tolerance.scaleRelative * scale + tolerance.relative * e.abs());
        if (excess.numel() > 0) {
            EXPECT_LE(excess.max().item<double>(), 0.0)
                << name << ": max |diff| " << maxDiff << " where its largest |value| is " << scale;
        }
        if (scale > 0 && maxDiff / scale > worst.ofRange) worst = {maxDiff / scale, name};
    }
    for (const auto& entry : expected.entries())
        EXPECT_TRUE(produced.contains(entry.name)) << "no output for fixture tensor " << entry.name;
    return worst;
}

}  // namespace bb::test
