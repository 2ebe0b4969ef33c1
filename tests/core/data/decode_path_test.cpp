#include "data/decode_path.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>

#include "bridgebench/errors.h"
#include "data/nvjpeg_library.h"
#include "support/temp_dir.h"

namespace bb {
namespace {

using ::testing::HasSubstr;

constexpr const char* kNoSuchLibrary = "libbridgebench-no-such-nvjpeg.so.0";

// Sets a variable for one test and puts the old value back.
class ScopedVariable {
public:
    ScopedVariable(const char* name, const char* value) : m_name(name) {
        if (const char* old = std::getenv(name)) m_old = old;
        if (value) setenv(name, value, 1);
        else unsetenv(name);
    }
    ~ScopedVariable() {
        if (m_old) setenv(m_name, m_old->c_str(), 1);
        else unsetenv(m_name);
    }

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

TEST(NvjpegLibrary, CandidatesComeFromTheKeyThenTheVariableThenTheSonames) {
    EXPECT_EQ(nvjpegCandidates("/opt/a/libnvjpeg.so", "/opt/b/libnvjpeg.so"),
              std::vector<std::string>{"/opt/a/libnvjpeg.so"});
    EXPECT_EQ(nvjpegCandidates("", "/opt/b/libnvjpeg.so"), std::vector<std::string>{"/opt/b/libnvjpeg.so"});
    EXPECT_EQ(nvjpegCandidates("", ""), (std::vector<std::string>{"libnvjpeg.so.13", "libnvjpeg.so.12", "libnvjpeg.so"}));
    EXPECT_EQ(nvjpegCandidates("", nullptr), nvjpegCandidates("", ""));
}

TEST(NvjpegLibrary, NotFoundListsEveryAttempt) {
    const NvjpegLoad load = loadNvjpegFrom({kNoSuchLibrary, "/nonexistent/libnvjpeg.so.12"}, false);
    EXPECT_EQ(load.library, nullptr);
    ASSERT_EQ(load.tried.size(), 2u);
    EXPECT_THAT(load.triedText(), HasSubstr(kNoSuchLibrary));
    EXPECT_THAT(load.triedText(), HasSubstr("/nonexistent/libnvjpeg.so.12"));
}

// A file that is no shared library at all: dlopen's reason comes back with the name.
TEST(NvjpegLibrary, ABogusFileIsNamedWithTheLoadersReason) {
    test::TempDir dir;
    const auto bogus = dir.file("libnvjpeg.so.12");
    std::ofstream(bogus) << "not an ELF file\n";
    const NvjpegLoad load = loadNvjpegFrom({bogus.string()}, true);
    EXPECT_EQ(load.library, nullptr);
    ASSERT_EQ(load.tried.size(), 1u);
    EXPECT_THAT(load.tried[0], HasSubstr(bogus.string()));
    EXPECT_GT(load.tried[0].size(), bogus.string().size() + 4) << "the reason is missing: " << load.tried[0];
}

// A real library that is not nvJPEG (zlib, which every machine here has) loads but is refused
// for lacking the entry points.
TEST(NvjpegLibrary, ALibraryWithoutTheEntryPointsIsRefused) {
    const NvjpegLoad load = loadNvjpegFrom({"libz.so.1"}, true);
    EXPECT_EQ(load.library, nullptr);
    ASSERT_EQ(load.tried.size(), 1u);
    EXPECT_THAT(load.tried[0], HasSubstr("does not export nvjpegCreateEx"));
}

TEST(NvjpegLibrary, TheVariableMakesTheSearchNamed) {
    const ScopedVariable variable(kNvjpegLibraryVariable, "/nonexistent/from-variable/libnvjpeg.so");
    const NvjpegLoad load = loadNvjpeg("");
    EXPECT_TRUE(load.named);
    EXPECT_EQ(load.library, nullptr);
    EXPECT_THAT(load.triedText(), HasSubstr("/nonexistent/from-variable/libnvjpeg.so"));
}

NvjpegLoad notFound() { return loadNvjpegFrom({kNoSuchLibrary}, false); }

// Each combination of the inputs: only device transforms on a cuda device want device
// decoding; everything else decodes on the CPU by design, with nothing to report.
TEST(DecodePath, OnlyDeviceTransformsOnCudaWantTheDevice) {
    int loads = 0;
    const auto counting = [&] {
        ++loads;
        return notFound();
    };
    for (const bool transforms : {false, true})
        for (const bool cuda : {false, true})
            for (const bool built : {false, true}) {
                const DecodeChoice choice = chooseDecodePath({transforms, cuda, built}, counting);
                EXPECT_EQ(choice.site, DecodeSite::Cpu);  // nothing loads here
                EXPECT_EQ(choice.deviceWanted, transforms && cuda);
                EXPECT_EQ(choice.fallback.empty(), !(transforms && cuda))
                    << "transforms " << transforms << " cuda " << cuda << " built " << built;
            }
    EXPECT_EQ(loads, 1) << "nvJPEG is looked for only when wanted and built";
}

TEST(DecodePath, NotFoundFallsBackToTheCpuAndSaysWhy) {
    const DecodeChoice choice = chooseDecodePath({true, true, true}, notFound);
    EXPECT_EQ(choice.site, DecodeSite::Cpu);
    EXPECT_THAT(choice.fallback, HasSubstr("nvJPEG not found"));
    EXPECT_THAT(choice.fallback, HasSubstr(kNoSuchLibrary));
    EXPECT_THAT(choice.fallback, HasSubstr("nvjpeg_library"));
    const nlohmann::json recorded = choice.toJson();
    EXPECT_EQ(recorded.at("site"), "cpu");
    EXPECT_EQ(recorded.at("device_wanted"), true);
    EXPECT_EQ(recorded.at("fallback"), choice.fallback);
}

TEST(DecodePath, WithoutTheDecodePathBuiltTheFallbackSaysSo) {
    const DecodeChoice choice = chooseDecodePath({true, true, false}, notFound);
    EXPECT_EQ(choice.site, DecodeSite::Cpu);
    EXPECT_THAT(choice.fallback, HasSubstr("cannot hand encoded JPEGs to the device"));
}

// The choice made: a library the user named that does not load is an error naming it, not a
// quiet CPU decode.
TEST(DecodePath, ANamedLibraryThatDoesNotLoadIsAnErrorNamingIt) {
    test::TempDir dir;
    const auto bogus = dir.file("libnvjpeg.so.12");
    std::ofstream(bogus) << "not an ELF file\n";
    try {
        chooseDecodePath({true, true, true}, [&] { return loadNvjpegFrom({bogus.string()}, true); });
        FAIL() << "a bogus nvjpeg_library was accepted";
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key(), "nvjpeg_library");
        EXPECT_THAT(error.what(), HasSubstr(bogus.string()));
    }
    // Where device decoding is not wanted the key is not used, so it is not an error.
    EXPECT_NO_THROW(chooseDecodePath({false, true, true}, [&] { return loadNvjpegFrom({bogus.string()}, true); }));
}

// A run's own choice on this build: device transforms on cpu decode on the CPU by design.
TEST(DecodePath, ARunOnTheCpuDecodesOnTheCpuWithoutAFallback) {
    RunConfig config;
    config.deviceTransforms = true;
    const DecodeChoice choice = chooseDecodePath(config);
    EXPECT_EQ(choice.site, DecodeSite::Cpu);
    EXPECT_FALSE(choice.deviceWanted);
    EXPECT_TRUE(choice.fallback.empty());
}

}  // namespace
}  // namespace bb
