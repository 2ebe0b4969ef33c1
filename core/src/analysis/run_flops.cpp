#include "bridgebench/run_flops.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/device_peaks.h"
#include "bridgebench/errors.h"
#include "bridgebench/model_catalog.h"
#include "bridgebench/model_info.h"
#include "bridgebench/run_mfu.h"
#include "bridgebench/run_samples_per_sec.h"
#include "bridgebench/run_text_length.h"
#include "bridgebench/study_runs.h"

namespace bb {

namespace {

void setPerDevice(RunFlops& flops, const RunRecord& run) {
    flops.achievedFlopsPerSecPerDevice =
        run.deviceCount && *run.deviceCount > 0 ? flops.achievedFlopsPerSec / static_cast<double>(*run.deviceCount) : 0;
}

// The analytical count for the model the run names, or nothing when it names none we know.
bool countModel(const RunRecord& run, RunFlops& flops) {
    const auto model = resolveBridgeTowerModel(run.model, run.config.modelConfig);
    if (!model) return false;
    BridgeTowerConfig config = model->config;
    std::vector<std::string> assumptions;
    if (const auto size = run.config.imageSizePx; size && *size != config.vision.imageSizePx) {
        config.vision.imageSizePx = static_cast<int>(*size);
    }
    const int maxLength = maxTextLength(config);
    const RunTextLength length = runTextLength(run);
    int textLength = length.tokens > 0 ? static_cast<int>(std::min<std::int64_t>(length.tokens, 1 << 20))
                                       : kStudyTextLength;
    if (length.tokens <= 0 || length.assumed) {
        assumptions.push_back(fmt::format(
            "captions of {} tokens: run_bridgetower.py pads them to its default max_seq_length, which the study's "
            "command does not change",
            kStudyTextLength));
    }
    if (textLength > maxLength) {
        assumptions.push_back(fmt::format("text length {} cut to the model's {} positions", textLength, maxLength));
        textLength = maxLength;
    }
    try {
        flops.flopsPerSample = modelInfo(config, std::max(1, textLength)).trainingFlopsPerSample;
    } catch (const Error&) {
        return false;  // an image size the model cannot take: no count rather than a wrong one
    }
    const double samplesPerSec = runSamplesPerSec(run);
    flops.achievedFlopsPerSec = samplesPerSec > 0 ? samplesPerSec * flops.flopsPerSample : 0;
    flops.basis = fmt::format("analytical count ({}) at {} px, {} tokens: {:.1f} GFLOP per training sample × the "
                              "run's samples/s",
                              model->source, config.vision.imageSizePx, textLength, flops.flopsPerSample / 1e9);
    assumptions.push_back("training FLOPs = 3 × the forward matrix products (backward twice the forward)");
    flops.assumptions = std::move(assumptions);
    return true;
}

struct FlopsCeiling {
    double flopsPerSec = 0;  // per device
    std::string what;
};

// The most a device of this run can do: its own peak at the run's precision where the table
// has it, else the highest dense peak of any device in the table.
FlopsCeiling importedFlopsCeiling(const RunRecord& run) {
    if (const auto match = findDevicePeak(peakDeviceName(run), run.precision))
        return {match->peak.tflops * 1e12, fmt::format("the {} {} peak", match->peak.device, match->peak.precision)};
    FlopsCeiling highest;
    for (const auto& peak : devicePeakTable())
        if (peak.tflops * 1e12 > highest.flopsPerSec)
            highest = {peak.tflops * 1e12, fmt::format("the highest peak of any device in the table ({} {})",
                                                       peak.device, peak.precision)};
    return highest;
}

}  // namespace

RunFlops runFlops(const RunRecord& run) {
    RunFlops flops;
    const double stored = run.summary.achievedFlopsPerSec.value_or(0);
    if (ranOnTheEngine(run) && stored > 0) {
        // The engine's own count. Runs stored before flops_per_sample was kept give it back
        // through their mean-based figure.
        const double mean = run.summary.meanSamplesPerSec.value_or(0);
        flops.flopsPerSample = run.summary.flopsPerSample.value_or(0);
        if (flops.flopsPerSample <= 0 && mean > 0) flops.flopsPerSample = stored / mean;
        // The same samples/s the row shows (runSamplesPerSec), as for every other run, so
        // TFLOP/s = GFLOP per sample × samples/s reads true within a row.
        const double samplesPerSec = runSamplesPerSec(run);
        // Without the count (no mean to divide by) the stored figure is all there is.
        const bool counted = flops.flopsPerSample > 0;
        flops.achievedFlopsPerSec = counted && samplesPerSec > 0 ? samplesPerSec * flops.flopsPerSample : stored;
        // "1260.3 GFLOP" as the study's own count is written, never "1.26e+03".
        const double gflop = flops.flopsPerSample / 1e9;
        flops.basis = counted ? fmt::format("the engine's count of the run's model at run time: {} GFLOP per "
                                            "training sample × the run's samples/s",
                                            gflop >= 100 ? fmt::format("{:.1f}", gflop) : fmt::format("{:.3g}", gflop))
                              : "the engine's figure as stored with the run (its count × its mean samples/s)";
        flops.assumptions.emplace_back("training FLOPs = 3 × the forward matrix products (backward twice the forward)");
        setPerDevice(flops, run);
        return flops;
    }
    if (countModel(run, flops)) {
        setPerDevice(flops, run);
        return flops;
    }
    if (stored > 0) {
        // Trainer's total_flos is its own estimate (6 × parameters × input tokens), which counts
        // no image tokens and is far off for speech and vision encoders (a Whisper-large run
        // read 5694 TFLOP/s per device). Within what the device can do it is the files' own;
        // above it, it is no measurement at all.
        flops = RunFlops{};
        if (auto why = impossibleImportedFlops(run, stored); !why.empty()) {
            flops.unknownWhy = std::move(why);
            return flops;
        }
        flops.achievedFlopsPerSec = stored;
        flops.basis = "as the imported files report it (Trainer's total_flos / train_runtime)";
        flops.assumptions.emplace_back(
            "Trainer estimates FLOPs as 6 × parameters × text tokens, leaving out the image tokens");
        setPerDevice(flops, run);
    }
    // An import whose estimate was left out as impossible: say why, from the files' own figures.
    if (const auto total = run.environment.reportedNumber("total_flos");
        total && run.summary.durationS && *run.summary.durationS > 0)
        if (auto why = impossibleImportedFlops(run, *total / *run.summary.durationS); !why.empty())
            flops.unknownWhy = std::move(why);
    return flops;
}

std::string impossibleImportedFlops(const RunRecord& run, double flopsPerSec) {
    // With the count unknown, the whole over one device: the most any one of them can have done.
    const double perDevice =
        run.deviceCount && *run.deviceCount > 0 ? flopsPerSec / static_cast<double>(*run.deviceCount) : flopsPerSec;
    const auto ceiling = importedFlopsCeiling(run);
    if (perDevice <= ceiling.flopsPerSec) return {};
    return fmt::format("the imported files' Trainer total_flos / train_runtime gives {:.0f} TFLOP/s per device, above "
                       "{} ({:.0f} TFLOP/s): Trainer's estimate (6 × parameters × input tokens) cannot hold for this "
                       "model",
                       perDevice / 1e12, ceiling.what, ceiling.flopsPerSec / 1e12);
}

}  // namespace bb
