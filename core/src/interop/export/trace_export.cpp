#include "bridgebench/trace_export.h"

#include <map>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bridgebench/errors.h"
#include "interop/export/output_file.h"

namespace bb {

int traceThreadId(TimelineTrack track, int lane) {
    switch (track) {
        case TimelineTrack::Main: return 0;
        case TimelineTrack::Worker: return 1 + lane;
        case TimelineTrack::AllReduce: return 100 + lane;
        case TimelineTrack::Copy: return 200 + lane;
        case TimelineTrack::DeviceDecode: return 300 + lane;
    }
    return 400;
}

namespace {

double microseconds(std::int64_t ns) { return static_cast<double>(ns) / 1000.0; }

const char* category(TimelineTrack track) {
    switch (track) {
        case TimelineTrack::Main: return "training";
        case TimelineTrack::Worker: return "loader";
        case TimelineTrack::AllReduce: return "all-reduce";
        case TimelineTrack::Copy: return "copy";
        case TimelineTrack::DeviceDecode: return "nvjpeg";
    }
    return "other";
}

nlohmann::json metadata(const char* name, int pid, std::optional<int> tid, nlohmann::json args) {
    nlohmann::json event = {{"ph", "M"}, {"name", name}, {"pid", pid}, {"args", std::move(args)}};
    if (tid) event["tid"] = *tid;
    return event;
}

}  // namespace

std::string traceEventJson(const RunData& run, const std::vector<TimelineSpan>& spans, const std::vector<OpEvent>& ops) {
    nlohmann::json events = nlohmann::json::array();
    std::set<int> ranks;
    std::map<int, std::set<std::pair<OpDevice, std::int64_t>>> opTracks;
    for (const OpEvent& op : ops) {
        ranks.insert(op.rank);
        opTracks[op.rank].insert({op.device, op.lane});
    }
    std::map<std::pair<int, std::pair<OpDevice, std::int64_t>>, int> opThreadIds;
    for (const auto& [rank, tracks] : opTracks) {
        int tid = kFirstOpTraceThreadId;
        for (const auto& track : tracks) opThreadIds[{rank, track}] = tid++;
    }
    for (const OpEvent& op : ops) {
        const bool step = op.name == kProfiledStepName;
        events.push_back({{"ph", "X"},
                          {"name", op.name},
                          {"cat", step ? "profiled step" : fmt::format("op {}", opDeviceName(op.device))},
                          {"pid", op.rank},
                          {"tid", opThreadIds.at({op.rank, {op.device, op.lane}})},
                          {"ts", microseconds(op.beginNs)},
                          {"dur", microseconds(op.endNs - op.beginNs)},
                          {"args", {{"step", op.step}}}});
    }
    std::set<std::pair<int, std::pair<TimelineTrack, int>>> tracks;
    // The end of each rank-0 step on the timeline's axis, where its samples/s is drawn.
    std::map<std::int64_t, std::int64_t> stepEnds;
    for (const TimelineSpan& span : spans) {
        ranks.insert(span.rank);
        tracks.insert({span.rank, {span.track, span.lane}});
        if (span.rank == 0 && span.track == TimelineTrack::Main) {
            auto& end = stepEnds[span.step];
            end = std::max(end, span.endNs);
        }
        events.push_back({{"ph", "X"},
                          {"name", std::string(spanKindName(span.kind))},
                          {"cat", category(span.track)},
                          {"pid", span.rank},
                          {"tid", traceThreadId(span.track, span.lane)},
                          {"ts", microseconds(span.beginNs)},
                          {"dur", microseconds(span.endNs - span.beginNs)},
                          {"args", {{"step", span.step}}}});
    }
    const bool severalRanks = ranks.size() > 1;
    for (const int rank : ranks) {
        const std::string name = severalRanks ? fmt::format("rank {}", rank) : run.run.name;
        events.push_back(metadata("process_name", rank, std::nullopt, {{"name", name}}));
        events.push_back(metadata("process_sort_index", rank, std::nullopt, {{"sort_index", rank}}));
    }
    for (const auto& [rank, track] : tracks) {
        const int tid = traceThreadId(track.first, track.second);
        events.push_back(metadata("thread_name", rank, tid, {{"name", timelineTrackName(track.first, track.second)}}));
        events.push_back(metadata("thread_sort_index", rank, tid, {{"sort_index", tid}}));
    }
    for (const auto& [key, tid] : opThreadIds) {
        const auto& [device, lane] = key.second;
        const std::string name = fmt::format("ops: {} {} {}", opDeviceName(device),
                                             device == OpDevice::Cuda ? "stream" : "thread", lane);
        events.push_back(metadata("thread_name", key.first, tid, {{"name", name}}));
        events.push_back(metadata("thread_sort_index", key.first, tid, {{"sort_index", tid}}));
    }
    for (const StepMetrics& step : run.steps) {
        const auto end = stepEnds.find(step.step);
        if (end == stepEnds.end()) continue;
        events.push_back({{"ph", "C"},
                          {"name", "samples/s"},
                          {"pid", 0},
                          {"ts", microseconds(end->second)},
                          {"args", {{"samples/s", step.samplesPerSec}}}});
    }
    nlohmann::json trace = {{"traceEvents", std::move(events)},
                            {"displayTimeUnit", "ms"},
                            {"otherData",
                             {{"producer", "BridgeBench"},
                              {"run_id", run.run.id},
                              {"run", run.run.name},
                              {"time_origin", severalRanks ? "the end of a barrier the ranks left together"
                                                           : "the start of the run's first step"}}}};
    if (const auto& distributed = run.run.summary.distributed;
        distributed.is_object() && distributed.contains("clock_alignment_us"))
        trace["otherData"]["clock_alignment_us"] = distributed["clock_alignment_us"];
    return trace.dump();
}

void exportTrace(const RunData& run, const std::vector<TimelineSpan>& spans, const std::vector<OpEvent>& ops,
                 const std::filesystem::path& file) {
    if (spans.empty() && ops.empty())
        throw InputError(fmt::format("run {} ('{}') has no timeline to export: it ran with timeline=off, was "
                                     "imported, or was stored before BridgeBench recorded timelines",
                                     run.run.id, run.run.name));
    writeOutputFile(file, traceEventJson(run, spans, ops) + "\n");
}

}  // namespace bb
