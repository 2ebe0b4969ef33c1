// Device decoding's loader path on a CPU device: workers hand the JPEG files over as read and
// DevicePreparer decodes them (with TurboJPEG here, nvJPEG on CUDA, see
// tests/cuda/nvjpeg_decoder_cuda_test.cpp). The pixels must be those of the path that decodes
// in the workers, and a file that only fails at decoding must cost its sample, nothing else.
#include <gtest/gtest.h>

#include "data/dataset.h"
#include "data/device_preparer.h"
#include "data/image_format.h"
#include "data/loader.h"
#include "data_test_support.h"
#include "engine/loader_batch_source.h"

namespace bb {
namespace {

std::string manifestLine(const std::string& image, const std::string& caption) {
    return "{\"image\": \"" + image + "\", \"caption\": \"" + caption + "\"}\n";
}

LoaderOptions deviceOptions(bool encoded) {
    LoaderOptions options;
    options.batchSize = 4;
    options.imageSizePx = 32;
    options.deviceTransforms = true;
    options.encodedJpegs = encoded;
    options.augment = true;
    options.seed = 5;
    options.shuffle = false;
    options.maxTextLength = 6;
    options.textEncode = [](std::string_view text) {
        return std::vector<std::int64_t>{0, static_cast<std::int64_t>(text.size()), 2};
    };
    return options;
}

class DeviceDecodingTest : public ::testing::Test {
protected:
    // JPEGs in runs of two sizes, and a PNG (when this build reads PNG) in the middle.
    void SetUp() override {
        std::string manifest;
        for (int i = 0; i < 8; ++i) {
            const std::string name = "img" + std::to_string(i) + ".jpg";
            const bool wide = (i / 3) % 2 == 0;
            test::writeJpeg(m_dir.file(name), wide ? 80 : 50, wide ? 60 : 70);
            manifest += manifestLine(name, "caption " + std::string(static_cast<std::size_t>(i), 'x'));
            if (i == 5 && canDecode(ImageFormat::Png)) {
                std::filesystem::copy_file(std::filesystem::path(BB_TEST_DATA_DIR) / "tiny_rgb.png",
                                           m_dir.file("tiny.png"));
                manifest += manifestLine("tiny.png", "png");
                m_withPng = true;
            }
        }
        test::writeText(m_dir.file("m.jsonl"), manifest);
    }

    std::shared_ptr<const Dataset> open() const {
        return std::make_shared<const Dataset>(Dataset::open(m_dir.file("m.jsonl")));
    }

