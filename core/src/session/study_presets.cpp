#include <torch/torch.h>

#include "bridgebench/errors.h"
#include "bridgebench/run_flops.h"
#include "bridgebench/study_presets.h"

namespace bb {

const std::vector<std::string>& studyPresetNames() {
    static const std::vector<std::string> names{"study", "study-devices"};
    return names;
}

StudyConfig studyPreset(const std::string& name) {
    if (name == "study-devices") {
        // The study ran data-parallel on 8 devices; this grid adds the device count to its
        // loader settings: one process against all of this machine's devices.
        StudyConfig study = studyPreset("study");
        const std::int64_t devices =
            torch::cuda::is_available() ? std::max<std::int64_t>(2, torch::cuda::device_count()) : 2;
        study.name += " by devices";
        study.description += " Each setting with 1 and " + std::to_string(devices) + " data-parallel devices.";
        study.grid = {{"devices", {1, devices}}, {"workers", {0, 1, 2}}};
        return study;
    }
    if (name != "study") {
        std::string known;
        for (const auto& preset : studyPresetNames()) known += (known.empty() ? "" : ", ") + preset;
        throw ConfigError("preset", "'" + name + "' is not a study preset (known: " + known + ")");
    }
    StudyConfig study;
    study.grid = studyLoaderGrid();
    if (torch::cuda::is_available()) {
        study.name = "BridgeTower study grid (cuda)";
        study.description =
            "The published study's workload on this GPU: BridgeTower-large, batch 48, captions of 128 tokens, "
            "bf16, workers 0/1/2 with and without device-side transforms.";
        study.base.model = "large";
        study.base.batchSize = 48;
        // As the study's script padded them, so that samples/s stands beside its figures like for like.
        study.base.textLength = kStudyTextLength;
        study.base.precision = "bf16";
        study.base.device = "cuda:0";
        study.base.steps = 60;
    } else {
        // A CPU step of a real-size model takes seconds while its batch loads in tens of
        // milliseconds: loader settings could not show. The tiny BridgeTower on the study-like
        // JPEGs (640×480, decoded in full, bicubic resize) keeps loading and compute of the
        // same order, which is the regime the study is about.
        study.name = "BridgeTower study grid (cpu)";
        study.description =
            "The published study's grid on this CPU with the tiny BridgeTower on 640x480 JPEGs, so that "
            "loading and compute are of the same order (a real-size model on a CPU is compute-bound and "
            "hides the loader).";
        study.base.model = "tiny";
        study.base.dataset = "synthetic";
        study.base.batchSize = 16;
        study.base.steps = 40;
    }
    study.base.warmupSteps = 3;
    return study;
}

}  // namespace bb
