#include "data/device_preparer.h"

#include <gtest/gtest.h>

#include "data/dataset.h"
#include "data/loader.h"
#include "data_test_support.h"

namespace bb {
namespace {

// |host - device| in 8-bit levels, per element.
torch::Tensor levelDifference(const torch::Tensor& host, const torch::Tensor& device) {
    const torch::Tensor std = torch::tensor({kClipStd[0], kClipStd[1], kClipStd[2]}).view({1, 3, 1, 1});
    return (host - device).abs() * std * 255.0;
}

void expectSamePixels(const std::shared_ptr<const Dataset>& dataset, Interpolation interpolation, bool augment) {
    LoaderOptions options;
    options.batchSize = 4;
    options.imageSizePx = 32;
    options.interpolation = interpolation;
    options.augment = augment;
    options.seed = 9;
    LoaderOptions onDevice = options;
    onDevice.deviceTransforms = true;
    Loader hostLoader(dataset, options);
    Loader deviceLoader(dataset, onDevice);
    DevicePreparer preparer(torch::kCPU);
    int batches = 0;
    while (std::optional<Batch> host = hostLoader.next()) {
        std::optional<Batch> device = deviceLoader.next();
        ASSERT_TRUE(device);
        ASSERT_EQ(host->sampleIndices, device->sampleIndices);
        const DeviceBatch fromHost = preparer.prepare(*host);
        const DeviceBatch fromDevice = preparer.prepare(*device);
        ASSERT_EQ(fromDevice.pixelValues.sizes(), fromHost.pixelValues.sizes());
        const torch::Tensor levels = levelDifference(fromHost.pixelValues, fromDevice.pixelValues);
        // OpenCV's 8-bit resize quantises its weights to 11 bits, the tensor path works in
        // float: one level at most, on about one pixel in eight (none at exact 2:1 scales).
        EXPECT_LE(levels.max().item<double>(), 1.01) << toString(interpolation) << " augment " << augment;
        EXPECT_LT(levels.mean().item<double>(), 0.15) << toString(interpolation) << " augment " << augment;
        ++batches;
    }
    EXPECT_GT(batches, 0);
}

class DevicePreparerTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_dir = new test::TempDir();
        test::makeSyntheticSet(s_dir->path(), 12, 96, 64);
        s_dataset = std::make_shared<const Dataset>(Dataset::open(s_dir->path()));
    }
    static void TearDownTestSuite() {
        s_dataset.reset();
        delete s_dir;
    }
    static inline test::TempDir* s_dir = nullptr;
    static inline std::shared_ptr<const Dataset> s_dataset;
};

TEST_F(DevicePreparerTest, DeviceAndHostPathsGiveTheSamePixelsBilinear) {
    expectSamePixels(s_dataset, Interpolation::Bilinear, false);
}

TEST_F(DevicePreparerTest, DeviceAndHostPathsGiveTheSamePixelsBicubic) {
    expectSamePixels(s_dataset, Interpolation::Bicubic, false);
}

TEST_F(DevicePreparerTest, DeviceAndHostPathsGiveTheSamePixelsWithAugmentation) {
    expectSamePixels(s_dataset, Interpolation::Bilinear, true);
}

TEST(DevicePreparer, GroupsImagesOfDifferentSizesCorrectly) {
    test::TempDir dir;
    std::string manifest;
    for (int i = 0; i < 10; ++i) {
        const std::string name = "img" + std::to_string(i) + ".jpg";
        // Runs of equal sizes and single ones, landscape and portrait.
        const bool wide = (i / 3) % 2 == 0;
        test::writeJpeg(dir.file(name), wide ? 80 : 50, wide ? 60 : 70);
        manifest += "{\"image\": \"" + name + "\", \"caption\": \"c\"}\n";
    }
    test::writeText(dir.file("m.jsonl"), manifest);
    const auto dataset = std::make_shared<const Dataset>(Dataset::open(dir.file("m.jsonl")));
    expectSamePixels(dataset, Interpolation::Bilinear, false);
}

TEST_F(DevicePreparerTest, BuildsThePixelMaskAndPassesTextThrough) {
    LoaderOptions options;
    options.batchSize = 3;
    options.imageSizePx = 24;
    options.deviceTransforms = true;
    options.maxTextLength = 5;
    options.textEncode = [](std::string_view text) { return std::vector<std::int64_t>{0, static_cast<std::int64_t>(text.size()), 2}; };
    Loader loader(s_dataset, options);
    DevicePreparer preparer(torch::kCPU);
    const std::optional<Batch> batch = loader.next();
    ASSERT_TRUE(batch);
    const DeviceBatch inputs = preparer.prepare(*batch);
    EXPECT_EQ(inputs.pixelValues.sizes(), (std::vector<std::int64_t>{3, 3, 24, 24}));
    EXPECT_EQ(inputs.pixelValues.scalar_type(), torch::kFloat);
    EXPECT_EQ(inputs.pixelMask.sizes(), (std::vector<std::int64_t>{3, 24, 24}));
    EXPECT_EQ(inputs.pixelMask.scalar_type(), torch::kLong);
    EXPECT_EQ(inputs.pixelMask.sum().item<std::int64_t>(), 3 * 24 * 24);
    EXPECT_TRUE(torch::equal(inputs.inputIds, batch->inputIds));
    EXPECT_TRUE(torch::equal(inputs.attentionMask, batch->attentionMask));
}

}  // namespace
}  // namespace bb
