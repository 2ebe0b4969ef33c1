#include "bridgebench/study_runner.h"

#include <mutex>

#include "bridgebench/result_store.h"
#include "bridgebench/run_session.h"
#include "engine/model_factory.h"

namespace bb {

namespace {

// A point as RunSession stores it: with the caption length resolved (0 is "the model's own").
nlohmann::json storedForm(RunConfig config) {
    config.textLength = resolveTextLength(config);
    return toJson(config);
}

// A done run's config as this build would store it. Rows stored before text_length was a key
// fed the model's own length without recording it: they resume as that length, not as new points.
nlohmann::json doneForm(const RunRecord& run) {
    const nlohmann::json stored = run.config;
    if (run.config.textLength) return stored;
    try {
        RunConfig config = runConfigFromJson(stored);
        return storedForm(config);
    } catch (const std::exception&) {
        return stored;  // unreadable or a model no longer found: it matches nothing, and the point runs
    }
}

}  // namespace

struct StudyRunner::Impl {
    std::filesystem::path dbFile;
    StudyConfig study;
    std::vector<RunConfig> points;
    RunObserver& stepObserver;
    StudyProgress& progress;
    std::mutex mutex;
    RunSession* current = nullptr;
    bool cancelled = false;

    Impl(const std::filesystem::path& file, StudyConfig config, RunObserver& observer, StudyProgress& report)
        : dbFile(file), study(std::move(config)), points(expandStudy(study)), stepObserver(observer), progress(report) {}

    // The study of this name with the same definition, or a new one: changing the grid or
    // the base config starts a fresh study instead of mixing incomparable runs.
    std::int64_t resolveStudy(ResultStore& store) {
        const nlohmann::json definition = toJson(study);
        if (auto existing = store.findStudy(study.name); existing && existing->config == definition)
            return existing->id;
        StudyRecord record;
        record.name = study.name;
        record.kind = "sweep";
        record.config = definition;
        return store.createStudy(record);
    }
};

StudyRunner::StudyRunner(const std::filesystem::path& dbFile, StudyConfig study, RunObserver& stepObserver,
                         StudyProgress& progress)
    : m_impl(std::make_unique<Impl>(dbFile, std::move(study), stepObserver, progress)) {}

StudyRunner::~StudyRunner() = default;

StudyOutcome StudyRunner::run() {
    auto& impl = *m_impl;
    StudyOutcome outcome;
    std::vector<RunRecord> done;
    {
        ResultStore store(impl.dbFile);
        outcome.studyId = impl.resolveStudy(store);
        done = store.runsInStudy(outcome.studyId);
    }
    const std::size_t total = impl.points.size();
    for (std::size_t index = 0; index < total; ++index) {
        const RunConfig& point = impl.points[index];
        const nlohmann::json wanted = storedForm(point);
        const auto previous = std::find_if(done.begin(), done.end(), [&](const RunRecord& run) {
            return run.status == RunStatus::Completed && doneForm(run) == wanted;
        });
        if (previous != done.end()) {
            outcome.runIds.push_back(previous->id);
            ++outcome.skipped;
            impl.progress.pointSkipped(index, total, *previous);
            continue;
        }
        {
            std::lock_guard lock(impl.mutex);
            if (impl.cancelled) break;
        }
        impl.progress.pointStarting(index, total, point);
        RunSession session(impl.dbFile, point, impl.stepObserver, outcome.studyId);
        {
            std::lock_guard lock(impl.mutex);
            if (impl.cancelled) break;
            impl.current = &session;
            session.start();
        }
        const RunOutcome result = session.wait();
        {
            std::lock_guard lock(impl.mutex);
            impl.current = nullptr;
        }
        outcome.runIds.push_back(session.runId());
        if (result.status == RunStatus::Completed) ++outcome.completed;
        if (result.status == RunStatus::Failed) ++outcome.failed;
        impl.progress.pointFinished(index, total, session.runId(), result);
    }
    std::lock_guard lock(impl.mutex);
    outcome.cancelled = impl.cancelled;
    return outcome;
}

void StudyRunner::cancel() {
    std::lock_guard lock(m_impl->mutex);
    m_impl->cancelled = true;
    if (m_impl->current) m_impl->current->cancel();
}

}  // namespace bb
