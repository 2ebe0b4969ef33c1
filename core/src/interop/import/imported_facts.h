// The workload fields of an imported run (model, per-device batch, gradient accumulation,
// loader workers, precision): the user's import options win, then what the files say; where
// each value came from goes to the run's environment as "provenance".
#pragma once

#include "bridgebench/run_import.h"
#include "interop/import/hf_run_info.h"

namespace bb {

// Sets the RunRecord's fields and the matching config keys (model, model_config, batch_size,
// gradient_accumulation_steps, workers, precision); leaves a field as it was when neither
// side says. Returns the gradient accumulation steps (1 when unknown).
std::int64_t applyImportedFacts(RunRecord& run, const HfRunInfo& files, const ImportOptions& options);

}  // namespace bb
