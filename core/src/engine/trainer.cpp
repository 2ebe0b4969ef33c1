#include "engine/trainer.h"

#include <chrono>
#include <limits>
#include <new>
#include <optional>
#include <thread>

#include "engine/autocast_guard.h"
#include "engine/compute_threads.h"
#include "engine/device_memory.h"
#include "engine/host_sync_check.h"
#include "engine/grad_scaler.h"
#include "engine/model_factory.h"
#include "engine/other_cpu_meter.h"
#include "engine/out_of_memory.h"
#include "engine/pipeline_prober.h"
#include "engine/process_stats.h"
#include "engine/step_cycle.h"
#include "engine/step_timer.h"
#include "engine/tf32.h"
#include "model/adamw_device_kernel.h"
#include "model/fused_adamw.h"
#include "model/fused_grad_clip.h"
#include "engine/profiled_steps.h"
#include "engine/step_spans.h"
#include "timeline/timeline_recorder.h"
#include "util/time_format.h"

namespace bb {

namespace {

double learningRateAt(const RunConfig& config, std::int64_t step) {
    const double warmup = config.lrWarmupRatio * static_cast<double>(config.steps);
    const double position = static_cast<double>(step);
    if (warmup > 0 && position < warmup) return config.learningRate * (position + 1) / warmup;
    const double remaining = static_cast<double>(config.steps) - warmup;
    if (remaining <= 0) return config.learningRate;
    // Linear decay to zero after warm-up, as Hugging Face's default "linear" schedule.
    return config.learningRate * std::max(0.0, (static_cast<double>(config.steps) - position) / remaining);
}

void setLearningRate(torch::optim::AdamW& optimizer, double rate) {
    for (auto& group : optimizer.param_groups())
        static_cast<torch::optim::AdamWOptions&>(group.options()).lr(rate);
}

// A rank other than 0 holds its spans until the run ends (only rank 0 stores); past this many
// (about 40 MB) it keeps no more: memory stays bounded for timeline=all on long runs.
constexpr std::size_t kMaxHeldSpans = 1'000'000;

std::shared_ptr<TimelineRecorder> makeTimeline(const RunConfig& config, int rank) {
    const TimelineMode mode = parseTimelineMode(config.timeline).value_or(TimelineMode::Sampled);
    if (mode == TimelineMode::Off) return nullptr;
    return std::make_shared<TimelineRecorder>(mode, config.warmupSteps, rank);
}

// Spans go to the observer as they are taken on rank 0; other ranks hold theirs for the
// gather at the end.
struct TimelineOutlet {
    RunObserver& observer;
    bool rankZero;
    std::vector<TimelineSpan> held;

