#include "data/nvjpeg_library.h"

#include <dlfcn.h>

#include <cstdlib>

namespace bb {

namespace {

std::string lastDlError() {
    const char* text = dlerror();
    return text ? text : "unknown error";
}

// Resolves one entry point; false (and the reason in `error`) when the library lacks it, as a
// library that merely shares the name might.
template <typename Fn>
bool resolve(void* handle, const char* symbol, Fn& out, std::string& error) {
    dlerror();
    void* address = dlsym(handle, symbol);
    if (!address) {
        if (error.empty()) error = std::string("does not export ") + symbol;
        return false;
    }
    out = reinterpret_cast<Fn>(address);
    return true;
}

}  // namespace

NvjpegLibrary::NvjpegLibrary(void* handle, std::string name, nvjpeg::Api api)
    : m_handle(handle), m_name(std::move(name)), m_api(api) {}

NvjpegLibrary::~NvjpegLibrary() {
    if (m_handle) dlclose(m_handle);
}

std::string NvjpegLibrary::version() const {
    int major = 0, minor = 0, patch = 0;
    if (m_api.getProperty(nvjpeg::kMajorVersion, &major) != nvjpeg::kSuccess ||
        m_api.getProperty(nvjpeg::kMinorVersion, &minor) != nvjpeg::kSuccess ||
        m_api.getProperty(nvjpeg::kPatchLevel, &patch) != nvjpeg::kSuccess)
        return "unknown";
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

std::string NvjpegLoad::triedText() const {
    std::string text;
    for (const auto& attempt : tried) text += (text.empty() ? "" : "; ") + attempt;
    return "tried " + (text.empty() ? std::string("nothing") : text);
}

std::vector<std::string> nvjpegCandidates(const std::string& configured, const char* fromEnvironment) {
    if (!configured.empty()) return {configured};
    if (fromEnvironment && *fromEnvironment) return {fromEnvironment};
    return {"libnvjpeg.so.13", "libnvjpeg.so.12", "libnvjpeg.so"};
}

NvjpegLoad loadNvjpegFrom(const std::vector<std::string>& candidates, bool named) {
    NvjpegLoad load;
    load.named = named;
    for (const auto& name : candidates) {
        // RTLD_LOCAL: nvJPEG's symbols stay out of the global namespace, where they could
        // clash with another copy (torchvision's) loaded by someone else.
        void* handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            load.tried.push_back(name + " (" + lastDlError() + ")");
            continue;
        }
        nvjpeg::Api api;
        std::string error;
        const bool complete = resolve(handle, "nvjpegCreateEx", api.createEx, error) &
                              resolve(handle, "nvjpegDestroy", api.destroy, error) &
                              resolve(handle, "nvjpegJpegStateCreate", api.jpegStateCreate, error) &
                              resolve(handle, "nvjpegJpegStateDestroy", api.jpegStateDestroy, error) &
                              resolve(handle, "nvjpegGetImageInfo", api.getImageInfo, error) &
                              resolve(handle, "nvjpegDecodeBatchedInitialize", api.decodeBatchedInitialize, error) &
                              resolve(handle, "nvjpegDecodeBatched", api.decodeBatched, error) &
                              resolve(handle, "nvjpegGetProperty", api.getProperty, error);
        if (!complete) {
            dlclose(handle);
            load.tried.push_back(name + " (" + error + ")");
            continue;
        }
        load.library = std::shared_ptr<const NvjpegLibrary>(new NvjpegLibrary(handle, name, api));
        return load;
    }
    return load;
}

NvjpegLoad loadNvjpeg(const std::string& configured) {
    const char* fromEnvironment = std::getenv(kNvjpegLibraryVariable);
    const bool named = !configured.empty() || (fromEnvironment && *fromEnvironment);
    return loadNvjpegFrom(nvjpegCandidates(configured, fromEnvironment), named);
}

}  // namespace bb
