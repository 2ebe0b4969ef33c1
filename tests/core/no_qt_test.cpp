// The core library must build on GPU servers that have no Qt.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

namespace {

TEST(CoreBoundary, NoCoreFileIncludesQt) {
    const std::filesystem::path core = std::filesystem::path(BB_SOURCE_DIR) / "core";
    const std::regex qtInclude(R"(#\s*include\s*[<"]Q[A-Za-z]|Qt6::|find_package\s*\(\s*Qt)");
    int scanned = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(core)) {
        if (!entry.is_regular_file()) continue;
        const auto ext = entry.path().extension().string();
        if (ext != ".h" && ext != ".cpp" && entry.path().filename() != "CMakeLists.txt") continue;
        std::ifstream in(entry.path());
        std::string line;
        for (int number = 1; std::getline(in, line); ++number)
            EXPECT_FALSE(std::regex_search(line, qtInclude)) << entry.path() << ":" << number << ": " << line;
        ++scanned;
    }
    EXPECT_GT(scanned, 10);
}

}  // namespace
