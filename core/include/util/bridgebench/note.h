// A sentence the engine or its analysis tells the user about a run: a warning before the first
// step, a diagnosis' warning or assumption. Core has no Qt and no translations, so each comes
// twice: English text for the CLI, JSON and reports, and a kind with its figures, from which the
// window says it in its own language (ui/models/note_text.h).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace bb {

struct Note {
    // The figures each kind carries, in order. A count of cores or threads is a whole number.
    enum class Kind {
        // Before the first step (engine/core_contention.h).
        CoresHeldAtStart,    // held cores, cores, compute threads, workers, cores needed, threads that fit
        FewerThreadsChosen,  // held cores, cores, chosen threads, threads instead of
        // The diagnosis' warnings.
        ThreadsWaited,            // own ms, own threads, best ms, best threads, predicted samples/s
        ThreadsWaitedCoresHeld,   // the same, then held cores, cores
        CoresHeldAfterRun,        // held cores, cores
        EngineChoseFewerThreads,  // chosen threads, threads instead of, held cores, cores
        OtherProcessesTook,       // mean cores, busiest twentieth's cores, cores (0: unknown)
        OtherProcessesMayNotRepeat,  // the same, in a diagnosis
        BusyAtStart,                 // held cores, cores
        BusyLoadAverage,             // load average, cores
        // The diagnosis' assumptions (no figures).
        RanksScaleAsARing,
        ThreadsShareTheCores,
        ComputeScalesPerfectly,
        CoresUnknown,  // the cores taken (the run's compute threads and workers)
        DeviceTransformsCostTheHostTransform,
        HostTransformCostsTheCollate,
        DeviceDecodingTakenAsFree,       // a GPU run without device decoding: nvJPEG's cost unmeasured
        HostDecodingNotPredicted,        // a GPU run that decoded on the device and took no probe
        // What the run's timeline shows (diagnosis_timeline.h).
        TimelineWaitedFor,         // who (TimelineSummary::Waited), worker number or rank, steps, of steps, median ms
        TimelineWorkerSaturated,   // worker number (1-based), busy %
        TimelineWorkersKeptAhead,  // busiest worker's number, its busy %
        TimelineStraggler,         // rank, % slower than the other ranks' median
    };
    static constexpr int kKinds = static_cast<int>(Kind::TimelineStraggler) + 1;

    Kind kind = Kind::ThreadsShareTheCores;
    std::vector<double> figures;
    std::string text;
};

// The text alone: what the CLI and JSON have always carried.
void to_json(nlohmann::json& out, const Note& note);

}  // namespace bb
