// Text summaries in event files: written as torch.utils.tensorboard's add_text writes them and
// read back, since Hugging Face's TensorBoardCallback keeps a run's arguments there.
#include <gtest/gtest.h>

#include <cstring>

#include "bridgebench/tfevents_file.h"
#include "bridgebench/tfevents_writer.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

std::string lengthDelimited(int field, const std::string& bytes) {
    // Every length here is below 128: one varint byte.
    return std::string(1, static_cast<char>(field << 3 | 2)) + std::string(1, static_cast<char>(bytes.size())) + bytes;
}

// The Event add_text("args", text) records, from torch/utils/tensorboard/summary.py's text():
// Summary.Value(tag=tag + "/text_summary", metadata=SummaryMetadata(plugin_data=PluginData(
// plugin_name="text", content=TextPluginData(version=0).SerializeToString())), tensor=TensorProto(
// dtype="DT_STRING", string_val=[text], tensor_shape=[1])), no step, fields in number order.
std::string addTextEvent(double wallTime, const std::string& tag, const std::string& text) {
    std::string event(1, '\x09');  // wall_time, field 1, fixed64
    char bytes[8];
    std::memcpy(bytes, &wallTime, 8);
    event.append(bytes, 8);
    const std::string shape = lengthDelimited(2, std::string("\x08\x01", 2));  // dim { size: 1 }
    const std::string tensor = std::string("\x08\x07", 2) + lengthDelimited(2, shape) + lengthDelimited(8, text);
    const std::string metadata = lengthDelimited(1, lengthDelimited(1, "text"));  // content b"" is not written
    const std::string value = lengthDelimited(1, tag + "/text_summary") + lengthDelimited(8, tensor) +
                              lengthDelimited(9, metadata);
    return event + lengthDelimited(5, lengthDelimited(1, value));
}

// The payload of the index-th record of an events file (0 is the file_version record).
std::string recordPayload(const std::string& file, int index) {
    std::size_t offset = 0;
    for (int record = 0;; ++record) {
        std::uint64_t length = 0;
        std::memcpy(&length, file.data() + offset, 8);
        if (record == index) return file.substr(offset + 12, length);
        offset += 12 + length + 4;
    }
}

TEST(TfEventsText, WritesTheBytesAddTextWrites) {
    const test::TempDir dir;
    const auto path = dir.path() / "events.out.tfevents.1700000000.test";
    const std::string args = R"({"per_device_train_batch_size": 48})";
    {
        TfEventsWriter writer(path, 1700000000.0);
        writer.writeText({"args", 0, 1700000000.5, args});
    }
    EXPECT_EQ(recordPayload(test::readFileBytes(path), 1), addTextEvent(1700000000.5, "args", args));
}

TEST(TfEventsText, ReadsTextSummariesBackAndLeavesThemOutOfTheScalars) {
    const test::TempDir dir;
    const auto path = dir.path() / "events.out.tfevents.1700000000.test";
    {
        TfEventsWriter writer(path, 1700000000.0);
        writer.writeText({"args", 0, 1700000000.5, "{\"bf16\": true}"});
        writer.write({"train/loss", 10, 1700000001.0, 0.5});
        writer.writeText({"model_config", 7, 1700000002.0, "caf\xc3\xa9"});
    }
    const TfEventsFile file = readTfEventsFile(path);
    ASSERT_EQ(file.texts.size(), 2U);
    EXPECT_EQ(file.texts[0], (TextEvent{"args/text_summary", 0, 1700000000.5, "{\"bf16\": true}"}));
    EXPECT_EQ(file.texts[1], (TextEvent{"model_config/text_summary", 7, 1700000002.0, "caf\xc3\xa9"}));
    ASSERT_EQ(file.scalars.size(), 1U);
    EXPECT_EQ(file.scalars[0].tag, "train/loss");
    EXPECT_TRUE(file.warnings.empty());
}

}  // namespace
}  // namespace bb
