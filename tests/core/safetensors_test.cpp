#include "model/safetensors.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "bridgebench/errors.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

// Writes a file by hand: 8-byte header length, `header`, then `dataBytes` bytes of data.
std::filesystem::path writeRaw(const test::TempDir& dir, const std::string& header, std::size_t dataBytes,
                               std::size_t declaredHeaderBytes = 0) {
    const auto path = dir.file("raw.safetensors");
    std::ofstream stream(path, std::ios::binary);
    const uint64_t length = declaredHeaderBytes ? declaredHeaderBytes : header.size();
    stream.write(reinterpret_cast<const char*>(&length), sizeof length);
    stream << header;
    const std::string data(dataBytes, '\x01');
    stream << data;
    return path;
}

// The InputError message of opening `path`, or "" if it opened.
std::string openError(const std::filesystem::path& path) {
    try {
        SafetensorsFile file(path);
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

TEST(Safetensors, RoundTripKeepsDtypesShapesValuesAndMetadata) {
    test::TempDir dir;
    const auto path = dir.file("round.safetensors");
    const at::Tensor f32 = at::randn({3, 4});
    const at::Tensor f16 = at::randn({5}).to(at::kHalf);
    const at::Tensor bf16 = at::randn({2, 2, 2}).to(at::kBFloat16);
    const at::Tensor i64 = at::arange(6, at::kLong).view({2, 3});
    const at::Tensor scalar = at::scalar_tensor(2.5f);
    const at::Tensor empty = at::empty({0, 7});
    const at::Tensor strided = at::randn({4, 6}).t();  // non-contiguous input
    writeSafetensors(path,
                     {{"w.f32", f32}, {"w.f16", f16}, {"w.bf16", bf16}, {"ids", i64}, {"scale", scalar},
                      {"nothing", empty}, {"transposed", strided}},
                     {{"format", "pt"}, {"note", "test"}});

    SafetensorsFile file(path);
    EXPECT_EQ(file.entries().size(), 7u);
    EXPECT_EQ(file.metadata().at("format"), "pt");
    EXPECT_EQ(file.metadata().at("note"), "test");
    EXPECT_TRUE(at::equal(file.tensor("w.f32"), f32));
    EXPECT_EQ(file.tensor("w.f16").scalar_type(), at::kHalf);
    EXPECT_TRUE(at::equal(file.tensor("w.f16"), f16));
    EXPECT_EQ(file.tensor("w.bf16").scalar_type(), at::kBFloat16);
    EXPECT_TRUE(at::equal(file.tensor("w.bf16"), bf16));
    EXPECT_TRUE(at::equal(file.tensor("ids"), i64));
    EXPECT_EQ(file.tensor("scale").dim(), 0);
    EXPECT_FLOAT_EQ(file.tensor("scale").item<float>(), 2.5f);
    EXPECT_EQ(file.tensor("nothing").sizes(), empty.sizes());
    EXPECT_TRUE(at::equal(file.tensor("transposed"), strided));
    EXPECT_TRUE(at::equal(file.view(*file.find("w.f32")), f32));
    EXPECT_EQ(file.find("absent"), nullptr);
}

TEST(Safetensors, WrittenHeaderIsPaddedSoDataStartsAligned) {
    test::TempDir dir;
    const auto path = dir.file("aligned.safetensors");
    writeSafetensors(path, {{"a", at::ones({3})}});
    std::ifstream stream(path, std::ios::binary);
    uint64_t headerBytes = 0;
    stream.read(reinterpret_cast<char*>(&headerBytes), sizeof headerBytes);
    EXPECT_EQ(headerBytes % 8, 0u);
    EXPECT_EQ(std::filesystem::file_size(path), 8 + headerBytes + 12);
}

TEST(Safetensors, ReadsTheHuggingFaceFixture) {
    SafetensorsFile file(std::filesystem::path(BB_TEST_DATA_DIR) / "bridgetower-tiny" / "inputs.safetensors");
    const at::Tensor ids = file.tensor("input_ids");
    EXPECT_EQ(ids.sizes(), at::IntArrayRef({3, 12}));
    EXPECT_EQ(ids[2][5].item<int64_t>(), 2);  // </s> of the 6-token row
    EXPECT_EQ(file.tensor("pixel_values").sizes(), at::IntArrayRef({3, 3, 32, 32}));
    EXPECT_EQ(file.metadata().at("transformers"), "4.35.2");
}

TEST(Safetensors, MissingTensorNamesFileAndTensor) {
    test::TempDir dir;
    const auto path = dir.file("one.safetensors");
    writeSafetensors(path, {{"a", at::ones({1})}});
    SafetensorsFile file(path);
    try {
        file.tensor("b");
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        EXPECT_THAT(error.what(), HasSubstr(path.string()));
        EXPECT_THAT(error.what(), HasSubstr("'b'"));
    }
}

TEST(Safetensors, RejectsFileShorterThanTheLengthField) {
    test::TempDir dir;
    const auto path = dir.file("short.safetensors");
    std::ofstream(path, std::ios::binary) << "abc";
    const auto message = openError(path);
    EXPECT_THAT(message, HasSubstr(path.string()));
    EXPECT_THAT(message, HasSubstr("truncated"));
}

TEST(Safetensors, RejectsEmptyFile) {
    test::TempDir dir;
    const auto path = dir.file("empty.safetensors");
    std::ofstream(path, std::ios::binary).flush();
    EXPECT_THAT(openError(path), HasSubstr("truncated"));
}

TEST(Safetensors, RejectsHeaderLengthBeyondTheFile) {
    test::TempDir dir;
    const auto path = writeRaw(dir, "{}", 0, /*declaredHeaderBytes=*/4096);
    EXPECT_THAT(openError(path), HasSubstr("header length 4096 exceeds"));
}

TEST(Safetensors, RejectsHugeHeaderLengthWithoutAllocating) {
    test::TempDir dir;
    const auto path = writeRaw(dir, "{}", 0, /*declaredHeaderBytes=*/~std::size_t{0});
    EXPECT_THAT(openError(path), HasSubstr("exceeds"));
}

TEST(Safetensors, RejectsHeaderThatIsNotJson) {
    test::TempDir dir;
    const auto path = writeRaw(dir, "{\"a\": {\"dtype\": \"F32\",", 0);
    const auto message = openError(path);
    EXPECT_THAT(message, HasSubstr(path.string()));
    EXPECT_THAT(message, HasSubstr("not valid JSON"));
}

TEST(Safetensors, RejectsHeaderThatIsNotAnObject) {
    test::TempDir dir;
    EXPECT_THAT(openError(writeRaw(dir, "[1, 2]  ", 0)), HasSubstr("not a JSON object"));
}

TEST(Safetensors, RejectsUnknownDtypeNamingTheTensor) {
    test::TempDir dir;
    const auto path = writeRaw(dir, R"({"weird": {"dtype": "F64", "shape": [1], "data_offsets": [0, 8]}})", 8);
    const auto message = openError(path);
    EXPECT_THAT(message, HasSubstr(path.string()));
    EXPECT_THAT(message, HasSubstr("'weird'"));
    EXPECT_THAT(message, HasSubstr("F64"));
}

TEST(Safetensors, RejectsShapeThatDisagreesWithByteCount) {
    test::TempDir dir;
    const auto path = writeRaw(dir, R"({"w": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 20]}})", 20);
    const auto message = openError(path);
    EXPECT_THAT(message, HasSubstr("'w'"));
    EXPECT_THAT(message, HasSubstr("needs 24 bytes"));
}

TEST(Safetensors, RejectsOffsetsPastTheDataSection) {
    test::TempDir dir;
    const auto path = writeRaw(dir, R"({"w": {"dtype": "F32", "shape": [4], "data_offsets": [8, 24]}})", 16);
    const auto message = openError(path);
    EXPECT_THAT(message, HasSubstr("'w'"));
    EXPECT_THAT(message, HasSubstr("exceed the data section of 16 bytes"));
}

TEST(Safetensors, RejectsDataTruncatedAfterAValidHeader) {
    test::TempDir dir;
    const auto full = dir.file("full.safetensors");
    writeSafetensors(full, {{"a", at::ones({16})}, {"b", at::ones({16})}});
    const auto size = std::filesystem::file_size(full);
    std::filesystem::resize_file(full, size - 10);
    const auto message = openError(full);
    EXPECT_THAT(message, HasSubstr("'b'"));
    EXPECT_THAT(message, HasSubstr("truncated"));
}

TEST(Safetensors, RejectsOverlappingTensorsNamingBoth) {
    test::TempDir dir;
    const auto path = writeRaw(dir,
                               R"({"a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]},)"
                               R"( "b": {"dtype": "F32", "shape": [2], "data_offsets": [8, 16]}})",
                               16);
    const auto message = openError(path);
    EXPECT_THAT(message, HasSubstr("overlaps"));
    EXPECT_THAT(message, HasSubstr("'a'"));
    EXPECT_THAT(message, HasSubstr("'b'"));
}

