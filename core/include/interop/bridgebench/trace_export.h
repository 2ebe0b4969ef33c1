// A run's timeline as the Trace Event Format (the JSON that Perfetto, ui.perfetto.dev, and
// chrome://tracing open): a process per rank, a thread per track, a complete event ("X") per
// span in microseconds with its step, the run's samples/s as a counter at the end of each
// recorded step, names as metadata. The ops of profile_steps (op_profile.h) go on tracks of their
// own under their rank's process, "ops: cpu thread N" and "ops: cuda stream N", after the spans'.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "bridgebench/op_profile.h"
#include "bridgebench/run_data.h"
#include "bridgebench/timeline.h"

namespace bb {

std::string traceEventJson(const RunData& run, const std::vector<TimelineSpan>& spans,
                           const std::vector<OpEvent>& ops = {});

// Throws InputError naming the run when it recorded neither a timeline nor ops; bb::Error naming
// the file that cannot be written (the file is written whole or not at all).
void exportTrace(const RunData& run, const std::vector<TimelineSpan>& spans, const std::vector<OpEvent>& ops,
                 const std::filesystem::path& file);

// The thread id a track gets in the trace (and the order tracks are listed in): the main
// thread 0, worker w 1 + w, all-reduce rows from 100, copy 200, nvJPEG 300.
int traceThreadId(TimelineTrack track, int lane);
// The op tracks' thread ids: from 1000, a rank's CPU threads first, then its CUDA streams, each
// in order of their number.
inline constexpr int kFirstOpTraceThreadId = 1000;

}  // namespace bb
