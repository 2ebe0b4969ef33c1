#include "bridgebench/timeline.h"

#include <array>

namespace bb {

std::optional<TimelineMode> parseTimelineMode(std::string_view text) {
    if (text == "off") return TimelineMode::Off;
    if (text == "sampled") return TimelineMode::Sampled;
    if (text == "all") return TimelineMode::All;
    return std::nullopt;
}

std::string_view timelineModeName(TimelineMode mode) {
    switch (mode) {
        case TimelineMode::Off: return "off";
        case TimelineMode::Sampled: return "sampled";
        case TimelineMode::All: return "all";
    }
    return "sampled";
}

bool timelineRecordsStep(TimelineMode mode, std::int64_t step, std::int64_t warmupSteps) {
    if (mode == TimelineMode::All) return step >= 0;
    if (mode == TimelineMode::Off || step < warmupSteps) return false;
    const std::int64_t after = step - warmupSteps;
    return after < kTimelineDenseSteps || after % kTimelineSampleEvery == 0;
}

std::string_view spanKindName(SpanKind kind) {
    static constexpr std::array<std::string_view, kSpanKindCount> kNames = {
        "data wait", "host-to-device copy", "device transforms", "forward", "backward", "all-reduce wait",
        "optimizer", "record", "batch", "read", "decode", "transform", "tokenize", "collate", "idle", "bucket",
        "copy"};
    const auto index = static_cast<std::size_t>(kind);
    return index < kNames.size() ? kNames[index] : "unknown";
}

std::optional<SpanKind> spanKindFromCode(int code) {
    if (code < 0 || code >= kSpanKindCount) return std::nullopt;
    return static_cast<SpanKind>(code);
}

std::optional<TimelineTrack> timelineTrackFromCode(int code) {
    if (code < 0 || code >= kTimelineTrackCount) return std::nullopt;
    return static_cast<TimelineTrack>(code);
}

std::string timelineTrackName(TimelineTrack track, int lane) {
    switch (track) {
        case TimelineTrack::Main: return "main thread";
        case TimelineTrack::Worker: return "worker " + std::to_string(lane + 1);
        case TimelineTrack::AllReduce: return lane == 0 ? "all-reduce" : "all-reduce " + std::to_string(lane + 1);
        case TimelineTrack::Copy: return "copy";
        case TimelineTrack::DeviceDecode: return "nvJPEG";
    }
    return "track";
}

}  // namespace bb
