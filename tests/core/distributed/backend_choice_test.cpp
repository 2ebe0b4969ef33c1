#include "config/backend_choice.h"

#include <gtest/gtest.h>

#include "bridgebench/errors.h"
#include "bridgebench/run_config.h"

namespace bb::backend_choice_test {
namespace {

std::string refusal(const std::string& backend, const std::string& device, bool ncclBuilt) {
    try {
        validateBackend(backend, device, ncclBuilt);
    } catch (const ConfigError& error) {
        return error.key() + ": " + error.what();
    }
    return "";
}

// A CUDA build made without nccl.h has no NCCL. auto on a cuda device used to choose nccl
// there, and the run then failed when it joined the world.
TEST(BackendChoice, AutoOnCudaChoosesGlooWhereTheBuildHasNoNccl) {
    EXPECT_EQ(resolveBackend("auto", true, false), "gloo");
    EXPECT_NE(autoBackendNote("auto", true, false).find("no NCCL"), std::string::npos);
    EXPECT_EQ(resolveBackend("auto", true, true), "nccl");
    EXPECT_EQ(autoBackendNote("auto", true, true), "");
    EXPECT_EQ(resolveBackend("auto", false, true), "gloo");
    EXPECT_EQ(autoBackendNote("auto", false, false), "");
    EXPECT_EQ(resolveBackend("gloo", true, true), "gloo");
}

TEST(BackendChoice, NcclIsRefusedBeforeTheRunWhereTheBuildHasNone) {
    const auto refused = refusal("nccl", "cuda:0", false);
    EXPECT_EQ(refused.rfind("backend: ", 0), 0u) << refused;
    EXPECT_NE(refused.find("no NCCL"), std::string::npos) << refused;
    EXPECT_NE(refused.find("auto, gloo"), std::string::npos) << refused;
    EXPECT_EQ(refusal("nccl", "cuda:1", true), "");
    EXPECT_NE(refusal("nccl", "cpu", true).find("needs a cuda device"), std::string::npos);
    EXPECT_NE(refusal("mpi", "cpu", true).find("'mpi' is not one of"), std::string::npos);
    EXPECT_EQ(refusal("auto", "cuda:0", false), "");
    EXPECT_EQ(refusal("gloo", "cuda:0", false), "");
}

TEST(BackendChoice, RunConfigValidationRefusesThroughIt) {
    RunConfig config;
    config.backend = "nccl";
    try {
        validate(config);
        FAIL() << "nccl on cpu was accepted";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "backend");
    }
}

}  // namespace
}  // namespace bb::backend_choice_test
