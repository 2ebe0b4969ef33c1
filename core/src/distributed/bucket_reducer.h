// Averages gradients across ranks while backward still runs, as PyTorch's DDP reducer does:
// a hook on each parameter copies its gradient into its bucket's flat buffer as autograd
// produces it, and a bucket whose every parameter has arrived starts its all-reduce at once,
// so communication overlaps the rest of backward.
//
// Buckets start strictly in bucket order, also when a later one fills first: c10d matches
// collectives by the order ranks issue them, and a rank whose graph differs would otherwise
// pair the wrong buffers. Two things keep that order from holding buckets back, both as DDP:
// - before backward, the parameters the loss's graph does not reach (BridgeTower's unused
//   heads, as with DDP's find_unused_parameters) count as zero at once; a parameter reached
//   but given no gradient counts as zero when finish() closes its bucket;
// - after the first step, the buckets are planned again in the order that step's gradients
//   arrived on rank 0 (broadcast, so every rank agrees), unused parameters first: the first
//   plan follows registration order, which a model whose towers interleave does not follow.
// After the all-reduce a small all-reduce of a used-mask tells every rank which parameters
// some rank used, and only those get the averaged gradient, so that an unused one keeps no
// gradient on every rank, as without data parallel.
//
// Threads: hooks run on autograd's thread for the parameters' device (the training thread
// on CPU); arm() and finish() on the training thread, before and after backward.
#pragma once

#include <memory>
#include <vector>

#include <torch/torch.h>

#include "distributed/collectives.h"
#include "distributed/gradient_buckets.h"
#include "timeline/timeline_recorder.h"

namespace bb {

class BucketReducer {
public:
    BucketReducer(Collectives& collectives, std::vector<torch::Tensor> parameters, std::int64_t capBytes);
    ~BucketReducer();
    BucketReducer(const BucketReducer&) = delete;
    BucketReducer& operator=(const BucketReducer&) = delete;

    // Hooks act only between arm() and finish(): other backward passes (the probe's) stay local.
    // `root` is what backward will start from; a gradient reaching a parameter its graph does
    // not lead to fails that backward with a std::logic_error.
    void arm(const torch::Tensor& root);
    // Closes the buckets backward left open, waits for every all-reduce and writes the mean
    // gradients. Returns the wait in ms. Throws what the collectives throw.
    double finish();

    // Each step's buckets go to `recorder` as spans from their start to their end, on the
    // all-reduce track, in rows where they do not overlap; steps count from the first arm().
    void recordTimeline(std::shared_ptr<TimelineRecorder> recorder);

    const std::vector<GradientBucket>& buckets() const;
    std::int64_t gradientBytes() const;
    // Of the last finished step's buckets, how many started their all-reduce before that
    // step's last gradient arrived: at best all but one, none when nothing overlapped.
    std::size_t bucketsStartedEarly() const;

private:
    struct State;
    std::shared_ptr<State> m_state;  // shared with the hooks, which may outlive this object
};

}  // namespace bb
