#include "bridgebench/run_session.h"

#include <future>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "bridgebench/op_profile.h"
#include "bridgebench/result_store.h"
#include "bridgebench/step_writer.h"
#include "store/retry_unavailable.h"
#include "data/dataset.h"
#include "data/decode_path.h"
#include "distributed/core_per_rank.h"
#include "distributed/data_parallel_run.h"
#include "distributed/gpu_per_rank.h"
#include "distributed/world.h"
#include "engine/core_contention.h"
#include "engine/environment.h"
#include "session/machine_peak_probe.h"
#include "engine/model_factory.h"
#include "engine/other_cpu_meter.h"
#include "engine/run_control.h"
#include "engine/run_memory_check.h"
#include "engine/trainer.h"
#include "model/safetensors.h"
#include "profiling/kernel_capture.h"
#include "store/device_name.h"
#include "util/time_format.h"

namespace bb {

namespace {

constexpr int kFinishRetryWindowMs = 15'000;

std::string generatedName(const RunConfig& config, std::int64_t worldSize) {
    std::string stamp = isoUtcNow();  // 2026-11-30T19:05:00Z
    stamp = stamp.substr(0, 10) + " " + stamp.substr(11, 8);
    const std::string devices = worldSize > 1 ? fmt::format(" x{}", worldSize) : "";
    return fmt::format("{} b{} w{}{}{} {}", config.model, config.batchSize, config.workers,
                       config.deviceTransforms ? "+dt" : "", devices, stamp);
}

std::int64_t worldSizeFor(const RunConfig& config) {
    try {
        if (const auto world = worldFromEnvironment(processEnvironment())) return world->size;
    } catch (const std::exception&) {
        // A malformed launch environment fails the run when it joins, naming the variable.
    }
    return config.devices;
}

// Sends each step to the store's writer queue (rank 0 only: other ranks store nothing) and to
// the user's observer. A run whose steps can no longer be stored (full disk) is stopped: its
// figures would be lost anyway.
class RecordingFanout final : public RunObserver {
public:
    RecordingFanout(StepWriter* writer, RunObserver& user, RunControl& control)
        : m_writer(writer), m_user(user), m_control(control) {}
    void step(const StepMetrics& metrics) override {
        if (m_writer) m_writer->push(metrics);
        m_user.step(metrics);
        if (m_writer && m_writer->failed()) m_control.cancel();
    }
    void timeline(const std::vector<TimelineSpan>& spans) override {
        if (m_writer) m_writer->pushTimeline(spans);
        m_user.timeline(spans);
    }
    void preparing(const RunPreparation& progress) override { m_user.preparing(progress); }
    void finished(const RunOutcome&) override {}

private:
    StepWriter* m_writer;
    RunObserver& m_user;
    RunControl& m_control;
};

// What a run records of the machine it runs on; with data parallel, of the world it joined.
// `intraOpThreads`: the session's choice where it made one (0: chooseIntraOpThreads).
RunEnvironment runEnvironment(const RunConfig& config, const nlohmann::json& decode, const DistributedRun* world,
                              int intraOpThreads = 0) {
    nlohmann::json environment =
        captureEnvironment(config, intraOpThreads > 0 ? intraOpThreads : chooseIntraOpThreads(config));
    environment["decode"] = decode;
    if (world) {
        environment["ranks"] = world->rankEnvironments();
        environment["launcher"] = world->world().launcher;
        environment["backend"] = world->backend();
        if (!world->backendNote().empty()) environment["backend_note"] = world->backendNote();
    }
    return environment.get<RunEnvironment>();
}

}  // namespace

std::shared_ptr<DistributedRun> joinDataParallel(RunConfig& config) {
    validate(config);
    if (!DistributedRun::wanted(config, processEnvironment())) return nullptr;
    return DistributedRun::start(config, processEnvironment());
}

int dataParallelRank(const DistributedRun& run) { return run.world().rank; }

struct RunSession::Impl {
    std::filesystem::path dbFile;
    RunConfig config;
    RunObserver& observer;
    std::unique_ptr<ResultStore> store;  // null on ranks other than 0
    std::int64_t runId = 0;
    std::string uuid;
    RunControl control;
    std::shared_ptr<DistributedRun> distributed;
    nlohmann::json decode;  // DecodeChoice::toJson() when device decoding was wanted, else null
    nlohmann::json decodeEnvironment;  // DecodeChoice::toJson(), always
    std::string machine;     // machineIdentity() of this machine, for its CPU peak
    int intraOpThreads = 0;  // fewer than the engine's choice where other processes held the cores; 0: its choice
    std::promise<RunOutcome> outcomePromise;
    std::shared_future<RunOutcome> outcome = outcomePromise.get_future().share();
    bool started = false;
    std::jthread thread;  // last: joined before the members it uses go away

