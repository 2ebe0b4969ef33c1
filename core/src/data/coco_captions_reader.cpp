#include "data/coco_captions_reader.h"

#include <fstream>
#include <iterator>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "util/json_text.h"

namespace bb {

namespace {

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& where, const std::string& what) {
    throw InputError(file.string() + ": " + where + ": " + what);
}

const nlohmann::json& member(const nlohmann::json& object, const char* key, const std::filesystem::path& file,
                             const std::string& where) {
    if (!object.is_object()) {
        fail(file, where, "expected an object");
    }
    const auto found = object.find(key);
    if (found == object.end()) {
        fail(file, where, "missing \"" + std::string(key) + "\"");
    }
    return *found;
}

std::int64_t integerMember(const nlohmann::json& object, const char* key, const std::filesystem::path& file,
                           const std::string& where) {
    const nlohmann::json& value = member(object, key, file, where);
    if (!value.is_number_integer()) {
        fail(file, where + "." + key, "expected an integer");
    }
    return value.get<std::int64_t>();
}

const std::string& stringMember(const nlohmann::json& object, const char* key, const std::filesystem::path& file,
                                const std::string& where) {
    const nlohmann::json& value = member(object, key, file, where);
    if (!value.is_string()) {
        fail(file, where + "." + key, "expected a string");
    }
    return value.get_ref<const std::string&>();
}

const nlohmann::json& arrayMember(const nlohmann::json& object, const char* key, const std::filesystem::path& file) {
    // Named, not a temporary: GCC 14's -Wdangling-reference takes a reference returned from a
    // call with a temporary argument for a dangling one, though `value` refers into `object`.
    const std::string where = "top level";
    const nlohmann::json& value = member(object, key, file, where);
    if (!value.is_array()) {
        fail(file, key, "expected an array");
    }
    return value;
}

}  // namespace

std::filesystem::path defaultCocoImageDir(const std::filesystem::path& annotations) {
    const std::filesystem::path folder = annotations.parent_path();
    const std::string stem = annotations.stem().string();
    constexpr std::string_view kPrefix = "captions_";
    if (folder.filename() == "annotations" && stem.starts_with(kPrefix) && stem.size() > kPrefix.size()) {
        return folder.parent_path() / stem.substr(kPrefix.size());
    }
    return folder;
}

std::vector<DatasetSample> readCocoCaptions(const std::filesystem::path& annotations,
                                            const std::filesystem::path& imageDir) {
    std::ifstream stream(annotations, std::ios::binary);
    if (!stream) {
        throw InputError(annotations.string() + ": cannot open the COCO captions file");
    }
    const std::string text{std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
    return parseCocoCaptions(text, annotations, imageDir);
}

std::vector<DatasetSample> parseCocoCaptions(const std::string& text, const std::filesystem::path& annotations,
                                             const std::filesystem::path& imageDir) {
    JsonTextError error;
    std::optional<nlohmann::json> parsed = parseJsonText(text, error);
    if (!parsed) {
        throw InputError(annotations.string() + ":" + std::to_string(error.position.line) + ":" +
                         std::to_string(error.position.column) + ": invalid JSON (" + error.reason + ")");
    }
    const nlohmann::json& root = *parsed;
    if (!root.is_object()) {
        fail(annotations, "top level", "expected an object with \"images\" and \"annotations\"");
    }

    std::unordered_map<std::int64_t, std::filesystem::path> imagePaths;
    const nlohmann::json& images = arrayMember(root, "images", annotations);
    for (std::size_t i = 0; i < images.size(); ++i) {
        const std::string where = "images[" + std::to_string(i) + "]";
        const std::int64_t id = integerMember(images[i], "id", annotations, where);
        imagePaths[id] = imageDir / stringMember(images[i], "file_name", annotations, where);
    }

    std::vector<DatasetSample> samples;
    const nlohmann::json& captions = arrayMember(root, "annotations", annotations);
    samples.reserve(captions.size());
    for (std::size_t i = 0; i < captions.size(); ++i) {
        const std::string where = "annotations[" + std::to_string(i) + "]";
        const std::int64_t imageId = integerMember(captions[i], "image_id", annotations, where);
        const auto image = imagePaths.find(imageId);
        if (image == imagePaths.end()) {
            fail(annotations, where + ".image_id", "no image with id " + std::to_string(imageId));
        }
        samples.push_back({image->second, stringMember(captions[i], "caption", annotations, where)});
    }
    return samples;
}

}  // namespace bb