    test::TempDir m_dir;
    bool m_withPng = false;
};

TEST_F(DeviceDecodingTest, JpegFilesTravelAsReadWithThePlansOfTheirDecodedSize) {
    const auto dataset = open();
    Loader decodedInWorkers(dataset, deviceOptions(false));
    Loader asRead(dataset, deviceOptions(true));
    int batches = 0;
    int pngs = 0;
    while (std::optional<Batch> decoded = decodedInWorkers.next()) {
        const std::optional<Batch> encoded = asRead.next();
        ASSERT_TRUE(encoded);
        ASSERT_EQ(encoded->sampleIndices, decoded->sampleIndices);
        EXPECT_EQ(encoded->plans, decoded->plans) << "plans from the headers' size, as from the decoded image";
        EXPECT_TRUE(torch::equal(encoded->inputIds, decoded->inputIds));
        EXPECT_EQ(decoded->encodedImages.size(), 0U);
        EXPECT_EQ(encoded->encodedImages.size() + encoded->rawImages.size(), static_cast<std::size_t>(encoded->size()));
        for (const EncodedImage& image : encoded->encodedImages) {
            const DatasetSample& sample =
                dataset->sample(static_cast<std::size_t>(encoded->sampleIndices[static_cast<std::size_t>(image.slot)]));
            const std::vector<std::uint8_t> file = test::readBytes(sample.imagePath);
            ASSERT_EQ(image.byteCount, static_cast<std::int64_t>(file.size()));
            const std::uint8_t* bytes = encoded->encodedBytes.data_ptr<std::uint8_t>() + image.byteOffset;
            EXPECT_TRUE(std::equal(file.begin(), file.end(), bytes)) << sample.imagePath;
            EXPECT_EQ(sniffImageFormat(file), ImageFormat::Jpeg);
        }
        pngs += static_cast<int>(encoded->rawImages.size());
        ++batches;
    }
    EXPECT_EQ(batches, 2);
    EXPECT_EQ(pngs, m_withPng ? 1 : 0) << "only the PNG is decoded by the loader";
}

TEST_F(DeviceDecodingTest, DecodingOnTheDeviceGivesThePixelsOfDecodingInTheWorkers) {
    const auto dataset = open();
    for (const std::int64_t workers : {0, 2}) {
        LoaderOptions inWorkers = deviceOptions(false);
        LoaderOptions onDevice = deviceOptions(true);
        inWorkers.workers = onDevice.workers = workers;
        Loader decodedInWorkers(dataset, inWorkers);
        Loader asRead(dataset, onDevice);
        DevicePreparer preparer(torch::kCPU);
        int batches = 0;
        while (std::optional<Batch> decoded = decodedInWorkers.next()) {
            const std::optional<Batch> encoded = asRead.next();
            ASSERT_TRUE(encoded);
            const DeviceBatch expected = preparer.prepare(*decoded);
            const DeviceBatch actual = preparer.prepare(*encoded);
            EXPECT_TRUE(actual.skipped.empty());
            ASSERT_EQ(actual.pixelValues.sizes(), expected.pixelValues.sizes());
            // The same TurboJPEG decode and the same tensor ops: bit for bit.
            EXPECT_TRUE(torch::equal(actual.pixelValues, expected.pixelValues)) << "workers " << workers;
            EXPECT_TRUE(torch::equal(actual.inputIds, expected.inputIds));
            EXPECT_EQ(actual.pixelMask.size(0), actual.pixelValues.size(0));
            ++batches;
        }
        EXPECT_EQ(batches, 2) << "workers " << workers;
    }
}

TEST_F(DeviceDecodingTest, AJpegThatFailsOnlyAtDecodingCostsItsSampleAndIsNamed) {
    // Headers intact, scan cut short: the dataset's probe and the loader's header parse pass
    // it, the decode does not.
    const std::filesystem::path cut = m_dir.file("img2.jpg");
    std::vector<std::uint8_t> bytes = test::readBytes(cut);
    bytes.resize(bytes.size() * 2 / 3);
    test::writeBytes(cut, bytes);
    const auto dataset = open();

    Loader asRead(dataset, deviceOptions(true));
    const std::optional<Batch> batch = asRead.next();
    ASSERT_TRUE(batch);
    ASSERT_EQ(batch->size(), 4) << "the loader keeps it: it only read the headers";
    EXPECT_TRUE(batch->skipped.empty());
    DevicePreparer preparer(torch::kCPU);
    const DeviceBatch inputs = preparer.prepare(*batch);
    ASSERT_EQ(inputs.skipped.size(), 1U);
    EXPECT_EQ(dataset->sample(static_cast<std::size_t>(inputs.skipped[0].sampleIndex)).imagePath, cut);
    EXPECT_NE(inputs.skipped[0].reason.find("corrupt JPEG"), std::string::npos) << inputs.skipped[0].reason;
    EXPECT_EQ(inputs.pixelValues.size(0), 3);
    EXPECT_EQ(inputs.pixelMask.size(0), 3);
    // The text rows that stay are those of the samples that stay, in order.
    const torch::Tensor kept = torch::tensor(std::vector<std::int64_t>{0, 1, 3});
    EXPECT_TRUE(torch::equal(inputs.inputIds, batch->inputIds.index_select(0, kept)));
    EXPECT_TRUE(torch::equal(inputs.attentionMask, batch->attentionMask.index_select(0, kept)));

    // The samples that stay have the pixels they have when nothing fails.
    Loader decodedInWorkers(dataset, deviceOptions(false));
    const std::optional<Batch> reference = decodedInWorkers.next();
    ASSERT_TRUE(reference);
    ASSERT_EQ(reference->size(), 3) << "decoding in the workers skips it there";
    EXPECT_TRUE(torch::equal(inputs.pixelValues, preparer.prepare(*reference).pixelValues));
}

TEST_F(DeviceDecodingTest, ATrainingSourceCountsWhatTheDeviceDecoderLeftOut) {
    const std::filesystem::path cut = m_dir.file("img6.jpg");
    std::vector<std::uint8_t> bytes = test::readBytes(cut);
    bytes.resize(bytes.size() / 2);
    test::writeBytes(cut, bytes);
    LoaderOptions options = deviceOptions(true);
    options.epochs = 1;
    LoaderBatchSource source(open(), options, torch::kCPU);
    std::int64_t samples = 0;
    while (source.fetch()) samples += source.prepare().samples();
    source.finish();
    const SkippedSamples skipped = source.skipped();
    ASSERT_EQ(skipped.count, 1);
    ASSERT_EQ(skipped.first.size(), 1U);
    EXPECT_EQ(skipped.first[0].path, cut.string());
    EXPECT_EQ(samples, 7) << "two batches of four, less the one left out";
}

}  // namespace
}  // namespace bb
