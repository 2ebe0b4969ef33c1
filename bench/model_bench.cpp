// Training-step throughput of the BridgeTower contrastive model on the CPU: forward, backward and
// one AdamW step in fp32, batch 8, with 1 and 2 compute threads. "threads:N" means N threads in all,
// split between LibTorch's pool and OpenBLAS's by the engine's own plan (planComputeThreads), so
// the figures are the ones a run with `threads` N gets; at::set_num_threads alone leaves OpenBLAS
// at its default of one thread per core, and at N = 2 the two pools spin against each other.
// The Python reference is scripts/reference_bridgetower.py (an eager port of HF's BridgeTower that
// matches HF's fixtures bit for bit) on the same step. Side by side, interleaved, on the 2-core
// development box (2026-12-01): tiny 238-389 samples/s here vs 137-205 there with one core
// (torch 1 thread, OpenBLAS 1), 392-434 vs 204-216 with two (Python's best split: torch 1 thread,
// OpenBLAS 2); small 4.6-5.1 vs 3.5-4.1 with one core, 7.1-7.4 vs 4.5-5.9 with two.
// Each case runs with torch::optim::AdamW ("torch_adamw") and with bb::FusedAdamW ("fused_adamw").
// adamwStep times the optimizer alone, for each optimizer_kernel. Side by side on the 2-core box
// (2026-12-05, one thread, median of 3, three interleaved rounds; the box's speed moved ~1.5x):
// tiny 2.86-4.60 ms torch, 0.145-0.218 fused, 2.67-4.56 foreach; small (28.6 M elements)
// 500-690 torch, 15.1-21.0 fused, 376-491 foreach. Against LibTorch 2.6's CPU _fused_adamw_ in
// one binary (scripts/check-torch2-build.sh trixie --bench model_bench, three rounds): tiny
// 0.112-0.155 fused, 0.225-0.257 libtorch_fused; small 20.7-23.7 and 17.4-22.7.
#include <benchmark/benchmark.h>

#include <functional>

#include <torch/torch.h>

#include "bridgebench/model_info.h"
#include "engine/compute_threads.h"
#include "model/adamw_device_kernel.h"
#include "model/bridgetower_heads.h"
#include "model/fused_adamw.h"
#include "model/fused_grad_clip.h"
#include "util/torch_compat.h"

