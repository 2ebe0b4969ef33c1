// Reading TensorBoard event files (events.out.tfevents.*): the scalars in them, in file order,
// from each of the three encodings in use: `simple_value` (TF1, PyTorch's SummaryWriter), a
// tensor's `float_val`/`double_val` (TF2 Python, PyTorch new-style), and a tensor's raw
// `tensor_content` (TF2's C++ writer).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "bridgebench/scalar_event.h"
#include "bridgebench/text_event.h"

namespace bb {

struct TfEventsFile {
    std::filesystem::path path;
    std::string fileVersion;  // "brain.Event:2"; empty when no record names one
    std::vector<ScalarEvent> scalars;
    // Values of the text plugin (Hugging Face's TensorBoardCallback writes its TrainingArguments
    // as "args/text_summary" and the model's config.json as "model_config/text_summary").
    std::vector<TextEvent> texts;
    std::size_t recordsRead = 0;  // complete records, CRCs checked
    std::uint64_t bytesRead = 0;  // up to the end of the last complete record
    // The file ends inside a record (TensorBoard's writer was still at work, or the copy was cut):
    // the complete records before it were read and `bytesRead` says where the tail starts.
    bool partialTail = false;
    // A Git LFS pointer in place of the file (a clone without git-lfs): nothing was read, and
    // `warnings` says so.
    bool gitLfsPointer = false;
    // Values that claimed to be scalars but could not be read, and the partial tail, in words.
    std::vector<std::string> warnings;
};

// Throws InputError naming the file and the byte offset of the record at fault for a CRC that
// does not match or a record that is not an Event protobuf; and naming the file when it cannot
// be read. Values of other plugins (histograms, images, hparams) are passed over.
TfEventsFile readTfEventsFile(const std::filesystem::path& path);
// The same for a file's bytes in memory; messages and `path` name it `name`.
TfEventsFile parseTfEventsFile(std::string bytes, const std::filesystem::path& name);

// `path` itself when it is a file; otherwise every file under it (recursively) whose name
// contains "tfevents", as TensorBoard picks them, sorted by path.
std::vector<TfEventsFile> readTfEvents(const std::filesystem::path& path);

}  // namespace bb