TEST(Safetensors, RejectsOffsetsThatEndBeforeTheyBegin) {
    test::TempDir dir;
    const auto path = writeRaw(dir, R"({"w": {"dtype": "F32", "shape": [0], "data_offsets": [8, 4]}})", 16);
    EXPECT_THAT(openError(path), HasSubstr("end before they begin"));
}

TEST(Safetensors, RejectsMalformedEntryFields) {
    test::TempDir dir;
    const std::pair<const char*, const char*> cases[] = {
        {R"({"w": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 4]}})", "negative"},
        {R"({"w": {"dtype": "F32", "shape": [1.5], "data_offsets": [0, 4]}})", "non-integer"},
        {R"({"w": {"dtype": "F32", "shape": 4, "data_offsets": [0, 16]}})", "\"shape\""},
        {R"({"w": {"dtype": "F32", "shape": [1], "data_offsets": [0]}})", "data_offsets"},
        {R"({"w": {"dtype": "F32", "shape": [1], "data_offsets": [-4, 0]}})", "data_offsets"},
        {R"({"w": {"shape": [1], "data_offsets": [0, 4]}})", "\"dtype\""},
        {R"({"w": [1, 2]})", "not an object"},
        {R"({"w": {"dtype": "F32", "shape": [4294967296, 4294967296, 4294967296], "data_offsets": [0, 4]}})",
         "overflows"},
        {R"({"__metadata__": {"a": 1}})", "__metadata__"},
    };
    for (const auto& [header, expected] : cases) {
        const auto message = openError(writeRaw(dir, header, 16));
        EXPECT_THAT(message, HasSubstr(expected)) << header;
        EXPECT_THAT(message, HasSubstr("raw.safetensors")) << header;
    }
}

TEST(Safetensors, OpeningMissingFileIsAnInputError) {
    test::TempDir dir;
    EXPECT_THAT(openError(dir.file("absent.safetensors")), HasSubstr("cannot open"));
}

TEST(Safetensors, WriterRefusesUnsupportedDtypeAndDuplicateNames) {
    test::TempDir dir;
    EXPECT_THROW(writeSafetensors(dir.file("x.safetensors"), {{"d", at::ones({2}, at::kDouble)}}),
                 std::invalid_argument);
    EXPECT_THROW(writeSafetensors(dir.file("x.safetensors"), {{"a", at::ones({2})}, {"a", at::ones({2})}}),
                 std::invalid_argument);
    EXPECT_THROW(writeSafetensors(dir.file("x.safetensors"), {{"__metadata__", at::ones({2})}}),
                 std::invalid_argument);
}

TEST(Safetensors, WriterReportsUnwritablePath) {
    test::TempDir dir;
    EXPECT_THROW(writeSafetensors(dir.file("no/such/dir/x.safetensors"), {{"a", at::ones({2})}}), InputError);
}

}  // namespace
}  // namespace bb
