// Every executable looks std:: symbols up in libstdc++ before LibTorch (cmake/LibstdcxxFirst.cmake):
// a pip LibTorch exports copies of std::filesystem, and calls bound to them crashed on the H200.
// This test binary is linked as every other executable is.
#include <dlfcn.h>
#include <link.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

std::vector<std::string> loadedInLookupOrder() {
    std::vector<std::string> names;
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* data) {
            static_cast<std::vector<std::string>*>(data)->emplace_back(info->dlpi_name ? info->dlpi_name : "");
            return 0;
        },
        &names);
    return names;
}

std::ptrdiff_t firstContaining(const std::vector<std::string>& names, const std::vector<std::string>& parts) {
    for (std::size_t i = 0; i < names.size(); ++i)
        for (const auto& part : parts)
            if (names[i].find(part) != std::string::npos) return static_cast<std::ptrdiff_t>(i);
    return -1;
}

TEST(LibraryOrder, LibstdcxxComesBeforeLibTorch) {
    const std::vector<std::string> names = loadedInLookupOrder();
    std::string listed;  // the first twenty, enough to show both
    for (std::size_t i = 0; i < names.size() && i < 20; ++i)
        listed += (listed.empty() ? "" : ", ") + std::filesystem::path(names[i]).filename().string();
    const std::ptrdiff_t libstdcxx = firstContaining(names, {"/libstdc++.so"});
    const std::ptrdiff_t torch = firstContaining(names, {"/libtorch", "/libc10"});
    ASSERT_GE(libstdcxx, 0) << listed;
    ASSERT_GE(torch, 0) << listed;
    EXPECT_LT(libstdcxx, torch) << listed;

    // And the call the H200 crashed in resolves into libstdc++ itself.
    const auto removeAll =
        static_cast<std::uintmax_t (*)(const std::filesystem::path&, std::error_code&)>(&std::filesystem::remove_all);
    Dl_info info{};
    ASSERT_NE(dladdr(reinterpret_cast<void*>(removeAll), &info), 0);
    ASSERT_NE(info.dli_fname, nullptr);
    EXPECT_NE(std::string(info.dli_fname).find("libstdc++.so"), std::string::npos) << info.dli_fname;
}

}  // namespace
