#include "util/app_paths.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>

#include "bridgebench/errors.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

// Sets an environment variable for one test and puts the old value back.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const std::string& value) : m_name(name) {
        if (const char* old = std::getenv(name)) m_old = old;
        ::setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (m_old) ::setenv(m_name, m_old->c_str(), 1);
        else ::unsetenv(m_name);
    }

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

TEST(AppPaths, FindsTheShippedTokenizerFromTheBuildTree) {
    const auto folder = resourcePath("tokenizer/roberta");
    EXPECT_TRUE(std::filesystem::is_regular_file(folder / "vocab.json")) << folder;
    EXPECT_TRUE(std::filesystem::is_regular_file(folder / "merges.txt")) << folder;
}

TEST(AppPaths, TheEnvironmentOverridesWhereResourcesAre) {
    test::TempDir dir;
    std::filesystem::create_directories(dir.file("tokenizer/roberta"));
    const ScopedEnv env("BRIDGEBENCH_RESOURCE_DIR", dir.path().string());
    EXPECT_EQ(resourcePath("tokenizer/roberta"), dir.file("tokenizer/roberta"));
}

TEST(AppPaths, AMissingResourceListsWhereItWasLookedFor) {
    try {
        resourcePath("no/such/resource");
        FAIL() << "expected an InputError";
    } catch (const InputError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("no/such/resource"), std::string::npos) << message;
        EXPECT_NE(message.find("BRIDGEBENCH_RESOURCE_DIR"), std::string::npos) << message;
    }
}

TEST(AppPaths, CacheFollowsTheEnvironment) {
    const ScopedEnv env("BRIDGEBENCH_CACHE_DIR", "/somewhere/cache");
    EXPECT_EQ(cacheDirectory(), std::filesystem::path("/somewhere/cache"));
    const ScopedEnv unset("BRIDGEBENCH_CACHE_DIR", "");
    const ScopedEnv xdg("XDG_CACHE_HOME", "/xdg");
    EXPECT_EQ(cacheDirectory(), std::filesystem::path("/xdg/bridgebench"));
}

}  // namespace
}  // namespace bb
