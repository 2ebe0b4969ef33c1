// The window says core's notes (warnings before a run, a diagnosis' warnings and assumptions,
// other processes beside a stored run) in its own language. Every kind is taken from the core
// function that makes it, so that the English the window writes is checked word for word
// against core's, figures and their order included.
#include "models/note_text.h"

#include <QRegularExpression>

#include <limits>
#include <set>
#include <tuple>

#include <gtest/gtest.h>

#include "bridgebench/diagnosis.h"
#include "bridgebench/diagnosis_timeline.h"
#include "bridgebench/other_processes.h"
#include "engine/core_contention.h"
#include "i18n/translations.h"
#include "support/stored_summary.h"

namespace bb::ui {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

PipelineProfile cpuProfile() {
    PipelineProfile p;
    p.wallMs = 50;
    p.dataWaitMs = 5;
    p.computeMs = 40;
    p.loadMs = 30;
    p.decodeMs = 20;
    p.hostTransformMs = 10;
    p.batchSize = 8;
    p.cores = 2;
    p.machineCores = 2;
    p.intraOpThreads = 2;
    p.forwardBackwardMs = 35;
    return p;
}

void add(std::vector<Note>& notes, const Diagnosis& d) {
    notes.insert(notes.end(), d.warnings.begin(), d.warnings.end());
    notes.insert(notes.end(), d.assumptions.begin(), d.assumptions.end());
    notes.insert(notes.end(), d.evidence.begin(), d.evidence.end());
}

// Each kind at least once, and each kind's wordings (one thread or more, workers or none).
std::vector<Note> everyKindOfNote() {
    std::vector<Note> notes;
    notes.push_back(*contentionWarning({.cores = 2, .availableCores = 1.2, .computeThreads = 2, .workers = 0}));
    notes.push_back(*contentionWarning({.cores = 16, .availableCores = 13.0, .computeThreads = 14, .workers = 2}));
    notes.push_back(fewerThreadsChosenNote({.cores = 2, .availableCores = 0.8, .computeThreads = 2, .workers = 0}, 1));
    notes.push_back(fewerThreadsChosenNote({.cores = 16, .availableCores = 5.5, .computeThreads = 16, .workers = 0}, 5));
    notes.push_back(*otherProcessesNote(0.9, 1.6, 2));
    notes.push_back(*otherProcessesNote(0.6, 0.7, 0));

    // The engine chose 1 thread of 2 at a busy start.
    PipelineProfile busyStart = cpuProfile();
    busyStart.intraOpThreads = 1;
    busyStart.threadsInsteadOf = 2;
    busyStart.availableCoresAtStart = 0.8;
    add(notes, diagnose(busyStart));

    // Threads that waited for each other (the probe timed 1 thread far faster than 2), without
    // and with the cores others held after the run.
    PipelineProfile slowThreads = cpuProfile();
    slowThreads.probe.forwardBackwardMsByThreads = {{1, 14.2}, {2, 1000.0}};
    add(notes, diagnose(slowThreads));
    slowThreads.probe.availableCores = 1.2;
    add(notes, diagnose(slowThreads));

    PipelineProfile chose = cpuProfile();
    chose.cores = chose.machineCores = 16;
    chose.intraOpThreads = 3;
    chose.threadsInsteadOf = 16;
    chose.availableCoresAtStart = 3.5;
    add(notes, diagnose(chose));

    PipelineProfile took = cpuProfile();
    took.otherCpuCores = 0.9;
    took.otherCpuCoresP95 = 1.6;
    add(notes, diagnose(took));

    PipelineProfile busyLoad = cpuProfile();
    busyLoad.loadAverage = 3.8;
    add(notes, diagnose(busyLoad));

    // A run from elsewhere that does not say its cores.
    PipelineProfile unsaid = cpuProfile();
    unsaid.coresKnown = false;
    add(notes, diagnose(unsaid));

    // On a GPU: device decoding taken as free, and the CPU's decode not predicted after a run that
    // decoded on the device.
    PipelineProfile gpu = cpuProfile();
    gpu.cpuDevice = false;
    gpu.decodesOnDevice = true;
    add(notes, diagnose(gpu));
    gpu.deviceTransforms = gpu.decodedOnDevice = true;
    add(notes, diagnose(gpu));

    // Data parallel with device transforms on: the ring's and the collate's assumptions.
    PipelineProfile ranks = cpuProfile();
    ranks.worldSize = 2;
    ranks.commMs = 6;
    ranks.deviceTransforms = true;
    add(notes, diagnose(ranks));

    // What a timeline shows: each answer to "waited for whom", a saturated worker, workers that
    // kept ahead, a straggler rank.
    using Waited = TimelineSummary::Waited;
    for (const auto& [waited, who, text] :
         std::vector<std::tuple<Waited, int, std::string>>{{Waited::Worker, 1, "worker 2"},
                                                           {Waited::OwnLoading, 0, "its own loading (workers 0)"},
                                                           {Waited::AllReduce, 0, "the all-reduce"},
                                                           {Waited::Rank, 3, "rank 3"}}) {
        TimelineSummary timeline;
        timeline.spans = 400;
        timeline.stepsRecorded = 50;
        timeline.stepsWaitingForIt = 48;
        timeline.medianLongestWaitMs = 12.3;
        timeline.waitedForKind = waited;
        timeline.waitedForWho = who;
        timeline.waitedForMost = text;
        timeline.workers = {{0, 0.41}, {1, waited == Waited::Worker ? 0.96 : 0.52}};
        if (waited == Waited::Rank) {
            timeline.straggler = 3;
            timeline.stragglerSlowerBy = 0.25;
        }
        Diagnosis diagnosis = diagnose(cpuProfile());
        diagnosis.warnings.clear();
        diagnosis.assumptions.clear();
        addTimelineEvidence(diagnosis, timeline);
        add(notes, diagnosis);
    }
    return notes;
}

TEST(NoteText, InEnglishTheWindowSaysWhatCoreSaysForEveryKind) {
    EXPECT_FALSE(installTranslations(QLocale(QLocale::English)));
    std::set<int> kinds;
    for (const auto& note : everyKindOfNote()) {
        kinds.insert(static_cast<int>(note.kind));
        EXPECT_EQ(noteText(note).toStdString(), note.text) << "kind " << static_cast<int>(note.kind);
    }
    EXPECT_EQ(kinds.size(), static_cast<std::size_t>(Note::kKinds)) << "a kind no core function made here";
}

TEST(NoteText, InChineseEveryKindIsTranslatedAndKeepsItsFigures) {
    ASSERT_TRUE(installTranslations(QLocale(QLocale::Chinese, QLocale::Taiwan)));
    static const QRegularExpression figure(QStringLiteral("\\d+(\\.\\d)?"));
    for (const auto& note : everyKindOfNote()) {
        const QString english = QString::fromStdString(note.text);
        const QString chinese = noteText(note);
        EXPECT_NE(chinese, english) << note.text;
        EXPECT_TRUE(chinese.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))))
            << chinese.toStdString();
        // Every figure core wrote, in the same digits.
        for (auto match = figure.globalMatch(english); match.hasNext();) {
            const QString number = match.next().captured();
            EXPECT_TRUE(chinese.contains(number)) << number.toStdString() << " missing from " << chinese.toStdString();
        }
    }
    installTranslations(QLocale(QLocale::English));
}

