#include "models/note_text.h"

#include <QCoreApplication>

#include <cmath>
#include <cstdio>

#include "bridgebench/other_processes.h"
#include "bridgebench/timeline_summary.h"

namespace bb::ui {

namespace {

// lupdate reads the context from this declaration.
class Notes {
    Q_DECLARE_TR_FUNCTIONS(bb::ui::Notes)

public:
    static QString say(const Note& note);
};

// Core's fmt "{:.1f}" and "{}": C-locale digits in every language, as the figures beside them.
// printf, not QString::number: fmt and printf round an exact tie to even (1.25 → "1.2") where
// QString::number rounds it up ("1.3"), and the window would contradict the CLI.
QString oneDecimal(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return QString::fromLatin1(text);
}
QString whole(double value) { return QString::number(std::llround(value)); }
// fmt's "{:.3g}" for a duration in ms.
QString threeDigits(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return QString::fromLatin1(text);
}
// fmt's "{:.0f}" (a tie rounds to even, as printf's).
QString percent(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f", value);
    return QString::fromLatin1(text);
}

int figuresOf(Note::Kind kind) {
    switch (kind) {
    case Note::Kind::CoresHeldAtStart: return 6;
    case Note::Kind::FewerThreadsChosen: return 4;
    case Note::Kind::ThreadsWaited: return 5;
    case Note::Kind::ThreadsWaitedCoresHeld: return 7;
    case Note::Kind::CoresHeldAfterRun: return 2;
    case Note::Kind::EngineChoseFewerThreads: return 4;
    case Note::Kind::OtherProcessesTook: return 3;
    case Note::Kind::OtherProcessesMayNotRepeat: return 3;
    case Note::Kind::BusyAtStart: return 2;
    case Note::Kind::BusyLoadAverage: return 2;
    case Note::Kind::CoresUnknown: return 1;
    case Note::Kind::TimelineWaitedFor: return 5;
    case Note::Kind::TimelineWorkerSaturated: return 2;
    case Note::Kind::TimelineWorkersKeptAhead: return 2;
    case Note::Kind::TimelineStraggler: return 2;
    default: return 0;
    }
}

QString Notes::say(const Note& note) {
    const auto& f = note.figures;
    switch (note.kind) {
    case Note::Kind::CoresHeldAtStart:
        if (std::llround(f[3]) == 0)
            return tr("other processes held %1 of the %2 cores at the start; its %3 compute threads need %4, so steps "
                      "can run many times slower: set threads=%5 or free the cores")
                .arg(oneDecimal(f[0]), whole(f[1]), whole(f[2]), whole(f[4]), whole(f[5]));
        return tr("other processes held %1 of the %2 cores at the start; its %3 compute threads and %4 loader workers "
                  "need %5, so steps can run many times slower: set threads=%6 or free the cores")
            .arg(oneDecimal(f[0]), whole(f[1]), whole(f[2]), whole(f[3]), whole(f[4]), whole(f[5]));
    case Note::Kind::FewerThreadsChosen:
        if (std::llround(f[2]) == 1)
            return tr("other processes held %1 of the %2 cores at the start, so the run computes on 1 thread instead "
                      "of %3 (threads waiting for busy cores can make steps many times slower); set threads=%3 to "
                      "measure with %3")
                .arg(oneDecimal(f[0]), whole(f[1]), whole(f[3]));
        return tr("other processes held %1 of the %2 cores at the start, so the run computes on %3 threads instead of "
                  "%4 (threads waiting for busy cores can make steps many times slower); set threads=%4 to measure "
                  "with %4")
            .arg(oneDecimal(f[0]), whole(f[1]), whole(f[2]), whole(f[3]));
    case Note::Kind::ThreadsWaited:
        return tr("the compute threads waited for each other: forward + backward took %1 ms on %2 threads and %3 ms "
                  "on %4 in the probe after the run; with threads=%4 this run's setting is predicted at %5 samples/s")
            .arg(oneDecimal(f[0]), whole(f[1]), oneDecimal(f[2]), whole(f[3]), oneDecimal(f[4]));
    case Note::Kind::ThreadsWaitedCoresHeld:
        return tr("the compute threads waited for each other: forward + backward took %1 ms on %2 threads and %3 ms "
                  "on %4 in the probe after the run, with other processes holding %6 of the %7 cores; with "
                  "threads=%4 this run's setting is predicted at %5 samples/s")
            .arg(oneDecimal(f[0]), whole(f[1]), oneDecimal(f[2]), whole(f[3]), oneDecimal(f[4]), oneDecimal(f[5]),
                 whole(f[6]));
    case Note::Kind::CoresHeldAfterRun:
        return tr("other processes held %1 of the %2 cores right after this run; the predictions assume they keep "
                  "that share")
            .arg(oneDecimal(f[0]), whole(f[1]));
    case Note::Kind::EngineChoseFewerThreads:
        if (std::llround(f[0]) == 1)
            return tr("the engine chose 1 compute thread instead of %1 (threads=0) because other processes held %2 of "
                      "the %3 cores when the run started; the predictions keep that choice")
                .arg(whole(f[1]), oneDecimal(f[2]), whole(f[3]));
        return tr("the engine chose %1 compute threads instead of %2 (threads=0) because other processes held %3 of "
                  "the %4 cores when the run started; the predictions keep that choice")
            .arg(whole(f[0]), whole(f[1]), oneDecimal(f[2]), whole(f[3]));
    case Note::Kind::OtherProcessesTook:
    case Note::Kind::OtherProcessesMayNotRepeat: {
        const QString took =
            std::llround(f[2]) > 0
                ? tr("other processes took %1 of the %2 cores on average while this run ran (%3 in its busiest "
                     "twentieth of steps)")
                      .arg(oneDecimal(f[0]), whole(f[2]), oneDecimal(f[1]))
                : tr("other processes took %1 cores on average while this run ran (%2 in its busiest twentieth of "
                     "steps)")
                      .arg(oneDecimal(f[0]), oneDecimal(f[1]));
        if (note.kind == Note::Kind::OtherProcessesTook) return took;
        return tr("%1: these figures and predictions may not repeat").arg(took);
    }
    case Note::Kind::BusyAtStart:
        return tr("the machine was busy when this run started (other processes held %1 of the %2 cores): these "
                  "figures and predictions may not repeat")
            .arg(oneDecimal(f[0]), whole(f[1]));
    case Note::Kind::BusyLoadAverage:
        return tr("the machine was busy when this run started (load average %1 on %2 cores): other processes "
                  "competed for the cores, so these figures and predictions may not repeat")
            .arg(oneDecimal(f[0]), whole(f[1]));
    case Note::Kind::RanksScaleAsARing:
        return tr("more ranks keep each rank's compute and loading, and the all-reduce wait grows as a ring's traffic "
                  "per rank, 2(n-1)/n of the gradient, on the same links");
    case Note::Kind::CoresUnknown:
        return tr("the run does not record its machine's cores: the predictions take the %1 its compute threads and "
                  "workers used")
            .arg(whole(f[0]));
    case Note::Kind::ThreadsShareTheCores: return tr("all threads share the cores");
    case Note::Kind::ComputeScalesPerfectly:
        return tr("compute scales perfectly with its threads (the run took no probe: set probe=true to measure it)");
    case Note::Kind::DeviceTransformsCostTheHostTransform:
        return tr("device transforms cost what the host transform they replace costs");
    case Note::Kind::HostTransformCostsTheCollate:
        return tr("the host transform costs what the loader's collate of raw images costs");
    case Note::Kind::DeviceDecodingTakenAsFree:
        return tr("with device transforms nvJPEG decodes on the GPU: its decode, and the transforms unless the probe "
                  "timed them, are taken as free beside the step (this run did not measure them)");
    case Note::Kind::HostDecodingNotPredicted:
        return tr("settings without device transforms are not predicted: this run decoded on the GPU, so the CPU's "
                  "decode is unmeasured (probe=true measures it)");
    case Note::Kind::TimelineWaitedFor: {
        QString who;
        switch (static_cast<TimelineSummary::Waited>(std::llround(f[0]))) {
        case TimelineSummary::Waited::Worker: who = tr("worker %1").arg(whole(f[1])); break;
        case TimelineSummary::Waited::OwnLoading: who = tr("its own loading (workers 0)"); break;
        case TimelineSummary::Waited::AllReduce: who = tr("the all-reduce"); break;
        case TimelineSummary::Waited::Rank: who = tr("rank %1").arg(whole(f[1])); break;
        case TimelineSummary::Waited::Nothing: return QString::fromStdString(note.text);
        }
        return tr("in %1 of %2 recorded steps the training thread waited longest for %3 (median %4 ms)")
            .arg(whole(f[2]), whole(f[3]), who, threeDigits(f[4]));
    }
    case Note::Kind::TimelineWorkerSaturated:
        return tr("worker %1 was busy %2% of the recorded time: the loader could not get ahead of the training thread")
            .arg(whole(f[0]), percent(f[1]));
    case Note::Kind::TimelineWorkersKeptAhead:
        return tr("the busiest loader worker, worker %1, was busy %2% of the recorded time: the workers kept ahead of "
                  "the training thread")
            .arg(whole(f[0]), percent(f[1]));
    case Note::Kind::TimelineStraggler:
        return tr("rank %1 is a straggler: its median step up to the all-reduce took %2% longer than the other "
                  "ranks', and every all-reduce waits for the last rank")
            .arg(whole(f[0]), percent(f[1]));
    }
    return QString::fromStdString(note.text);
}

}  // namespace

QString noteText(const Note& note) {
    if (static_cast<int>(note.figures.size()) != figuresOf(note.kind)) return QString::fromStdString(note.text);
    return Notes::say(note);
}

QString otherProcessesText(const RunRecord& run) {
    const auto note = otherProcessesNote(run);
    return note ? noteText(*note) : QString();
}

}  // namespace bb::ui
