// Data parallel at the gradient seam, with real c10d: two ranks, each on its own thread of
// this process with its own TCPStore client and ProcessGroupGloo over loopback sockets.
#include <gtest/gtest.h>

#include "bridgebench/bridgetower_config.h"
#include "distributed/data_parallel_sync.h"
#include "two_ranks.h"
#include "engine/bridgetower_training_model.h"
#include "model/fused_adamw.h"

namespace bb {
namespace {

BridgeTowerConfig tinyWithoutDropout() {
    BridgeTowerConfig config = bridgeTowerPreset("tiny");
    config.text.hiddenDropoutProb = 0;
    config.text.attentionProbsDropoutProb = 0;
    return config;
}

ModelInputs makeBatch(const TrainingModel& model, std::int64_t samples, std::uint64_t seed) {
    torch::manual_seed(seed);
    const auto size = model.imageSizePx();
    return {torch::randn({samples, 3, size, size}), torch::randint(4, model.vocabSize(), {samples, model.textLength()}),
            torch::ones({samples, model.textLength()}, torch::kLong)};
}

ModelInputs half(const ModelInputs& batch, int index, std::int64_t size) {
    return {batch.pixelValues.narrow(0, index * size, size), batch.inputIds.narrow(0, index * size, size),
            batch.attentionMask.narrow(0, index * size, size)};
}

std::vector<torch::Tensor> clones(const std::vector<torch::Tensor>& tensors) {
    std::vector<torch::Tensor> out;
    for (const auto& t : tensors) out.push_back(t.defined() ? t.detach().clone() : torch::Tensor());
    return out;
}

std::vector<torch::Tensor> gradients(torch::nn::Module& module) {
    std::vector<torch::Tensor> out;
    for (const auto& p : module.parameters()) out.push_back(p.grad().defined() ? p.grad().clone() : torch::Tensor());
    return out;
}

void copyInto(torch::nn::Module& module, const std::vector<torch::Tensor>& values) {
    torch::NoGradGuard noGrad;
    auto parameters = module.parameters();
    for (std::size_t k = 0; k < parameters.size(); ++k) parameters[k].copy_(values[k]);
}

TEST(DataParallelSync, TwoRanksGetTheGradientsAndStepOfOneProcessOverBothHalves) {
    at::set_num_threads(1);
    const BridgeTowerConfig config = tinyWithoutDropout();
    constexpr std::int64_t kPerRank = 3;
    // Different initial weights per rank: attach() must replace rank 1's with rank 0's.
    torch::manual_seed(1);
    auto model0 = makeBridgeTowerTrainingModel(config, {});
    torch::manual_seed(2);
    auto model1 = makeBridgeTowerTrainingModel(config, {});
    const auto initial = clones(model0->module().parameters());
    const ModelInputs batch = makeBatch(*model0, 2 * kPerRank, 7);

    std::vector<torch::Tensor> rankGradients[2], rankParameters[2];
    double rankLoss[2] = {0, 0};
    double commMs[2] = {0, 0};
    onTwoRanks([&](int rank, Collectives& collectives) {
        TrainingModel& model = rank == 0 ? *model0 : *model1;
        // Small buckets, so that several all-reduces overlap backward and their order matters.
        DataParallelSync sync(std::shared_ptr<Collectives>(&collectives, [](Collectives*) {}), 0.05, 0);
        sync.attach(model.module());
        FusedAdamW optimizer(model.module().parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(0.01));
        clearGradients(model.module());
        torch::Tensor loss = model.loss(half(batch, rank, kPerRank));
        sync.beforeBackward(loss);
        loss.backward();
        commMs[rank] = sync.afterBackward();
        rankLoss[rank] = loss.item<double>();
        rankGradients[rank] = gradients(model.module());
        optimizer.step();
        rankParameters[rank] = clones(model.module().parameters());
    });

    // One process, same starting point, both halves accumulated: the mean of the two losses'
    // gradients is what data parallel must produce (the contrastive loss pairs samples within
    // a batch, so this, not one batch of 2b, is the single-process equivalent).
    torch::manual_seed(3);
    auto reference = makeBridgeTowerTrainingModel(config, {});
    copyInto(reference->module(), initial);
    FusedAdamW optimizer(reference->module().parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(0.01));
    clearGradients(reference->module());
    double referenceLoss = 0;
    for (int h = 0; h < 2; ++h) {
        torch::Tensor loss = reference->loss(half(batch, h, kPerRank)) / 2;
        loss.backward();
        referenceLoss += loss.item<double>();
    }
    const auto referenceGradients = gradients(reference->module());
    optimizer.step();
    const auto referenceParameters = clones(reference->module().parameters());

    EXPECT_NEAR((rankLoss[0] + rankLoss[1]) / 2, referenceLoss, 1e-5);
    EXPECT_GE(commMs[0], 0.0);
    ASSERT_EQ(rankGradients[0].size(), referenceGradients.size());
    std::size_t compared = 0;
    for (std::size_t k = 0; k < referenceGradients.size(); ++k) {
        ASSERT_EQ(rankGradients[0][k].defined(), referenceGradients[k].defined()) << "parameter " << k;
        if (!referenceGradients[k].defined()) continue;
        EXPECT_TRUE(torch::equal(rankGradients[0][k], rankGradients[1][k])) << "parameter " << k;
        EXPECT_TRUE(torch::allclose(rankGradients[0][k], referenceGradients[k], 1e-4, 1e-6)) << "parameter " << k;
        EXPECT_TRUE(torch::equal(rankParameters[0][k], rankParameters[1][k])) << "parameter " << k;
        EXPECT_TRUE(torch::allclose(rankParameters[0][k], referenceParameters[k], 1e-5, 1e-6)) << "parameter " << k;
        ++compared;
    }
    EXPECT_GT(compared, 100u);
}

TEST(DataParallelSync, ParametersStayBitIdenticalOverStepsWithDropout) {
    at::set_num_threads(1);
    BridgeTowerConfig config = bridgeTowerPreset("tiny");  // the fixture's config has dropout off
    config.text.hiddenDropoutProb = 0.1;
    config.text.attentionProbsDropoutProb = 0.1;
    torch::manual_seed(11);
    auto model0 = makeBridgeTowerTrainingModel(config, {});
    torch::manual_seed(12);
    auto model1 = makeBridgeTowerTrainingModel(config, {});
    std::vector<double> checksums[2];
    onTwoRanks([&](int rank, Collectives& collectives) {
        TrainingModel& model = rank == 0 ? *model0 : *model1;
        DataParallelSync sync(std::shared_ptr<Collectives>(&collectives, [](Collectives*) {}), 25, 0);
        sync.attach(model.module());
        FusedAdamW optimizer(model.module().parameters(), torch::optim::AdamWOptions(1e-3));
        for (int step = 0; step < 3; ++step) {
            const ModelInputs batch = makeBatch(model, 2, 100 + 10 * step + rank);  // each rank its own data
            clearGradients(model.module());
            torch::Tensor loss = model.loss(batch);
            sync.beforeBackward(loss);
            loss.backward();
            sync.afterBackward();
            optimizer.step();
            // A checksum all-reduce, as in the issue: equal sums and equal elements both.
            double sum = 0;
            for (const auto& p : model.module().parameters()) sum += p.detach().to(torch::kDouble).abs().sum().item<double>();
            checksums[rank].push_back(sum);
        }
    });
    ASSERT_EQ(checksums[0].size(), 3u);
    for (int step = 0; step < 3; ++step) EXPECT_EQ(checksums[0][step], checksums[1][step]) << "step " << step;
    auto p0 = model0->module().parameters();
    auto p1 = model1->module().parameters();
    for (std::size_t k = 0; k < p0.size(); ++k) EXPECT_TRUE(torch::equal(p0[k], p1[k])) << "parameter " << k;
}

// A parameter one rank uses and one no rank uses: the first gets the mean (half of the user's
// gradient), the second keeps no gradient anywhere, and nothing waits for either.
struct PartlyUsed : torch::nn::Module {
    PartlyUsed() {
        always = register_parameter("always", torch::ones({4}));
        rankOneOnly = register_parameter("rank_one_only", torch::ones({3}));
        never = register_parameter("never", torch::ones({2}));
    }
    torch::Tensor always, rankOneOnly, never;
};

TEST(DataParallelSync, UnusedParametersNeitherStallNorSkewTheMean) {
    auto model0 = std::make_shared<PartlyUsed>();
    auto model1 = std::make_shared<PartlyUsed>();
    std::vector<torch::Tensor> grads[2];
    onTwoRanks([&](int rank, Collectives& collectives) {
        PartlyUsed& model = rank == 0 ? *model0 : *model1;
        DataParallelSync sync(std::shared_ptr<Collectives>(&collectives, [](Collectives*) {}), 1e-5, 0);
        sync.attach(model);
        for (int step = 0; step < 2; ++step) {
            for (auto& p : model.parameters()) p.mutable_grad() = torch::Tensor();
            torch::Tensor loss = (model.always * (rank + 1.0)).sum();
            if (rank == 1) loss = loss + (model.rankOneOnly * 4.0).sum();
            sync.beforeBackward(loss);
            loss.backward();
            sync.afterBackward();
        }
        grads[rank] = gradients(model);
    });
    for (int rank = 0; rank < 2; ++rank) {
        ASSERT_EQ(grads[rank].size(), 3u);
        EXPECT_TRUE(torch::allclose(grads[rank][0], torch::full({4}, 1.5))) << grads[rank][0];
        ASSERT_TRUE(grads[rank][1].defined()) << "rank " << rank;
        EXPECT_TRUE(torch::allclose(grads[rank][1], torch::full({3}, 2.0))) << grads[rank][1];
        EXPECT_FALSE(grads[rank][2].defined()) << "rank " << rank;
    }
}

TEST(DataParallelSync, CombineKeepsTheSlowestRanksBreakdownAndAllSamples) {
    StepMetrics combined[2];
    bool stops[2] = {false, true};
    onTwoRanks([&](int rank, Collectives& collectives) {
        DataParallelSync sync(std::shared_ptr<Collectives>(&collectives, [](Collectives*) {}), 25, 0);
        StepMetrics local;
        local.samples = 8;
        local.wallMs = rank == 0 ? 100 : 140;
        local.forwardMs = rank == 0 ? 40 : 70;
        local.commMs = rank == 0 ? 5 : 9;
        local.loss = rank == 0 ? 1.0 : 3.0;
        local.deviceMemoryBytes = rank == 0 ? 5000 : 3000;
        local.deviceMemoryPeakBytes = rank == 0 ? 7000 : 9000;
        combined[rank] = sync.combine(local, stops[rank]);
    });
    for (int rank = 0; rank < 2; ++rank) {
        EXPECT_EQ(combined[rank].samples, 16);
        EXPECT_DOUBLE_EQ(combined[rank].wallMs, 140);
        EXPECT_DOUBLE_EQ(combined[rank].forwardMs, 70);
        EXPECT_DOUBLE_EQ(combined[rank].commMs, 9);
        EXPECT_DOUBLE_EQ(combined[rank].loss, 2.0);
        EXPECT_DOUBLE_EQ(combined[rank].samplesPerSec, samplesPerSecond(16, 140));
        EXPECT_TRUE(stops[rank]) << "rank 1 asked to stop; every rank must";
        EXPECT_EQ(combined[rank].deviceMemoryBytes, 5000) << "the fullest device";
        EXPECT_EQ(combined[rank].deviceMemoryPeakBytes, 9000) << "the fullest device at its peak";
    }
}

}  // namespace
}  // namespace bb