    Impl(const std::filesystem::path& file, RunConfig runConfig, RunObserver& user)
        : dbFile(file), config(std::move(runConfig)), observer(user) {}

    TrainerResult trainPerhapsDistributed(RunObserver& fanout) {
        if (!distributed && DistributedRun::wanted(config, processEnvironment())) {
            try {
                distributed = DistributedRun::start(config, processEnvironment());
                // The row was created before the world existed: it gets the threads, backend and
                // device the world resolved, and the ranks, as a run whose world came first.
                if (store)
                    store->recordRunSetup(runId, toJson(config),
                                          runEnvironment(config, decodeEnvironment, distributed.get()));
            } catch (const std::exception& error) {
                distributed.reset();
                TrainerResult failed;
                failed.status = RunStatus::Failed;
                failed.error = error.what();
                return failed;
            }
        }
        if (!distributed) {
            GradientSynchronizer alone;
            return train(config, fanout, control, alone, intraOpThreads);
        }
        auto sync = distributed->synchronizer(config);
        TrainerResult trained = train(config, fanout, control, *sync);
        if (trained.status == RunStatus::Failed) {
            distributed->reportFailure(trained.error);
            trained.error = distributed->explainFailure(trained.error);
        }
        if (trained.distributed.is_object()) {
            auto& ranks = trained.distributed["ranks"];
            const auto& environments = distributed->rankEnvironments();
            for (std::size_t r = 0; r < ranks.size() && r < environments.size(); ++r)
                for (const auto& [key, value] : environments[r].items()) ranks[r][key] = value;
        }
        const auto lost = distributed->finish(trained.status != RunStatus::Failed);
        if (!lost.empty() && trained.status != RunStatus::Failed) {
            trained.status = RunStatus::Failed;
            trained.error = lost.front();
        }
        distributed.reset();  // closes the process group before the outcome is delivered
        return trained;
    }

    // The row was created with the engine's own thread count; it gets the one the run uses and
    // the one it would have used. Empty, or why the row could not be updated.
    std::string recordFewerThreads(int insteadOf) {
        if (!store) return {};
        RunEnvironment environment = runEnvironment(config, decodeEnvironment, nullptr, intraOpThreads);
        environment.intraOpThreadsInsteadOf = insteadOf;
        try {
            store->recordRunSetup(runId, toJson(config), environment);
        } catch (const std::exception& error) {
            return std::string("the run's thread count could not be stored: ") + error.what();
        }
        return {};
    }

    // Once per machine, after a completed CPU run in one process (other ranks would count as
    // other processes) that takes the probe: the peak its MFU and every later run's is held against. A busy store
    // or machine leaves it for a later run; the run's MFU is unknown meanwhile.
    void measureMachinePeakIfMissing(const TrainerResult& trained) {
        if (!store || machine.empty() || !config.probe || trained.status != RunStatus::Completed || control.cancelled())
            return;
        if (!torch::Device(config.device).is_cpu() || trained.distributed.is_object()) return;
        try {
            ensureMachinePeaks(*store, machine, intraOpThreads > 0 ? intraOpThreads : chooseIntraOpThreads(config),
                               control);
        } catch (const std::exception&) {
            // The run is stored without it; a later run on the machine measures it again.
        }
    }

