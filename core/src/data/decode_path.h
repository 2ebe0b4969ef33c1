// Where a run's JPEGs are decoded: on the CPU (the loader's TurboJPEG decoder), or on the
// training device with nvJPEG's batched decoder. Device decoding is wanted with
// device_transforms on a cuda device; when it cannot be had the run decodes on the CPU (the
// transforms stay on the device) and the choice says why, so that the run records it in its
// environment and summary: a fallback is never silent.
#pragma once

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "bridgebench/run_config.h"
#include "data/nvjpeg_library.h"

namespace bb {

enum class DecodeSite { Cpu, DeviceNvjpeg };

struct DecodeChoice {
    DecodeSite site = DecodeSite::Cpu;
    bool deviceWanted = false;                     // device_transforms on a cuda device
    std::shared_ptr<const NvjpegLibrary> library;  // set when site is DeviceNvjpeg
    std::string fallback;                          // why a wanted device decode is not used; empty otherwise

    // {"site": "cpu" | "nvjpeg", "device_wanted": bool, "library", "nvjpeg_version", "fallback"}
    nlohmann::json toJson() const;
};

struct DecodeRequest {
    bool deviceTransforms = false;
    bool cudaDevice = false;
    // Whether this build can decode on the device and its loader hands encoded JPEGs over.
    bool deviceDecoderBuilt = false;
};

// The selection. `load` is called only when device decoding is wanted and built. A library the
// key or variable named (load().named) that does not load is a ConfigError on
// "nvjpeg_library" naming it and why: the user asked for that file, so decoding elsewhere
// would answer a question not asked. None of the default names loading is the stated fallback.
DecodeChoice chooseDecodePath(const DecodeRequest& request, const std::function<NvjpegLoad()>& load);

// For a run: its config, this build, loadNvjpeg(config.nvjpegLibrary).
DecodeChoice chooseDecodePath(const RunConfig& config);

// Whether this build has the device decoder and the loader path that feeds it.
bool nvjpegDecodePathBuilt() noexcept;

}  // namespace bb
