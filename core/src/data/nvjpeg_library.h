// nvJPEG, found at run time with dlopen so that a build without it (every CPU build, and CUDA
// builds on machines without the library) compiles and runs. Where it comes from: the CUDA
// toolkit's lib64, a pip wheel, torchvision's bundled copy; the run's `nvjpeg_library` key or
// $BRIDGEBENCH_NVJPEG_LIBRARY names another path or soname.
//
// Thread contract: loading is safe from any thread (dlopen is); a loaded library is immutable
// and shared, and stays loaded while any holder keeps it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "data/nvjpeg_api.h"

namespace bb {

inline constexpr const char* kNvjpegLibraryVariable = "BRIDGEBENCH_NVJPEG_LIBRARY";

struct NvjpegLoad;

class NvjpegLibrary {
public:
    ~NvjpegLibrary();
    NvjpegLibrary(const NvjpegLibrary&) = delete;
    NvjpegLibrary& operator=(const NvjpegLibrary&) = delete;

    const nvjpeg::Api& api() const noexcept { return m_api; }
    const std::string& name() const noexcept { return m_name; }  // as it was asked for
    std::string version() const;                                  // "12.3.1", from nvjpegGetProperty

private:
    friend NvjpegLoad loadNvjpegFrom(const std::vector<std::string>& candidates, bool named);
    NvjpegLibrary(void* handle, std::string name, nvjpeg::Api api);
    void* m_handle;
    std::string m_name;
    nvjpeg::Api m_api;
};

// The outcome of looking: a library, or why none. Every attempt is listed.
struct NvjpegLoad {
    std::shared_ptr<const NvjpegLibrary> library;  // null when none loaded
    std::vector<std::string> tried;                // one "name: what went wrong" per failed candidate
    bool named = false;                            // the candidates came from the key or the variable

    // "tried libnvjpeg.so.13 (…), libnvjpeg.so.12 (…)", for messages and the run's record.
    std::string triedText() const;
};

// What to try, in order: the key's value alone when set, else the variable's alone when set,
// else libnvjpeg.so.13, libnvjpeg.so.12, libnvjpeg.so (newest first; an unversioned name is a
// development symlink, the last resort).
std::vector<std::string> nvjpegCandidates(const std::string& configured, const char* fromEnvironment);

// Tries each candidate until one loads and exports every entry point of nvjpeg::Api.
NvjpegLoad loadNvjpegFrom(const std::vector<std::string>& candidates, bool named);

// nvjpegCandidates(configured, getenv(kNvjpegLibraryVariable)), loaded.
NvjpegLoad loadNvjpeg(const std::string& configured);

}  // namespace bb
