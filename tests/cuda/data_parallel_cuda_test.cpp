// Data parallel on the GPU with real c10d. The lent machine has one GPU, and NCCL refuses two
// ranks on one device, so two ranks share cuda:0 through Gloo (which reduces CUDA tensors
// through host copies: the path a CUDA build without NCCL takes), and NCCL runs a world of one.
#include <gtest/gtest.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include "bridgebench/bridgetower_config.h"
#include "core/distributed/two_ranks.h"
#include "config/backend_choice.h"
#include "distributed/collectives.h"
#include "distributed/data_parallel_sync.h"
#include "engine/bridgetower_training_model.h"
#include "model/fused_adamw.h"

namespace bb::data_parallel_cuda_test {
namespace {

const torch::Device kGpu("cuda:0");

ModelInputs gpuBatch(const TrainingModel& model, std::int64_t samples, std::uint64_t seed) {
    torch::manual_seed(seed);
    const auto size = model.imageSizePx();
    return {torch::randn({samples, 3, size, size}).to(kGpu),
            torch::randint(4, model.vocabSize(), {samples, model.textLength()}).to(kGpu),
            torch::ones({samples, model.textLength()}, torch::kLong).to(kGpu)};
}

// Copies in host memory, whatever the tensors' device (cpu() of a CPU tensor would alias it).
torch::Tensor hostCopy(const torch::Tensor& tensor) {
    return tensor.defined() ? tensor.detach().to(torch::kCPU, /*non_blocking=*/false, /*copy=*/true) : torch::Tensor();
}

std::vector<torch::Tensor> cpuCopies(const std::vector<torch::Tensor>& tensors) {
    std::vector<torch::Tensor> out;
    for (const auto& t : tensors) out.push_back(hostCopy(t));
    return out;
}

std::vector<torch::Tensor> gradients(torch::nn::Module& module) {
    std::vector<torch::Tensor> out;
    for (const auto& p : module.parameters()) out.push_back(hostCopy(p.grad()));
    return out;
}

// Two ranks on the GPU, each its half of one batch: the gradients both get are the mean of what
// one process gets from the two halves, and the fused AdamW step leaves both replicas equal.
TEST(DataParallelCuda, TwoGlooRanksOnOneGpuAverageGradientsAsOneProcessDoes) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    BridgeTowerConfig config = bridgeTowerPreset("tiny");
    config.text.hiddenDropoutProb = 0;
    config.text.attentionProbsDropoutProb = 0;
    constexpr std::int64_t kPerRank = 3;
    std::unique_ptr<TrainingModel> models[2];
    for (int rank = 0; rank < 2; ++rank) {
        torch::manual_seed(1 + rank);  // different weights: attach() must replace rank 1's with rank 0's
        models[rank] = makeBridgeTowerTrainingModel(config, {});
        models[rank]->module().to(kGpu);
    }
    const auto initial = cpuCopies(models[0]->module().parameters());
    const ModelInputs batch = gpuBatch(*models[0], 2 * kPerRank, 7);
    auto half = [&](int index) {
        return ModelInputs{batch.pixelValues.narrow(0, index * kPerRank, kPerRank),
                           batch.inputIds.narrow(0, index * kPerRank, kPerRank),
                           batch.attentionMask.narrow(0, index * kPerRank, kPerRank)};
    };

    std::vector<torch::Tensor> rankGradients[2], rankParameters[2];
    JoinOptions gloo;
    gloo.backend = "gloo";
    gloo.device = kGpu;
    onTwoRanks(
        [&](int rank, Collectives& collectives) {
            TrainingModel& model = *models[rank];
            DataParallelSync sync(std::shared_ptr<Collectives>(&collectives, [](Collectives*) {}), 0.05, 0);
            sync.attach(model.module());
            FusedAdamW optimizer(model.module().parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(0.01));
            clearGradients(model.module());
            torch::Tensor loss = model.loss(half(rank));
            sync.beforeBackward(loss);
            loss.backward();
            sync.afterBackward();
            rankGradients[rank] = gradients(model.module());
            optimizer.step();
            rankParameters[rank] = cpuCopies(model.module().parameters());
        },
        gloo);

    torch::manual_seed(3);
    auto reference = makeBridgeTowerTrainingModel(config, {});
    reference->module().to(kGpu);
    {
        torch::NoGradGuard noGrad;
        auto parameters = reference->module().parameters();
        for (std::size_t k = 0; k < parameters.size(); ++k) parameters[k].copy_(initial[k]);
    }
    clearGradients(reference->module());
    for (int h = 0; h < 2; ++h) (reference->loss(half(h)) / 2).backward();
    const auto referenceGradients = gradients(reference->module());

    ASSERT_EQ(rankGradients[0].size(), referenceGradients.size());
    std::size_t compared = 0;
    for (std::size_t k = 0; k < referenceGradients.size(); ++k) {
        if (!referenceGradients[k].defined()) continue;
        ASSERT_TRUE(rankGradients[0][k].defined()) << "parameter " << k;
        EXPECT_TRUE(torch::equal(rankGradients[0][k], rankGradients[1][k])) << "parameter " << k;
        EXPECT_TRUE(torch::allclose(rankGradients[0][k], referenceGradients[k], 1e-3, 1e-5)) << "parameter " << k;
        EXPECT_TRUE(torch::equal(rankParameters[0][k], rankParameters[1][k])) << "parameter " << k;
        ++compared;
    }
    EXPECT_GT(compared, 100u);
}

// ProcessGroupNCCL through this project's seam (nccl_backend_cuda.cpp), in a world of one.
TEST(DataParallelCuda, NcclRunsTheCollectivesOfAWorldOfOneOnTheGpu) {
    if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device (or a LibTorch without CUDA)";
    if (!ncclAvailable()) GTEST_SKIP() << "this CUDA build has no NCCL (nccl.h was not found where it was built)";
    World world;
    JoinOptions options;
    options.backend = "nccl";
    options.device = kGpu;
    options.timeout = kTimeout;
    auto collectives = Collectives::join(world, options);
    EXPECT_EQ(collectives->backendName(), "nccl");
    torch::Tensor values = torch::tensor({1.5f, -2.0f, 4.0f}, torch::TensorOptions().device(kGpu));
    collectives->allreduceSum(values).wait();
    EXPECT_TRUE(values.is_cuda());
    EXPECT_TRUE(torch::equal(values.cpu(), torch::tensor({1.5f, -2.0f, 4.0f})));
    collectives->broadcast(values, 0);
    const torch::Tensor gathered = collectives->allgather(values);
    EXPECT_EQ(gathered.sizes(), (std::vector<std::int64_t>{1, 3}));
    EXPECT_TRUE(torch::equal(gathered.cpu()[0], values.cpu()));
}

}  // namespace
}  // namespace bb::data_parallel_cuda_test
