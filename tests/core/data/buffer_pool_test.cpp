#include "data/buffer_pool.h"

#include <gtest/gtest.h>

namespace bb {
namespace {

TEST(BufferPool, ReusesMemoryOnceEveryHandedOutTensorIsGone) {
    BufferPool pool(2, torch::kCPU);
    const void* first = nullptr;
    {
        torch::Tensor tensor = pool.acquire({4, 3}, torch::kFloat);
        first = tensor.data_ptr();
        EXPECT_EQ(tensor.sizes(), (std::vector<std::int64_t>{4, 3}));
    }
    torch::Tensor again = pool.acquire({2, 5}, torch::kFloat);
    EXPECT_EQ(again.data_ptr(), first);
}

TEST(BufferPool, NeverHandsOutMemoryThatIsStillReferenced) {
    BufferPool pool(4, torch::kCPU);
    torch::Tensor held = pool.acquire({8}, torch::kFloat);
    torch::Tensor view = held.narrow(0, 2, 3);  // a view alone keeps the memory busy
    held = torch::Tensor();
    torch::Tensor other = pool.acquire({8}, torch::kFloat);
    EXPECT_NE(other.data_ptr(), view.data_ptr<float>() - 2);
    torch::Tensor integers = pool.acquire({8}, torch::kLong);
    EXPECT_EQ(integers.scalar_type(), torch::kLong);
    EXPECT_EQ(pool.keptBuffers(), 3U);
}

TEST(BufferPool, KeepsAtMostItsCapacity) {
    BufferPool pool(2, torch::kCPU);
    std::vector<torch::Tensor> held;
    for (int i = 0; i < 5; ++i) {
        held.push_back(pool.acquire({16}, torch::kByte));
    }
    EXPECT_EQ(pool.keptBuffers(), 2U);
    held.clear();
    // A free buffer that is too small makes way for a larger one instead of growing the pool.
    torch::Tensor large = pool.acquire({64}, torch::kByte);
    EXPECT_EQ(pool.keptBuffers(), 2U);
    EXPECT_EQ(large.numel(), 64);
}

TEST(BufferPool, HandedOutTensorsOutliveThePool) {
    torch::Tensor kept;
    {
        BufferPool pool(2, torch::kCPU);
        kept = pool.acquire({1000}, torch::kFloat);
        kept.fill_(3);
    }
    torch::Tensor noise = torch::rand({1000});  // memory freed by the pool would be reused here
    EXPECT_EQ(kept.sum().item<double>(), 3000);
}

TEST(BufferPool, ABufferComesBackOnlyWhenItsLastViewDies) {
    BufferPool pool(1, torch::kCPU);
    torch::Tensor held = pool.acquire({8}, torch::kFloat);
    const void* memory = held.data_ptr();
    torch::Tensor view = held.narrow(0, 2, 3);
    held = torch::Tensor();
    torch::Tensor whileViewed = pool.acquire({8}, torch::kFloat);
    EXPECT_NE(whileViewed.data_ptr(), memory) << "the view still uses it";
    EXPECT_EQ(pool.keptBuffers(), 1U) << "full: the second buffer is not kept";
    view = torch::Tensor();
    torch::Tensor afterwards = pool.acquire({8}, torch::kFloat);
    EXPECT_EQ(afterwards.data_ptr(), memory);
}

}  // namespace
}  // namespace bb
