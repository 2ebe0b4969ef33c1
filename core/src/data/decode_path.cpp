#include "data/decode_path.h"

#include <torch/types.h>

#include "bridgebench/errors.h"
#include "data/nvjpeg_decoder.h"

namespace bb {

nlohmann::json DecodeChoice::toJson() const {
    nlohmann::json out = {{"site", site == DecodeSite::DeviceNvjpeg ? "nvjpeg" : "cpu"}, {"device_wanted", deviceWanted}};
    if (library) {
        out["library"] = library->name();
        out["nvjpeg_version"] = library->version();
    }
    if (!fallback.empty()) out["fallback"] = fallback;
    return out;
}

DecodeChoice chooseDecodePath(const DecodeRequest& request, const std::function<NvjpegLoad()>& load) {
    DecodeChoice choice;
    choice.deviceWanted = request.deviceTransforms && request.cudaDevice;
    // Host transforms, or device transforms on a CPU: decoding is the loader's by design.
    if (!choice.deviceWanted) return choice;
    if (!request.deviceDecoderBuilt) {
        choice.fallback = "decoding on the CPU: this build's loader cannot hand encoded JPEGs to the device "
                          "(no nvJPEG decode path built); the transforms still run on the device";
        return choice;
    }
    const NvjpegLoad found = load();
    if (!found.library) {
        if (found.named)
            throw ConfigError("nvjpeg_library", "the nvJPEG library named by nvjpeg_library or $" +
                                                    std::string(kNvjpegLibraryVariable) + " does not load: " +
                                                    found.triedText());
        choice.fallback = "decoding on the CPU: nvJPEG not found (" + found.triedText() + "; set nvjpeg_library or $" +
                          kNvjpegLibraryVariable + " to its path); the transforms still run on the device";
        return choice;
    }
    choice.site = DecodeSite::DeviceNvjpeg;
    choice.library = found.library;
    return choice;
}

// The loader hands JPEG files over as read (LoaderOptions::encodedJpegs) wherever this build
// has the batched decoder, that is, against a CUDA LibTorch.
bool nvjpegDecodePathBuilt() noexcept { return nvjpegDecoderBuilt(); }

DecodeChoice chooseDecodePath(const RunConfig& config) {
    DecodeRequest request;
    request.deviceTransforms = config.deviceTransforms;
    request.cudaDevice = torch::Device(config.device).is_cuda();
    request.deviceDecoderBuilt = nvjpegDecodePathBuilt();
    return chooseDecodePath(request, [&] { return loadNvjpeg(config.nvjpegLibrary); });
}

}  // namespace bb
