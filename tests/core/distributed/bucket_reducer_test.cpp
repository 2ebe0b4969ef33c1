// The bucket reducer's overlap: which buckets start their all-reduce while backward still
// runs. Real c10d on two ranks (two_ranks.h); one parameter a bucket where the order matters.
#include <gtest/gtest.h>

#include "bridgebench/bridgetower_config.h"
#include "distributed/bucket_reducer.h"
#include "engine/bridgetower_training_model.h"
#include "engine/gradient_synchronizer.h"
#include "two_ranks.h"

namespace bb {
namespace {

constexpr std::int64_t kOneParameterPerBucket = 1;

std::vector<torch::Tensor> leaves(int count, std::int64_t size) {
    std::vector<torch::Tensor> out;
    for (int k = 0; k < count; ++k) out.push_back(torch::ones({size}).requires_grad_(true));
    return out;
}

void clear(std::vector<torch::Tensor>& parameters) {
    for (auto& p : parameters) p.mutable_grad().reset();
}

TEST(BucketReducer, AParameterTheLossDoesNotReachHoldsNoLaterBucketBack) {
    std::size_t early[2] = {0, 0}, buckets[2] = {0, 0};
    std::vector<torch::Tensor> grads[2];
    onTwoRanks([&](int rank, Collectives& collectives) {
        // Registered first, never, last: the first plan puts them in buckets last, never, first.
        std::vector<torch::Tensor> p = leaves(3, 4);
        BucketReducer reducer(collectives, p, kOneParameterPerBucket);
        clear(p);
        // Autograd runs the newest node first: `last`'s gradient arrives before `first`'s.
        // (Separate statements: C++ leaves the order of a sum's operands open.)
        const torch::Tensor firstTerm = (p[0] * (rank + 1.0)).sum();
        const torch::Tensor lastTerm = (p[2] * 2.0).sum();
        torch::Tensor loss = firstTerm + lastTerm;
        reducer.arm(loss);
        loss.backward();
        reducer.finish();
        early[rank] = reducer.bucketsStartedEarly();
        buckets[rank] = reducer.buckets().size();
        for (const auto& t : p) grads[rank].push_back(t.grad().defined() ? t.grad().clone() : torch::Tensor());
    });
    for (int rank = 0; rank < 2; ++rank) {
        // `last` arrives first and starts its bucket and the unused one's; `first`'s is the last.
        EXPECT_EQ(early[rank], buckets[rank] - 1) << "rank " << rank;
        EXPECT_TRUE(torch::allclose(grads[rank][0], torch::full({4}, 1.5))) << grads[rank][0];
        EXPECT_FALSE(grads[rank][1].defined());
        EXPECT_TRUE(torch::allclose(grads[rank][2], torch::full({4}, 2.0))) << grads[rank][2];
    }
}

TEST(BucketReducer, AfterTheFirstStepBucketsFollowTheOrderGradientsArrived) {
    std::size_t early[2][2] = {{9, 9}, {9, 9}};
    std::vector<std::size_t> firstBucketOrder[2];
    std::vector<torch::Tensor> grads[2];
    onTwoRanks([&](int rank, Collectives& collectives) {
        std::vector<torch::Tensor> p = leaves(3, 4);
        BucketReducer reducer(collectives, p, kOneParameterPerBucket);
        for (int step = 0; step < 2; ++step) {
            clear(p);
            // Autograd runs the newest node first, so the gradients arrive a, b, c: the
            // reverse of the first plan's c, b, a, in which nothing can start before c arrives.
            const torch::Tensor cTerm = (p[2] * 3.0).sum();
            const torch::Tensor bTerm = (p[1] * 2.0).sum();
            const torch::Tensor aTerm = (p[0] * (rank + 1.0)).sum();
            torch::Tensor loss = (cTerm + bTerm) + aTerm;
            reducer.arm(loss);
            loss.backward();
            reducer.finish();
            early[rank][step] = reducer.bucketsStartedEarly();
        }
        for (const auto& bucket : reducer.buckets()) firstBucketOrder[rank].push_back(bucket.parameters.front());
        for (const auto& t : p) grads[rank].push_back(t.grad().clone());
    });
    for (int rank = 0; rank < 2; ++rank) {
        EXPECT_EQ(early[rank][0], 0u) << "rank " << rank;
        EXPECT_EQ(early[rank][1], 2u) << "rank " << rank;
        EXPECT_EQ(firstBucketOrder[rank], (std::vector<std::size_t>{0, 1, 2})) << "rank " << rank;
        EXPECT_TRUE(torch::allclose(grads[rank][0], torch::full({4}, 1.5))) << grads[rank][0];
        EXPECT_TRUE(torch::allclose(grads[rank][1], torch::full({4}, 2.0))) << grads[rank][1];
        EXPECT_TRUE(torch::allclose(grads[rank][2], torch::full({4}, 3.0))) << grads[rank][2];
    }
}

TEST(BucketReducer, OnBridgeTowerEveryBucketButTheLastStartsBeforeBackwardEnds) {
    at::set_num_threads(1);
    const BridgeTowerConfig config = bridgeTowerPreset("tiny");
    std::size_t early[2] = {0, 0}, buckets[2] = {0, 0};
    torch::manual_seed(5);
    auto model0 = makeBridgeTowerTrainingModel(config, {});
    auto model1 = makeBridgeTowerTrainingModel(config, {});
    onTwoRanks([&](int rank, Collectives& collectives) {
        TrainingModel& model = rank == 0 ? *model0 : *model1;
        BucketReducer reducer(collectives, model.module().parameters(), 64 * 1024);
        torch::manual_seed(40 + rank);
        const auto size = model.imageSizePx();
        const ModelInputs batch{torch::randn({2, 3, size, size}), torch::randint(4, model.vocabSize(), {2, model.textLength()}),
                                torch::ones({2, model.textLength()}, torch::kLong)};
        for (int step = 0; step < 2; ++step) {
            clearGradients(model.module());
            torch::Tensor loss = model.loss(batch);
            reducer.arm(loss);
            loss.backward();
            reducer.finish();
        }
        early[rank] = reducer.bucketsStartedEarly();
        buckets[rank] = reducer.buckets().size();
    });
    for (int rank = 0; rank < 2; ++rank) {
        EXPECT_GT(buckets[rank], 3u);
        EXPECT_EQ(early[rank], buckets[rank] - 1) << "rank " << rank;
    }
}

TEST(BucketReducer, AGradientThatTheArmedRootDoesNotReachFailsBackwardWithTheParameter) {
    std::string errors[2];
    onTwoRanks([&](int rank, Collectives& collectives) {
        std::vector<torch::Tensor> p = leaves(2, 4);
        BucketReducer reducer(collectives, p, kOneParameterPerBucket);
        torch::Tensor armed = p[0].sum();
        torch::Tensor other = p[1].sum();
        reducer.arm(armed);
        try {
            other.backward();
        } catch (const std::exception& error) {
            errors[rank] = error.what();
        }
        reducer.finish();
    });
    for (int rank = 0; rank < 2; ++rank) EXPECT_NE(errors[rank].find("parameter 1"), std::string::npos) << errors[rank];
}

}  // namespace
}  // namespace bb
