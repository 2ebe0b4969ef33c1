// The step fields by their stored names (the steps table's columns), shared by every exporter
// and importer so that CSV, JSON and TensorBoard files name them alike and round-trip.
#pragma once

#include <span>
#include <string_view>

#include "bridgebench/run_record.h"
#include "bridgebench/step_metrics.h"

namespace bb {

struct StepField {
    std::string_view name;  // "samples_per_s", "data_wait_ms", …
    double (*get)(const StepMetrics&);
    void (*set)(StepMetrics&, double);
    bool integer;
};

// In the steps table's order, `step` first.
std::span<const StepField> stepFields();

// The field of that name, or nullptr.
const StepField* findStepField(std::string_view name);

// What a step's field can physically hold, for the importers to refuse the rest (a CSV's -5 ms or
// 1e308 samples/s was stored as if measured): finite and from `least` to `most`. A loss may be
// anything (a diverged run's is NaN), and so may a timestamp (one the clock cannot hold is read as
// none); other_cpu may be NaN (not measured).
struct StepFieldRange {
    double least = 0;
    double most = 0;
    bool anything = false;
    bool notMeasured = false;  // NaN is "not measured"
};
StepFieldRange stepFieldRange(const StepField& field);
// "-5 is not a figure a step can have (expected 0 to 1e+12)", or empty where `value` fits.
std::string stepFieldProblem(const StepField& field, double value);


// Whether a step of the run measured the field, which every export asks before it writes one: a
// field not measured is left out (an empty CSV cell, null in JSON, no TensorBoard scalar), never
// written as 0. The engine's steps measure every field (a CPU's device memory is 0, not
// unknown); a log's (a Trainer or TensorBoard import) only their wall time, samples and loss, and
// its first step no wall time at all; a CSV import what its columns held; a NaN nothing.
class MeasuredStepFields {
public:
    explicit MeasuredStepFields(const RunRecord& run);
    bool measured(const StepField& field, const StepMetrics& step) const;

private:
    std::vector<std::string> m_only;  // empty: every field
};

}  // namespace bb
