#include "bridgebench/run_session.h"

#include <future>
#include <thread>

#include <fmt/format.h>

#include "bridgebench/result_store.h"
#include "bridgebench/step_writer.h"
#include "data/dataset.h"
#include "engine/environment.h"
#include "engine/run_control.h"
#include "engine/trainer.h"
#include "util/time_format.h"

namespace bb {

namespace {

std::string generatedName(const RunConfig& config) {
    std::string stamp = isoUtcNow();  // 2026-11-30T19:05:00Z
    stamp = stamp.substr(0, 10) + " " + stamp.substr(11, 8);
    return fmt::format("{} b{} w{}{} {}", config.model, config.batchSize, config.workers,
                       config.deviceTransforms ? "+dt" : "", stamp);
}

// Sends each step to the store's writer queue and to the user's observer. A run whose steps
// can no longer be stored (full disk) is stopped: its figures would be lost anyway.
class RecordingFanout final : public RunObserver {
public:
    RecordingFanout(StepWriter& writer, RunObserver& user, RunControl& control)
        : m_writer(writer), m_user(user), m_control(control) {}
    void step(const StepMetrics& metrics) override {
        m_writer.push(metrics);
        m_user.step(metrics);
        if (m_writer.failed()) m_control.cancel();
    }
    void preparing(const RunPreparation& progress) override { m_user.preparing(progress); }
    void finished(const RunOutcome&) override {}

private:
    StepWriter& m_writer;
    RunObserver& m_user;
    RunControl& m_control;
};

}  // namespace

struct RunSession::Impl {
    std::filesystem::path dbFile;
    RunConfig config;
    RunObserver& observer;
    std::unique_ptr<ResultStore> store;
    std::int64_t runId = 0;
    std::string uuid;
    RunControl control;
    std::promise<RunOutcome> outcomePromise;
    std::shared_future<RunOutcome> outcome = outcomePromise.get_future().share();
    bool started = false;
    std::jthread thread;  // last: joined before the members it uses go away

    Impl(const std::filesystem::path& file, RunConfig runConfig, RunObserver& user)
        : dbFile(file), config(std::move(runConfig)), observer(user) {}

    void runOnThread() {
        RunOutcome result;
        {
            StepWriter writer(dbFile, runId);
            RecordingFanout fanout(writer, observer, control);
            observer.started({runId, uuid, config.name, config.steps, toJson(config)});
            TrainerResult trained = train(config, fanout, control);
            const std::string writeError = writer.close();

            result.status = trained.status;
            result.error = trained.error;
            result.summary = summarize(trained.steps, config.warmupSteps, trained.flopsPerSample);
            result.summary.skippedSamples = trained.skipped.count;
            result.summary.skippedFirst = trained.skipped.first;
            result.summary.probe = trained.probe;
            if (!writeError.empty() && result.status != RunStatus::Failed) {
                result.status = RunStatus::Failed;
                result.error = "the run's steps could not be stored: " + writeError;
            }
        }
        try {
            store->finishRun(runId, result.status, result.error, result.summary);
        } catch (const std::exception& failure) {
            result.status = RunStatus::Failed;
            result.error = failure.what();
        }
        observer.finished(result);
        outcomePromise.set_value(result);
    }
};

RunSession::RunSession(const std::filesystem::path& dbFile, RunConfig config, RunObserver& observer,
                       std::int64_t studyId)
    : m_impl(std::make_unique<Impl>(dbFile, std::move(config), observer)) {
    auto& impl = *m_impl;
    validate(impl.config);
    // A dataset that cannot give one sample is refused here, as InputError, before the run has
    // a row: else it would start, fail and stay in the database as a failed run.
    if (impl.config.dataset != "synthetic" && impl.config.dataset != "synthetic-tensors")
        Dataset::checkUsable(impl.config.dataset);
    if (impl.config.name.empty()) impl.config.name = generatedName(impl.config);
    impl.store = std::make_unique<ResultStore>(dbFile);

    RunRecord record;
    record.name = impl.config.name;
    record.source = "local";
    record.status = RunStatus::Running;
    record.deviceKind = torch::Device(impl.config.device).is_cuda() ? "cuda" : "cpu";
    record.deviceName = impl.config.device;
    record.deviceCount = 1;
    record.model = impl.config.model;
    record.precision = impl.config.precision;
    record.batchSize = impl.config.batchSize;
    record.workers = impl.config.workers;
    record.deviceTransforms = impl.config.deviceTransforms;
    record.config = toJson(impl.config);
    record.environment = captureEnvironment(impl.config, chooseIntraOpThreads(impl.config));
    record.studyId = studyId;
    record.uuid = newUuid();
    impl.uuid = record.uuid;
    impl.runId = impl.store->createRun(std::move(record));
}

RunSession::~RunSession() {
    if (!m_impl->started) {
        // Created but never started: close the row so it does not read as running.
        try {
            m_impl->store->finishRun(m_impl->runId, RunStatus::Cancelled, "never started", nlohmann::json::object());
        } catch (const std::exception&) {
            // The row stays 'running' and is marked interrupted at the next open.
        }
        return;
    }
    m_impl->control.cancel();
}

std::int64_t RunSession::runId() const { return m_impl->runId; }
const std::string& RunSession::name() const { return m_impl->config.name; }

void RunSession::start() {
    if (m_impl->started) return;
    m_impl->started = true;
    m_impl->thread = std::jthread([impl = m_impl.get()] { impl->runOnThread(); });
}

void RunSession::cancel() { m_impl->control.cancel(); }
void RunSession::pause() { m_impl->control.pause(); }
void RunSession::resume() { m_impl->control.resume(); }

RunOutcome RunSession::wait() {
    if (!m_impl->started) start();
    return m_impl->outcome.get();
}

}  // namespace bb
