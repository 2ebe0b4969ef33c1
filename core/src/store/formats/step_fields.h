// The step fields by their stored names (the steps table's columns), shared by every exporter
// and importer so that CSV, JSON and TensorBoard files name them alike and round-trip.
#pragma once

#include <span>
#include <string_view>

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

}  // namespace bb
