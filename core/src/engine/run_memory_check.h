// A run whose batch cannot fit its device's memory is refused before it has a row, in words that
// name batch_size, the estimate and the memory there is, instead of failing after minutes with
// an allocator's "can't allocate memory" (out_of_memory.h still words a failure mid-run).
#pragma once

#include "bridgebench/run_config.h"
#include "engine/available_memory.h"

namespace bb {

// Throws ConfigError("batch_size") when estimateRunMemory(config), times the processes that
// share the machine's memory (`devices` on the CPU), is more than availableMemory() of the run's
// device: refused only where the estimate says it cannot fit, passed where no figure can be read.
// The message says which batch_size would fit. `config.textLength` resolved.
void checkRunFitsMemory(const RunConfig& config);
// The same against a given figure.
void checkRunFitsMemory(const RunConfig& config, const AvailableMemory& available);

}  // namespace bb
