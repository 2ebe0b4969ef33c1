// Host-to-device copies on a CUDA stream of their own, queued by the loader worker that built
// the batch (BatchStager, batch_stager.h). From the pinned host buffers the loader's pool hands
// out (LoaderOptions::pinMemory), a copy runs on the GPU's copy engine while the training
// stream computes the step before; the training stream waits for it through an event, not the
// host. The device copies are allocated on the copy stream and recorded as used by the training
// stream, so the caching allocator reuses their memory only once that stream is done with it.
//
// Compiled for real only against a CUDA LibTorch (copy_stream_stager_cuda.cpp); elsewhere
// makeCopyStreamStager throws std::logic_error (validation refuses cuda devices there first).
#pragma once

#include <memory>

#include <torch/types.h>

#include "data/batch_stager.h"

namespace bb {

class TimelineRecorder;

// `timeline`: where the copies of each batch whose step it records go, as a span on the copy
// track from the device's events (none: no events timed).
std::shared_ptr<const BatchStager> makeCopyStreamStager(torch::Device device,
                                                       std::shared_ptr<TimelineRecorder> timeline = nullptr);

}  // namespace bb