TEST(NoteText, FiguresThatDoNotFitTheKindLeaveCoresEnglish) {
    const Note newer{Note::Kind::CoresHeldAfterRun, {1.2}, "a note a newer core words differently"};
    EXPECT_EQ(noteText(newer), QStringLiteral("a note a newer core words differently"));
    const Note unknown{static_cast<Note::Kind>(Note::kKinds), {}, "a kind this window does not know"};
    EXPECT_EQ(noteText(unknown), QStringLiteral("a kind this window does not know"));
}

TEST(NoteText, AStoredRunsOtherProcessesAreSaidOnlyWhereTheyTookEnough) {
    RunRecord run;
    run.environment = nlohmann::json{{"logical_cores", 4}}.get<RunEnvironment>();
    run.summary = bb::test::storedSummary(nlohmann::json{{"other_cpu_cores", 1.25}, {"other_cpu_cores_p95", 2.5}});
    EXPECT_EQ(otherProcessesText(run).toStdString(), otherProcessesNote(run)->text);
    run.summary = bb::test::storedSummary(nlohmann::json{{"other_cpu_cores", 0.1}, {"other_cpu_cores_p95", 0.2}});
    EXPECT_TRUE(otherProcessesText(run).isEmpty());
    run.summary = bb::test::storedSummary(nlohmann::json{{"other_cpu_cores", kNaN}});
    EXPECT_TRUE(otherProcessesText(run).isEmpty());
}

}  // namespace
}  // namespace bb::ui
