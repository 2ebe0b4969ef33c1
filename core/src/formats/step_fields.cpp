#include "formats/step_fields.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "util/figure_range.h"

namespace bb {

namespace {

#define BB_REAL_FIELD(NAME, MEMBER)                                            \
    StepField {                                                                \
        NAME, [](const StepMetrics& s) { return s.MEMBER; },                   \
            [](StepMetrics& s, double v) { s.MEMBER = v; }, false              \
    }
#define BB_INT_FIELD(NAME, MEMBER)                                                                  \
    StepField {                                                                                     \
        NAME, [](const StepMetrics& s) { return static_cast<double>(s.MEMBER); },                   \
            [](StepMetrics& s, double v) { s.MEMBER = static_cast<std::int64_t>(std::llround(v)); }, \
            true                                                                                    \
    }

constexpr StepField kFields[] = {
    BB_INT_FIELD("step", step),
    BB_REAL_FIELD("timestamp_ms", timestampMs),
    BB_REAL_FIELD("wall_ms", wallMs),
    BB_INT_FIELD("samples", samples),
    BB_REAL_FIELD("samples_per_s", samplesPerSec),
    BB_REAL_FIELD("data_wait_ms", dataWaitMs),
    BB_REAL_FIELD("h2d_ms", hostToDeviceMs),
    BB_REAL_FIELD("forward_ms", forwardMs),
    BB_REAL_FIELD("backward_ms", backwardMs),
    BB_REAL_FIELD("optimizer_ms", optimizerMs),
    BB_REAL_FIELD("loss", loss),
    BB_INT_FIELD("rss_bytes", rssBytes),
    BB_REAL_FIELD("cpu_util", cpuUtilisation),
    BB_INT_FIELD("device_mem_bytes", deviceMemoryBytes),
    BB_REAL_FIELD("device_transform_ms", deviceTransformMs),
    BB_REAL_FIELD("load_ms", loadMs),
    BB_REAL_FIELD("read_ms", readMs),
    BB_REAL_FIELD("decode_ms", decodeMs),
    BB_REAL_FIELD("transform_ms", transformMs),
    BB_REAL_FIELD("collate_ms", collateMs),
    BB_REAL_FIELD("comm_ms", commMs),
    BB_INT_FIELD("device_mem_peak_bytes", deviceMemoryPeakBytes),
    BB_REAL_FIELD("other_cpu", otherCpuCores),
};

#undef BB_REAL_FIELD
#undef BB_INT_FIELD

}  // namespace

std::span<const StepField> stepFields() { return kFields; }

const StepField* findStepField(std::string_view name) {
    for (const auto& field : kFields)
        if (field.name == name) return &field;
    return nullptr;
}

StepFieldRange stepFieldRange(const StepField& field) {
    // A billion seconds is 31 years; a billion samples a second is past any cluster; 1e18 bytes
    // is an exabyte; a million cores' worth of CPU.
    const std::string_view name = field.name;
    // A timestamp the clock cannot hold says nothing of when the step ran and is read as none
    // (import/imported_record.cpp): it stays a value the importer weighs, not an error.
    if (name == "loss" || name == "timestamp_ms") return {0, 0, true, false};
    if (name == "other_cpu") return {0, 1e6, false, true};
    if (name == "samples_per_s") return {0, 1e9, false, false};
    if (name == "samples" || name == "step") return {0, 1e15, false, false};
    if (name == "rss_bytes" || name == "device_mem_bytes" || name == "device_mem_peak_bytes") return {0, 1e18, false, false};
    if (name == "cpu_util") return {0, 1e6, false, false};
    return {0, 1e12, false, false};  // the times, in ms
}

std::string stepFieldProblem(const StepField& field, double value) {
    const StepFieldRange range = stepFieldRange(field);
    if (range.anything || (range.notMeasured && std::isnan(value))) return {};
    return figureRangeProblem(value, range.least, range.most, "step");
}

MeasuredStepFields::MeasuredStepFields(const RunRecord& run) {
    if (run.origin == RunOrigin::Engine) return;
    // An import from a CSV file names the step columns it had (csv_run_rows.cpp).
    if (run.environment.measuredStepFields) {
        m_only = *run.environment.measuredStepFields;
        return;
    }
    const auto format = run.environment.importFormat;
    if (format == ImportFormat::TensorBoard || format == ImportFormat::Trainer)
        m_only = {"step", "timestamp_ms", "wall_ms", "samples", "samples_per_s", "loss"};
}

bool MeasuredStepFields::measured(const StepField& field, const StepMetrics& step) const {
    if (!m_only.empty() && std::find(m_only.begin(), m_only.end(), field.name) == m_only.end()) return false;
    // A log's first step has nothing before it to be timed from, nor a count of the samples since
    // the one before (stepsFromLog leaves it 0).
    if ((field.name == "wall_ms" || field.name == "samples_per_s") && !(step.wallMs > 0)) return false;
    if (field.name == "samples" && !(step.wallMs > 0) && step.samples == 0) return false;
    return std::isfinite(field.get(step));
}

}  // namespace bb