namespace bb {
namespace {

constexpr int64_t kBatch = 8;
constexpr int kWarmupSteps = 3;

template <typename Optimizer>
void trainStep(benchmark::State& state, const std::string& preset) {
    applyComputeThreads(planComputeThreads(static_cast<int>(state.range(0))));
    torch::manual_seed(0);
    const BridgeTowerConfig config = bridgeTowerPreset(preset);
    const ModelInfo info = modelInfo(config);
    auto model = makeContrastiveModel(config);
    Optimizer optimizer(model->parameters(), torch::optim::AdamWOptions(1e-5).weight_decay(0.01));

    // Full-length captions (<s> ... </s>, no padding) and standard-normal pixels.
    const int64_t length = info.textLength;
    at::Tensor ids = at::randint(3, config.text.vocabSize, {kBatch, length}, at::kLong);
    ids.select(1, 0).fill_(0);
    ids.select(1, length - 1).fill_(2);
    const at::Tensor mask = at::ones({kBatch, length}, at::kLong);
    const at::Tensor pixels = at::randn({kBatch, 3, info.imageSizePx, info.imageSizePx});

    const auto step = [&] {
        optimizer.zero_grad();
        model->forward(ids, mask, pixels).loss.backward();
        optimizer.step();
    };
    for (int i = 0; i < kWarmupSteps; ++i) step();
    for (auto _ : state) step();

    const auto samples = static_cast<double>(kBatch * state.iterations());
    state.counters["samples_per_s"] = benchmark::Counter(samples, benchmark::Counter::kIsRate);
    state.counters["TFLOP_per_s"] =
        benchmark::Counter(samples * info.trainingFlopsPerSample * 1e-12, benchmark::Counter::kIsRate);
    state.SetLabel(preset + ", text length " + std::to_string(length) + ", " + std::to_string(info.imageSizePx) +
                   " px");
}

template <typename Optimizer>
void registerTrainStep(const std::string& preset, const std::string& optimizerName, double minSeconds) {
    benchmark::RegisterBenchmark(("trainStep/" + preset + "/" + optimizerName).c_str(),
                                 [preset](benchmark::State& state) { trainStep<Optimizer>(state, preset); })
        ->ArgName("threads")
        ->Arg(1)
        ->Arg(2)
        ->MinTime(minSeconds)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
}

// Global-norm clipping of a whole model's gradients (the trainer's default grad_clip 1.0), with
// torch::nn::utils::clip_grad_norm_ ("torch") and bb::clipGradNorm ("fused"), one thread. The
// gradients are large enough that every call scales them.
void clipGradients(benchmark::State& state, const std::string& preset, bool fused) {
    applyComputeThreads(planComputeThreads(1));
    torch::manual_seed(0);
    auto model = makeContrastiveModel(bridgeTowerPreset(preset));
    const std::vector<at::Tensor> parameters = model->parameters();
    for (const auto& parameter : parameters) parameter.mutable_grad() = at::randn_like(parameter);
    for (auto _ : state) {
        benchmark::DoNotOptimize(fused ? clipGradNorm(parameters, 1.0).item<double>()
                                       : torch::nn::utils::clip_grad_norm_(parameters, 1.0));
    }
    state.SetLabel(preset + ", " + std::to_string(parameters.size()) + " tensors");
}

void registerClip(const std::string& preset) {
    for (const bool fused : {false, true}) {
        benchmark::RegisterBenchmark(("clipGradNorm/" + preset + (fused ? "/fused" : "/torch")).c_str(),
                                     [preset, fused](benchmark::State& state) { clipGradients(state, preset, fused); })
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
    }
}

// One AdamW step over a whole model's parameters, gradients given, one thread: torch::optim::AdamW
// ("torch"), bb::FusedAdamW with optimizer_kernel fused and foreach, and, where LibTorch has a CPU
// kernel behind it (2.4 and later), LibTorch's own _fused_adamw_ ("libtorch_fused", the call
// optimizer_kernel=fused makes on CUDA), the peer of this project's hand-written CPU loop. The
// optimizer alone, as a training step's compute hides its differences on the CPU presets.
void adamwStep(benchmark::State& state, const std::string& preset, const std::string& kernel) {
    applyComputeThreads(planComputeThreads(1));
    torch::manual_seed(0);
    auto model = makeContrastiveModel(bridgeTowerPreset(preset));
    const std::vector<at::Tensor> parameters = model->parameters();
    for (const auto& parameter : parameters) parameter.mutable_grad() = at::randn_like(parameter);
    const auto options = torch::optim::AdamWOptions(1e-5).weight_decay(0.01);
    std::function<void()> stepOnce;
    std::unique_ptr<torch::optim::Optimizer> optimizer;
    AdamWTensors group;
    std::int64_t step = 0;
    if (kernel == "libtorch_fused") {
        for (const auto& parameter : parameters) {
            group.params.push_back(parameter);
            group.grads.push_back(parameter.grad());
            group.expAvgs.push_back(at::zeros_like(parameter));
            group.expAvgSqs.push_back(at::zeros_like(parameter));
        }
        stepOnce = [&] {
            torch::NoGradGuard noGrad;
            adamwDeviceStep(group, options, ++step);
        };
    } else {
        if (kernel == "torch")
            optimizer = std::make_unique<torch::optim::AdamW>(parameters, options);
        else
            optimizer = std::make_unique<FusedAdamW>(parameters, options,
                                                     kernel == "fused" ? AdamWKernel::Fused : AdamWKernel::Foreach);
        stepOnce = [&] { optimizer->step(); };
    }
    // The first step allocates the moments, and their first writes fault their pages in: left out.
    stepOnce();
    for (auto _ : state) stepOnce();
    std::int64_t elements = 0;
    for (const auto& parameter : parameters) elements += parameter.numel();
    state.SetLabel(preset + ", " + std::to_string(parameters.size()) + " tensors, " + std::to_string(elements) +
                   " elements");
}

void registerAdamW(const std::string& preset, double minSeconds) {
    std::vector<std::string> kernels{"torch", "fused", "foreach"};
    if (BB_TORCH_VERSION_AT_LEAST(2, 4)) kernels.push_back("libtorch_fused");
    for (const std::string& kernel : kernels) {
        benchmark::RegisterBenchmark(("adamwStep/" + preset + "/" + kernel).c_str(),
                                     [preset, kernel](benchmark::State& state) { adamwStep(state, preset, kernel); })
            ->MinTime(minSeconds)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
    }
}

}  // namespace
}  // namespace bb

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    bb::registerTrainStep<torch::optim::AdamW>("tiny", "torch_adamw", 3.0);
    bb::registerTrainStep<bb::FusedAdamW>("tiny", "fused_adamw", 3.0);
    bb::registerTrainStep<torch::optim::AdamW>("small", "torch_adamw", 10.0);
    bb::registerTrainStep<bb::FusedAdamW>("small", "fused_adamw", 10.0);
    bb::registerClip("tiny");
    bb::registerClip("small");
    bb::registerAdamW("tiny", 1.0);
    bb::registerAdamW("small", 3.0);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
