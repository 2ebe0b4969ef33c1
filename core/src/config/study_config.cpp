#include "bridgebench/study_config.h"

#include <fstream>
#include <functional>

#include "bridgebench/errors.h"
#include "config/json_file.h"

namespace bb {

namespace {

std::string pointLabel(const std::string& key, const nlohmann::json& value) {
    if (value.is_boolean()) return key + "=" + (value.get<bool>() ? "on" : "off");
    if (value.is_string()) return key + "=" + value.get<std::string>();
    return key + "=" + value.dump();
}

}  // namespace

StudyConfig studyConfigFromJson(const nlohmann::json& object) {
    if (!object.is_object()) throw ConfigError("", "a study config must be a JSON object");
    StudyConfig study;
    for (const auto& [key, value] : object.items()) {
        if (key == "name" || key == "description") {
            if (!value.is_string()) throw ConfigError(key, "expected a string");
            (key == "name" ? study.name : study.description) = value.get<std::string>();
        } else if (key == "base") {
            study.base = runConfigFromJson(value);
        } else if (key == "grid") {
            if (!value.is_object()) throw ConfigError("grid", "expected an object of key: [values]");
            for (const auto& [gridKey, values] : value.items()) {
                if (!values.is_array() || values.empty())
                    throw ConfigError("grid." + gridKey, "expected a non-empty array of values");
                RunConfig probe;
                for (const auto& item : values) {
                    try {
                        applyJsonValue(probe, gridKey, item);
                    } catch (const ConfigError& error) {
                        throw ConfigError("grid." + gridKey, error.detail());
                    }
                }
                study.grid.emplace_back(gridKey, std::vector<nlohmann::json>(values.begin(), values.end()));
            }
        } else {
            throw ConfigError(key, "unknown key (known keys: name, description, base, grid)");
        }
    }
    if (study.name.empty()) throw ConfigError("name", "a study needs a name (it groups and resumes its runs)");
    return study;
}

nlohmann::json toJson(const StudyConfig& study) {
    nlohmann::json grid = nlohmann::json::object();
    for (const auto& [key, values] : study.grid) grid[key] = values;
    return {{"name", study.name}, {"description", study.description}, {"base", toJson(study.base)}, {"grid", grid}};
}

StudyConfig loadStudyConfig(const std::filesystem::path& file) {
    return parseJsonConfigFile(file, [](const nlohmann::json& object) { return studyConfigFromJson(object); });
}

std::vector<RunConfig> expandStudy(const StudyConfig& study) {
    std::size_t runs = 1;
    for (const auto& [key, values] : study.grid) {
        if (__builtin_mul_overflow(runs, values.size(), &runs) || runs > kMaxStudyRuns)
            throw ConfigError("grid", "the grid spans more than " + std::to_string(kMaxStudyRuns) +
                                          " runs; split the study");
    }
    std::vector<RunConfig> points{study.base};
    std::vector<std::string> labels{""};
    for (const auto& [key, values] : study.grid) {
        std::vector<RunConfig> next;
        std::vector<std::string> nextLabels;
        for (std::size_t p = 0; p < points.size(); ++p) {
            for (const auto& value : values) {
                RunConfig config = points[p];
                applyJsonValue(config, key, value);
                next.push_back(config);
                nextLabels.push_back(labels[p] + (labels[p].empty() ? "" : " ") + pointLabel(key, value));
            }
        }
        points = std::move(next);
        labels = std::move(nextLabels);
    }
    for (std::size_t p = 0; p < points.size(); ++p) {
        points[p].name = study.name + (labels[p].empty() ? "" : " · " + labels[p]);
        validate(points[p]);
    }
    return points;
}

StudyGrid studyLoaderGrid() { return {{"workers", {0, 1, 2}}, {"device_transforms", {false, true}}}; }

StudyConfig loaderSweepAround(const RunConfig& base) {
    StudyConfig study;
    study.base = base;
    study.base.name.clear();
    if (!base.name.empty()) {
        study.name = base.name;
    } else {
        // The hash tells apart sweeps of the same model, batch, precision and device whose other
        // settings differ, so that each resumes only itself.
        const std::string settings = toJson(study.base).dump();
        study.name = "Sweep " + base.model + " b" + std::to_string(base.batchSize) + " " + base.precision + " " +
                     base.device + " #" + std::to_string(std::hash<std::string>{}(settings) % 100000);
    }
    study.description = "workers 0/1/2 x device-side transforms off/on around the run panel's settings";
    study.grid = studyLoaderGrid();
    return study;
}

}  // namespace bb
