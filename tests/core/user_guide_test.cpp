#include "bridgebench/user_guide.h"

#include <filesystem>

#include <gtest/gtest.h>

namespace bb {
namespace {

// The Help menu's guide: a binary in the build tree has no PREFIX/share/doc beside it, so it
// opens the guide of the source tree it was built from.
TEST(UserGuide, ABuildTreeBinaryFindsTheSourceTreesReadme) {
    const auto guide = userGuideFile();
    ASSERT_FALSE(guide.empty());
    EXPECT_TRUE(std::filesystem::equivalent(guide, std::filesystem::path(BB_SOURCE_DIR) / "README.md")) << guide;
}

}  // namespace
}  // namespace bb