    void deliver(std::vector<TimelineSpan> spans) {
        if (spans.empty()) return;
        if (rankZero) {
            observer.timeline(spans);
            return;
        }
        const std::size_t room = kMaxHeldSpans - std::min(kMaxHeldSpans, held.size());
        const std::size_t kept = std::min(room, spans.size());
        held.insert(held.end(), spans.begin(), spans.begin() + static_cast<std::ptrdiff_t>(kept));
    }
};

}  // namespace

int chooseIntraOpThreads(const RunConfig& config) {
    if (config.threads > 0) return static_cast<int>(config.threads);
    // Loader workers get their cores first: a starved loader shows up as data wait, which
    // is what this tool measures, while oversubscribed cores blur every figure.
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return std::max(1, cores - static_cast<int>(config.workers));
}

TrainerResult train(const RunConfig& config, RunObserver& observer, RunControl& control) {
    GradientSynchronizer alone;
    return train(config, observer, control, alone);
}

TrainerResult train(const RunConfig& config, RunObserver& observer, RunControl& control,
                    GradientSynchronizer& sync, int intraOpThreads) {
    TrainerResult result;
    const bool distributed = sync.worldSize() > 1;
    const int computeThreads = intraOpThreads > 0 ? intraOpThreads : chooseIntraOpThreads(config);
    try {
        applyComputeThreads(planComputeThreads(computeThreads));
        torch::manual_seed(static_cast<std::uint64_t>(config.seed));

        const torch::Device device(config.device);
        applyTf32(config);
        auto model = makeTrainingModel(config);
        const std::shared_ptr<TimelineRecorder> timeline = makeTimeline(config, sync.rank());
        TimelineOutlet outlet{observer, sync.rank() == 0, {}};
        auto source = makeBatchSource(config, *model, device, observer, sync.rank(), sync.worldSize(), timeline);
        result.flopsPerSample = model->flopsPerSample();
        model->module().to(device);
        model->module().train();
        sync.attach(model->module());
        // The ops of profile_steps go on the timeline's clock, from the same origin.
        std::optional<TimelineRecorder::Clock::time_point> origin;
        if (timeline || config.profileSteps > 0) origin = sync.alignClocks();
        if (timeline) {
            timeline->setOrigin(*origin);
            sync.recordBuckets(timeline);
        }

        // torch::optim::AdamW's arithmetic, by default in one pass per parameter: on the CPU presets
        // its ~10 ATen ops per parameter were a visible share of a step (model_bench: adamwStep), and
        // on CUDA LibTorch's fused kernel replaces ~10 multi-tensor passes; optimizer_kernel=foreach
        // takes the multi-tensor ops, PyTorch's default on CUDA.
        FusedAdamW optimizer(model->module().parameters(),
                             torch::optim::AdamWOptions(config.learningRate).weight_decay(config.weightDecay),
                             chooseAdamWKernel(config.optimizerKernel, config.device, adamwDeviceKernelAvailable()));
        const std::unique_ptr<StepTimer> timer = makeStepTimer(device);
        // fp16's narrow exponent loses small gradients without it; bf16 and fp32 need none.
        std::optional<GradScaler> scaler;
        if (config.precision == "fp16") scaler.emplace();

        // Kept from the last step only: holding every step's batch until the next one would stop
        // the loader's buffer pool from recycling it.
        ModelInputs lastInputs;
        DeviceMemoryLog deviceMemory([device] { return readDeviceMemory(device); }, config.warmupSteps);
        // Ranks on one machine are other processes to each other: with data parallel, sync.combine()
        // takes the ranks' own time out of the machine's (distributed/host_cpu_share.h).
        std::optional<OtherCpuMeter> otherCpu;
        if (!distributed) otherCpu.emplace();
        StepCycle cycle;
        using Clock = TimelineRecorder::Clock;
        std::optional<Clock::time_point> lastWindowEnd;
        // The record of a step ends at the top of the next iteration (step_cycle.h).
        const auto recordSpan = [&](std::int64_t recordedStep) {
            if (timeline && lastWindowEnd && timeline->records(recordedStep))
                timeline->add(TimelineTrack::Main, 0, SpanKind::Record, recordedStep, *lastWindowEnd, Clock::now());
            lastWindowEnd.reset();
        };
        // A step's compute, from the batch on the device to the weights' update; `mark(StepMark)`
        // is told where each phase ends. The counted steps time it; the profiled ones run it bare.
        const auto trainStep = [&](const ModelInputs& inputs, std::int64_t step, auto&& mark, double& commMs) {
            torch::Tensor loss;
            {
                AutocastGuard autocast(config.precision, device);
                loss = model->loss(inputs);
            }
            // Autocast leaves the loss in reduced precision; the backward seed and the
            // recorded value are fp32, as with torch.autocast in Python.
            loss = loss.to(torch::kFloat);
            mark(StepMark::Forwarded);

            const torch::Tensor seed = scaler ? scaler->scale(loss) : loss;
            clearGradients(model->module());
            sync.beforeBackward(seed);
            seed.backward();
            mark(StepMark::Backwarded);
            commMs = sync.afterBackward();
            mark(StepMark::Reduced);

            // An overflowed fp16 step changes no weight; the schedule still moves on, as with
            // Hugging Face's Trainer.
            const bool finite = !scaler || scaler->unscale(model->module().parameters());
            if (finite) {
                if (config.gradClip > 0) clipGradNorm(model->module().parameters(), config.gradClip);
                setLearningRate(optimizer, learningRateAt(config, step));
                optimizer.step();
            }
            if (scaler) scaler->update(finite);
            mark(StepMark::Finished);
            return loss;
        };
        const bool checkHostSyncs = device.is_cuda() && hostSyncCheckRequested();
        for (std::int64_t step = 0; step < config.steps; ++step) {
            const double cpuBefore = processCpuMs();
            cycle.recorded();
            recordSpan(step - 1);
            // A paused rank would leave the others waiting in the all-reduce until they time out:
            // data-parallel runs do not pause.
            if (!distributed && !control.waitWhilePaused()) {
                result.status = RunStatus::Cancelled;
                break;
            }
            StepMetrics metrics;
            metrics.step = step;
            const Clock::time_point began = Clock::now();
            timer->begin();

            if (!source->fetch()) {
                result.status = RunStatus::Completed;
                break;
            }
            timer->mark(StepMark::Loaded);
            const Clock::time_point loaded = Clock::now();
            const ModelInputs inputs = source->prepare();
            timer->mark(StepMark::Copied);

            torch::Tensor loss;
            {
                const HostSyncCheck noHostWaits(checkHostSyncs && step >= config.warmupSteps);
                loss = trainStep(inputs, step, [&](StepMark mark) { timer->mark(mark); }, metrics.commMs);
            }
            metrics.loss = loss.item<double>();  // also waits for the device
            const StepPhaseTimes times = timer->read();
            cycle.windowEnded();
            lastWindowEnd = Clock::now();
            // The phases are laid end to end from the timer's readings; the record starts after them.
            if (timeline && timeline->records(step))
                lastWindowEnd = std::max(*lastWindowEnd, recordStepSpans(*timeline, step, began, loaded, times,
                                                                          config.deviceTransforms, distributed));

            metrics.dataWaitMs = times.dataWaitMs;
            // With device-side transforms the copy is of 8-bit images and most of the time is
            // the transforms; prepare() does both, so the whole goes to the transform column.
            (config.deviceTransforms ? metrics.deviceTransformMs : metrics.hostToDeviceMs) = times.prepareMs;
            source->recordLoadCost(metrics);
            metrics.forwardMs = times.forwardMs;
            metrics.backwardMs = times.backwardMs;
            metrics.optimizerMs = times.optimizerMs;
            metrics.wallMs = times.wallMs + cycle.gapMs();
            metrics.samples = inputs.samples();
            metrics.samplesPerSec = samplesPerSecond(metrics.samples, metrics.wallMs);
            metrics.timestampMs = unixMs(std::chrono::system_clock::now());
            metrics.rssBytes = residentSetBytes();
            const DeviceMemoryReading memory = deviceMemory.afterStep(step);
            metrics.deviceMemoryBytes = memory.allocatedBytes;
            metrics.deviceMemoryPeakBytes = memory.peakAllocatedBytes;
            metrics.cpuUtilisation = times.wallMs > 0 ? (processCpuMs() - cpuBefore) / times.wallMs : 0;
            if (otherCpu) metrics.otherCpuCores = otherCpu->sample();
            bool stop = control.cancelled();
            const StepMetrics world = sync.combine(metrics, stop);
            result.steps.push_back(world);
            observer.step(world);
            // Workers build up to workers × prefetch_factor batches ahead: their spans go out as
            // they are made, so that a live view shows the loader's work beside the step it overlaps.
            if (timeline) outlet.deliver(timeline->takeUpTo(step + config.workers * config.prefetchFactor));
            if (step + 1 == config.steps) lastInputs = inputs;

            if (stop) {
                result.status = step + 1 < config.steps ? RunStatus::Cancelled : RunStatus::Completed;
                break;
            }
        }
        result.skipped = source->skipped();
        // The profiled steps train on the loader's next batches: it stops after them instead.
        const bool profiling = config.profileSteps > 0 && result.status == RunStatus::Completed && !result.steps.empty();
        if (!profiling) source->finish();
        if (timeline && !result.steps.empty()) {
            const std::int64_t last = result.steps.back().step;
            recordSpan(last);
            // Batches built ahead for steps that never ran are work that was done: they stay.
            outlet.deliver(timeline->takeUpTo(std::numeric_limits<std::int64_t>::max()));
            std::vector<TimelineSpan> others = sync.gatherTimeline(outlet.held);
            if (!others.empty()) observer.timeline(others);
        }
        // Before the profiled steps, which move the loss scale on and would be the data-parallel
        // figures' last step (the ranks can still all-reduce after finish()).
        if (scaler) result.lossScaling = scaler->toJson();
        result.distributed = sync.finish();
        if (profiling) {
            const ProfiledStepsPlan plan{config.profileSteps, result.steps.back().step + 1, device.is_cuda(),
                                         sync.rank(), !distributed};
            ProfiledSteps profiled = runProfiledSteps(plan, *origin, control, [&](std::int64_t step) {
                if (!source->fetch()) return false;
                const ModelInputs inputs = source->prepare();
                double commMs = 0;
                trainStep(inputs, step, [](StepMark) {}, commMs).item<double>();  // waits for the device
                return true;
            });
            source->finish();
            result.ops = std::move(profiled.ops);
            result.profile = std::move(profiled.summary);
        }
        if (device.is_cuda()) result.deviceMemory = deviceMemory.summary();
        if (result.status == RunStatus::Completed && config.probe && sync.rank() == 0 && !result.steps.empty()) {
            const StepMetrics& last = result.steps.back();
            try {
                result.probe = probePipeline(*model, lastInputs, *source, config, computeThreads,
                                             last.forwardMs + last.backwardMs, control);
            } catch (const std::exception& error) {
                // The steps are the run; a probe that fails costs the diagnosis its measured
                // scaling, not the run its result.
                result.probe = PipelineProbe{};
                result.probe.error = error.what();
            }
        }
    } catch (const c10::Error& error) {
        result.status = RunStatus::Failed;
        result.error = outOfMemoryMessage(config, error.what_without_backtrace())
                           .value_or(error.what_without_backtrace());
    } catch (const std::bad_alloc& error) {
        result.status = RunStatus::Failed;
        result.error = *outOfMemoryMessage(config, "std::bad_alloc");
    } catch (const std::exception& error) {
        result.status = RunStatus::Failed;
        result.error = outOfMemoryMessage(config, error.what()).value_or(error.what());
    }
    return result;
}

}  // namespace bb