    void runOnThread() {
        RunOutcome result;
        std::vector<OpEvent> ops;
        {
            std::optional<StepWriter> writer;
            if (store) writer.emplace(dbFile, runId);
            RecordingFanout fanout(writer ? &*writer : nullptr, observer, control);
            RunStarted info{runId, uuid, config.name, config.steps, toJson(config), {}};
            // On the run's thread: the GUI constructs the session on its own.
            const auto contention = measureCoreContention(
                config, distributed != nullptr || DistributedRun::wanted(config, processEnvironment()),
                std::chrono::milliseconds(150));
            std::string setupError;
            if (contention) {
                // Left to the engine, threads that would wait for busy cores are not what the
                // user asked for: beside a build, 2 threads on this 2-core box gave 9-16
                // samples/s where 1 gave 293-320 (README, "Measuring honestly").
                if (const auto fit = config.threads == 0 ? threadsThatFit(*contention) : std::nullopt) {
                    intraOpThreads = *fit;
                    info.warnings.push_back(fewerThreadsChosenNote(*contention, *fit));
                    setupError = recordFewerThreads(contention->computeThreads);
                } else if (auto warning = contentionWarning(*contention)) {
                    info.warnings.push_back(std::move(*warning));
                }
            }
            observer.started(info);
            TrainerResult trained;
            if (setupError.empty()) {
                trained = trainPerhapsDistributed(fanout);
            } else {
                trained.status = RunStatus::Failed;
                trained.error = setupError;
            }
            const std::string writeError = writer ? writer->close() : std::string();
            measureMachinePeakIfMissing(trained);

            result.status = trained.status;
            result.error = trained.error;
            // What the store holds is what the summary counts: a writer that gave up stored a
            // prefix of the steps, and the rest are named as not stored.
            const auto stored = writer ? static_cast<std::size_t>(writer->committedRows()) : trained.steps.size();
            const std::span<const StepMetrics> kept(trained.steps.data(), std::min(stored, trained.steps.size()));
            // One process has no all-reduce to wait for: its share is not 0 but not there.
            result.summary = summarize(kept, config.warmupSteps, trained.flopsPerSample,
                                       MeasuredParts{true, !trained.distributed.is_null()});
            result.summary.stepsNotStored = static_cast<std::int64_t>(trained.steps.size() - kept.size());
            result.summary.skippedSamples = trained.skipped.count;
            result.summary.skippedFirst = trained.skipped.first;
            result.summary.probe = trained.probe;
            result.summary.distributed = trained.distributed;
            result.summary.lossScaling = trained.lossScaling;
            result.summary.deviceMemory = trained.deviceMemory;
            result.summary.profile = trained.profile;
            ops = std::move(trained.ops);
            result.summary.decode = decode;
            if (contention) result.summary.availableCoresAtStart = contention->availableCores;
            if (!writeError.empty() && result.status != RunStatus::Failed) {
                result.status = RunStatus::Failed;
                result.error = "the run's steps could not be stored: " + writeError;
            }
        }
        if (store && !ops.empty()) {
            // After the steps' writer has closed: one writer at a time. Ops that cannot be stored
            // cost the run its profile, not its result.
            try {
                retryWhileUnavailable(std::chrono::milliseconds(kFinishRetryWindowMs),
                                      [&] { store->appendOps(runId, ops); }, [] {});
            } catch (const std::exception& failure) {
                result.summary.profile = {{"error", std::string("the profiled ops could not be stored: ") + failure.what()}};
            }
        }
        if (store) {
            // The summary is what makes the row more than steps: a busy or full store at the
            // end gets some patience, less than the step writer's, which has waited already when
            // the store is why the run ends (a row it cannot finish is marked interrupted later).
            try {
                retryWhileUnavailable(
                    std::chrono::milliseconds(kFinishRetryWindowMs),
                    [&] { store->finishRun(runId, result.status, result.error, result.summary); }, [] {});
            } catch (const std::exception& failure) {
                result.status = RunStatus::Failed;
                result.error = failure.what();
            }
        }
        observer.finished(result);
        outcomePromise.set_value(result);
    }
};

RunSession::RunSession(const std::filesystem::path& dbFile, RunConfig config, RunObserver& observer,
                       std::int64_t studyId, std::shared_ptr<DistributedRun> distributed)
    : m_impl(std::make_unique<Impl>(dbFile, std::move(config), observer)) {
    auto& impl = *m_impl;
    impl.distributed = std::move(distributed);
    validate(impl.config);
    if (torch::Device(impl.config.device).is_cuda())
        checkGpuPerRank(impl.config, worldFromEnvironment(processEnvironment()), torch::cuda::device_count());
    checkCorePerRank(impl.config, worldFromEnvironment(processEnvironment()), static_cast<int>(affinityCpus().size()));
    // Resolved here, so that the row records the caption length trained on (its workload and its
    // FLOPs depend on it) and a length the model cannot take is refused before the row exists.
    impl.config.textLength = resolveTextLength(impl.config);
    // A dataset that cannot give one sample is refused here, as InputError, before the run has
    // a row: else it would start, fail and stay in the database as a failed run.
    if (impl.config.dataset != "synthetic" && impl.config.dataset != "synthetic-tensors")
        Dataset::checkUsable(impl.config.dataset);
    // A checkpoint cut short or malformed is refused as InputError before the row exists, from
    // its header alone (mapped, not read). Its tensors' names and shapes are held to the model's
    // only when the model is built, on the run's thread.
    if (!impl.config.weights.empty()) SafetensorsFile checked(impl.config.weights);
    // A batch that cannot fit is a ConfigError naming batch_size, the estimate and the memory
    // there is, before the row: LibTorch would fail it minutes later, at gigabytes, in its own words.
    checkRunFitsMemory(impl.config);
    // Asked of the LibTorch with a kernel, before the row: profile_steps on a GPU without kernel
    // capture would store CPU ops alone and read as if that were where the step's time went.
    if (impl.config.profileSteps > 0 && torch::Device(impl.config.device).is_cuda())
        checkProfileSteps(impl.config.profileSteps, true, cudaKernelCaptureAvailable(torch::Device(impl.config.device)));
    // Made here, before the run has a row, so that a named nvJPEG that does not load is a
    // ConfigError (exit 2); a fallback goes into the environment and the summary.
    const DecodeChoice decode = chooseDecodePath(impl.config);
    if (decode.deviceWanted) impl.decode = decode.toJson();
    impl.decodeEnvironment = decode.toJson();
    const std::int64_t worldSize = impl.distributed ? impl.distributed->world().size : worldSizeFor(impl.config);
    if (impl.config.name.empty()) impl.config.name = generatedName(impl.config, worldSize);
    // Only rank 0 opens the database: the others train and report to it through the steps' gather.
    if (impl.distributed && impl.distributed->world().rank != 0) return;
    impl.store = std::make_unique<ResultStore>(dbFile);

    RunRecord record;
    record.name = impl.config.name;
    record.origin = RunOrigin::Engine;
    record.status = RunStatus::Running;
    record.deviceKind = torch::Device(impl.config.device).is_cuda() ? "cuda" : "cpu";
    record.deviceCount = worldSize;
    record.model = impl.config.model;
    record.precision = impl.config.precision;
    record.batchSize = impl.config.batchSize;
    record.workers = impl.config.workers;
    record.deviceTransforms = impl.config.deviceTransforms;
    record.config = toJson(impl.config).get<RunSettings>();
    record.environment = runEnvironment(impl.config, impl.decodeEnvironment, impl.distributed.get());
    record.deviceName = runDeviceName(impl.config.device, record.environment);
    impl.machine = machineIdentity(record.environment);
    record.studyId = studyId;
    record.uuid = newUuid();
    impl.uuid = record.uuid;
    impl.runId = impl.store->createRun(std::move(record));
}

RunSession::~RunSession() {
    if (!m_impl->started) {
        // Created but never started: close the row so it does not read as running.
        if (m_impl->store) {
            try {
                m_impl->store->finishRun(m_impl->runId, RunStatus::Cancelled, "never started",
                                         nlohmann::json::object());
            } catch (const std::exception&) {
                // The row stays 'running' and is marked interrupted at the next open.
            }
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
