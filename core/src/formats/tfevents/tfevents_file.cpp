#include "bridgebench/tfevents_file.h"

#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "formats/tfevents/lfs_pointer.h"
#include "formats/tfevents/tensor_scalar.h"
#include "formats/tfevents/tfrecord_reader.h"
#include "tfevents/event.pb.h"

namespace bb {
namespace {

constexpr std::string_view kScalarsPlugin = "scalars";
constexpr std::string_view kTextPlugin = "text";

class ScalarCollector {
public:
    explicit ScalarCollector(TfEventsFile& file) : m_file(file) {}

    void add(const tfevents::Event& event, std::uint64_t recordOffset) {
        for (const tfevents::Summary::Value& value : event.summary().value()) {
            // Writers keep the plugin on the first value of a tag only; later values inherit it.
            if (value.has_metadata()) {
                m_pluginOfTag[value.tag()] = value.metadata().plugin_data().plugin_name();
            }
            if (value.value_case() == tfevents::Summary::Value::kSimpleValue) {
                push(event, value.tag(), value.simple_value());
            } else if (value.value_case() == tfevents::Summary::Value::kTensor) {
                addTensor(event, value, recordOffset);
            }
        }
    }

private:
    void addTensor(const tfevents::Event& event, const tfevents::Summary::Value& value, std::uint64_t recordOffset) {
        const auto plugin = m_pluginOfTag.find(value.tag());
        const bool claimsScalar = plugin != m_pluginOfTag.end() && plugin->second == kScalarsPlugin;
        const bool hasNoPlugin = plugin == m_pluginOfTag.end() || plugin->second.empty();
        if (plugin != m_pluginOfTag.end() && plugin->second == kTextPlugin) {
            // The text plugin shows the first element; a string tensor of none holds no text.
            if (value.tensor().string_val_size() > 0)
                m_file.texts.push_back({value.tag(), event.step(), event.wall_time(), value.tensor().string_val(0)});
            return;
        }
        if (!claimsScalar && !hasNoPlugin) {
            return;  // a histogram, image, text or hparams value
        }
        const tfevents::TensorScalar scalar = tfevents::scalarOfTensor(value.tensor());
        if (scalar.value) {
            push(event, value.tag(), *scalar.value);
        } else if (claimsScalar) {
            m_file.warnings.push_back(fmt::format("byte offset {}: scalar \"{}\" at step {} skipped: {}", recordOffset,
                                                  value.tag(), event.step(), scalar.problem));
        }
    }

    void push(const tfevents::Event& event, const std::string& tag, double value) {
        m_file.scalars.push_back({tag, event.step(), event.wall_time(), value});
    }

    TfEventsFile& m_file;
    std::unordered_map<std::string, std::string> m_pluginOfTag;
};

TfEventsFile readEvents(tfevents::TfRecordReader& reader, const std::filesystem::path& path) {
    TfEventsFile file;
    file.path = path;
    ScalarCollector collector(file);
    std::string data;
    tfevents::Event event;
    for (;;) {
        const tfevents::TfRecordReader::Result result = reader.next(data);
        if (result == tfevents::TfRecordReader::Result::End) {
            break;
        }
        if (result == tfevents::TfRecordReader::Result::PartialTail) {
            file.partialTail = true;
            file.warnings.push_back(
                fmt::format("byte offset {}: the file ends inside a record (still being written?); "
                            "the {} complete records before it were read",
                            reader.recordOffset(), file.recordsRead));
            break;
        }
        ++file.recordsRead;
        if (!event.ParseFromString(data)) {
            throw InputError(
                fmt::format("{}: byte offset {}: the record ({} bytes) is not a TensorBoard Event protobuf",
                            path.string(), reader.recordOffset(), data.size()));
        }
        if (event.what_case() == tfevents::Event::kFileVersion) {
            if (file.fileVersion.empty()) {
                file.fileVersion = event.file_version();
            }
        } else if (event.what_case() == tfevents::Event::kSummary) {
            collector.add(event, reader.recordOffset());
        }
    }
    file.bytesRead = reader.offset();
    return file;
}

}  // namespace

TfEventsFile readTfEventsFile(const std::filesystem::path& path) {
    if (const auto pointer = tfevents::gitLfsPointer(path)) throw InputError(path.string() + ": " + *pointer);
    tfevents::TfRecordReader reader(path);
    return readEvents(reader, path);
}

TfEventsFile parseTfEventsFile(std::string bytes, const std::filesystem::path& name) {
    tfevents::TfRecordReader reader(std::move(bytes), name.string());
    return readEvents(reader, name);
}

std::vector<TfEventsFile> readTfEvents(const std::filesystem::path& path) {
    std::error_code error;
    if (!std::filesystem::is_directory(path, error)) {
        return {readTfEventsFile(path)};
    }
    std::vector<std::filesystem::path> paths;
    for (std::filesystem::recursive_directory_iterator it(path, error), end; !error && it != end; it.increment(error)) {
        if (it->is_regular_file() && it->path().filename().string().find("tfevents") != std::string::npos) {
            paths.push_back(it->path());
        }
    }
    if (error) {
        throw InputError(path.string() + ": cannot list the folder: " + error.message());
    }
    std::sort(paths.begin(), paths.end());
    std::vector<TfEventsFile> files;
    files.reserve(paths.size());
    for (const std::filesystem::path& file : paths) {
        // In a folder, a file a clone left behind as an LFS pointer is said, and the others read;
        // named alone, it is refused (readTfEventsFile).
        if (const auto pointer = tfevents::gitLfsPointer(file)) {
            TfEventsFile skipped;
            skipped.path = file;
            skipped.gitLfsPointer = true;
            skipped.warnings.push_back(*pointer + "; its scalars are not imported");
            files.push_back(std::move(skipped));
            continue;
        }
        files.push_back(readTfEventsFile(file));
    }
    return files;
}

}  // namespace bb
