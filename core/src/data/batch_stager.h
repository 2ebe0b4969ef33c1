// The seam through which a built batch reaches the training device before the training thread
// asks for it: the loader runs a BatchStager on each batch as its last stage, on the thread
// that built it (a worker, or the consumer with workers = 0). On CUDA that is the copy-stream
// stager (copy_stream_stager.h): the host-to-device copies of batch N+1 run on a stream of
// their own while the training stream computes step N, instead of queueing behind it.
//
// Thread contract: stage() is called by every worker at once. Batch::staged is used by the
// consumer only, after next() handed the batch over.
#pragma once

namespace bb {

struct Batch;

// What a staged batch carries so that its consumer reads the copies only once they are done.
class StagedCopy {
public:
    virtual ~StagedCopy() = default;
    // On the consumer's thread, before it queues any work reading the batch's device tensors:
    // orders that work after the copies (on CUDA: its current stream waits for them, without
    // blocking the host), and keeps the device memory from being reused before that work is
    // done. Once per batch; later calls do nothing.
    virtual void orderBefore() = 0;
    // Blocks until the copies are done.
    virtual void waitForCopies() const = 0;
};

class BatchStager {
public:
    virtual ~BatchStager() = default;
    // Replaces `batch`'s host tensors with device copies (queued, maybe not done) and sets
    // batch.staged, which keeps the host tensors alive, and so their pooled buffers lent,
    // until the copies are done. Batch::encodedBytes stay on the host: the device decoder
    // reads them there.
    virtual void stage(Batch& batch) const = 0;
};

}  // namespace bb
