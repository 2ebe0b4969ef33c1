// Achieved FLOP/s of a stored run, from the engine's analytical count (model_info.h) wherever
// the run names its model: local runs, the study's reference runs (a Hugging Face id), imports
// that carry a config.json. What the count had to assume is listed with the figure.
#pragma once

#include <string>
#include <vector>

#include "bridgebench/run_record.h"

namespace bb {

// Tokens per caption assumed for the study's runs and for imports that do not say: the
// captions are padded to run_bridgetower.py's default max_seq_length (128; the script pads with
// padding="max_length"), and the blog's command line does not set another.
inline constexpr int kStudyTextLength = 128;

struct RunFlops {
    double flopsPerSample = 0;      // training FLOPs per sample (forward + backward); 0: unknown
    double achievedFlopsPerSec = 0; // over all devices; 0: unknown
    double achievedFlopsPerSecPerDevice = 0;
    std::string basis;                 // where the figure comes from, in words
    std::vector<std::string> assumptions;  // what was assumed (text length, samples/s used)
    // Why the figure is unknown, when it is: no countable model, or an imported estimate above what
    // the run's device (or any device in the peak table) can do.
    std::string unknownWhy = "the run names no model whose FLOPs can be counted";
    bool known() const { return achievedFlopsPerSec > 0; }
    // Unknown where the run's device count is (an import whose files do not say it).
    bool perDeviceKnown() const { return known() && achievedFlopsPerSecPerDevice > 0; }
};

// FLOPs per training sample × the run's samples/s (runSamplesPerSec), so a row's TFLOP/s and
// samples/s agree. The count comes, in order, from a local run's engine
// (flops_per_sample, or achieved_flops_per_s / mean_samples_per_s for runs stored before that
// key) or the analytical count of the model the run names (preset, Hugging Face BridgeTower id,
// stored model_config) at the workload's image size (`image_size` in the config, else the
// model's) and text length (runTextLength, else kStudyTextLength, assumed). Last comes the
// figure an import brought (Trainer's total_flos / train_runtime), unless per device it is above the
// run's device's peak at its precision, or above every peak in the table where the device has
// none: then unknown, `unknownWhy` saying so. Never throws.
RunFlops runFlops(const RunRecord& run);

// Why `flopsPerSec` (over all the run's devices), an import's estimate, cannot be what the run
// did: above its device's peak at its precision, or above every peak in the table; empty where it
// can be. The importer stores no such figure; runFlops says this of one stored before.
std::string impossibleImportedFlops(const RunRecord& run, double flopsPerSec);

}  // namespace bb
