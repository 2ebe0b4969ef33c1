// Where the trainer's batches come from. next() is called on the training thread; the time
// it takes is the step's data wait.
#pragma once

#include <optional>

#include "engine/training_model.h"

namespace bb {

class BatchSource {
public:
    virtual ~BatchSource() = default;
    // Host tensors of the next batch; nullopt when the source is exhausted or stopped.
    virtual std::optional<ModelInputs> next() = 0;
    virtual std::int64_t skippedSamples() const { return 0; }
};

}  // namespace bb
