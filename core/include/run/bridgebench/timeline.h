// Where each step's time went, as spans on tracks: the training thread's phases, each loader
// worker's batches, the gradient all-reduce's buckets, per rank. The engine records them with
// the clocks it already reads (core/src/timeline/), the store keeps them (table timeline_spans),
// the CLI exports them as a Perfetto trace and the window draws them.
//
// Times are nanoseconds since the run's origin: the moment the training thread started its
// first step, or with data parallel the end of a barrier all ranks left together (the summary's
// distributed.clock_alignment_us says how far apart the ranks' origins can be).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bb {

// Stored as integers: a value keeps its meaning for ever; new ones are appended.
enum class TimelineTrack : std::int8_t {
    Main = 0,          // the training thread
    Worker = 1,        // a loader worker; lane = worker index from 0
    AllReduce = 2,     // gradient buckets in flight; lane = a row where they do not overlap
    Copy = 3,          // the copy stream (CUDA)
    DeviceDecode = 4,  // nvJPEG on the device (CUDA)
};

enum class SpanKind : std::int8_t {
    DataWait = 0,         // main: blocked on the loader (with workers 0: loading the batch itself)
    HostToDevice = 1,     // main: the batch's copy to the device
    DeviceTransform = 2,  // main: resize, crop and normalise on the device (with the copy)
    Forward = 3,
    Backward = 4,
    AllReduceWait = 5,  // main: waiting for the buckets backward did not hide
    Optimizer = 6,
    Record = 7,     // main: storing the step (memory, CPU, the ranks' gather) after its timed window
    Batch = 8,      // a batch built, read to collate (the stages below nest inside it)
    Read = 9,       // one sample's file
    Decode = 10,    // one sample's image
    Transform = 11, // one sample's host transforms
    Tokenize = 12,  // one sample's caption
    Collate = 13,   // the batch's tensors assembled
    Idle = 14,      // a worker waiting for room ahead of the training thread
    Bucket = 15,    // one gradient bucket's all-reduce, from its start in backward to its end
    Copy = 16,      // a copy on the copy stream
};
inline constexpr int kSpanKindCount = 17;
inline constexpr int kTimelineTrackCount = 5;

struct TimelineSpan {
    std::int32_t rank = 0;
    TimelineTrack track = TimelineTrack::Main;
    std::int32_t lane = 0;
    SpanKind kind = SpanKind::DataWait;
    std::int64_t step = 0;  // the step the span served (a worker's batch k serves step k)
    std::int64_t beginNs = 0;
    std::int64_t endNs = 0;
};

// The run config's `timeline` key.
enum class TimelineMode { Off, Sampled, All };
std::optional<TimelineMode> parseTimelineMode(std::string_view text);
std::string_view timelineModeName(TimelineMode mode);
// Sampled: every step of the first 50 after warm-up, then one step in 50 (the 50th, 100th, ...
// after warm-up), so that a run of 100,000 steps keeps about 2,050 of them.
bool timelineRecordsStep(TimelineMode mode, std::int64_t step, std::int64_t warmupSteps);
inline constexpr std::int64_t kTimelineDenseSteps = 50;
inline constexpr std::int64_t kTimelineSampleEvery = 50;

std::string_view spanKindName(SpanKind kind);  // "data wait", "forward", "bucket", ...
std::optional<SpanKind> spanKindFromCode(int code);
std::optional<TimelineTrack> timelineTrackFromCode(int code);
// "main thread", "worker 2" (lane 1), "all-reduce", "copy", "nvJPEG".
std::string timelineTrackName(TimelineTrack track, int lane);

}  // namespace bb
