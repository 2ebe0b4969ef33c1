// The few nvJPEG types and entry points the batched decoder uses, declared here from NVIDIA's
// documented C API, because nvJPEG is loaded at run time (data/nvjpeg_library.h) and a build
// needs neither its header nor the CUDA toolkit. Enumerations are passed as int, as the C ABI
// passes them; cudaStream_t is a pointer.
#pragma once

#include <cstddef>

namespace bb::nvjpeg {

using Status = int;  // nvjpegStatus_t
inline constexpr Status kSuccess = 0;
inline constexpr Status kBadJpeg = 3;
inline constexpr Status kJpegNotSupported = 4;
inline constexpr Status kArchMismatch = 7;  // e.g. the hardware backend on a GPU without the engine

// nvjpegBackend_t
inline constexpr int kBackendDefault = 0;
inline constexpr int kBackendHardware = 3;  // the A100/H100/H200 JPEG engine
// nvjpegOutputFormat_t: interleaved RGB, one plane of width * 3 bytes per row
inline constexpr int kOutputRgbInterleaved = 5;
// libraryPropertyType
inline constexpr int kMajorVersion = 0;
inline constexpr int kMinorVersion = 1;
inline constexpr int kPatchLevel = 2;

inline constexpr int kMaxComponent = 4;

struct HandleOpaque;
struct JpegStateOpaque;
using Handle = HandleOpaque*;        // nvjpegHandle_t
using JpegState = JpegStateOpaque*;  // nvjpegJpegState_t

struct Image {  // nvjpegImage_t
    unsigned char* channel[kMaxComponent];
    std::size_t pitch[kMaxComponent];
};

using CreateExFn = Status (*)(int backend, void* deviceAllocator, void* pinnedAllocator, unsigned int flags,
                              Handle* handle);
using DestroyFn = Status (*)(Handle handle);
using JpegStateCreateFn = Status (*)(Handle handle, JpegState* state);
using JpegStateDestroyFn = Status (*)(JpegState state);
using GetImageInfoFn = Status (*)(Handle handle, const unsigned char* data, std::size_t length, int* components,
                                  int* subsampling, int* widths, int* heights);
using DecodeBatchedInitializeFn = Status (*)(Handle handle, JpegState state, int batchSize, int maxCpuThreads,
                                             int outputFormat);
using DecodeBatchedFn = Status (*)(Handle handle, JpegState state, const unsigned char* const* data,
                                   const std::size_t* lengths, Image* destinations, void* stream);
using GetPropertyFn = Status (*)(int property, int* value);

// Every entry point, resolved from one loaded library.
struct Api {
    CreateExFn createEx = nullptr;
    DestroyFn destroy = nullptr;
    JpegStateCreateFn jpegStateCreate = nullptr;
    JpegStateDestroyFn jpegStateDestroy = nullptr;
    GetImageInfoFn getImageInfo = nullptr;
    DecodeBatchedInitializeFn decodeBatchedInitialize = nullptr;
    DecodeBatchedFn decodeBatched = nullptr;
    GetPropertyFn getProperty = nullptr;
};

}  // namespace bb::nvjpeg
