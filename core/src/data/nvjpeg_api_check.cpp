// Holds data/nvjpeg_api.h to NVIDIA's own nvjpeg.h. The declarations there are written by hand so
// that no build needs the CUDA toolkit, and a slip in one (an argument left out, an enumerator's
// value, the image struct's layout) would otherwise show only on a GPU, as a crash or as garbage
// pixels. Nothing here runs: a mismatch fails the compilation. CMake builds this file as a target
// of its own, nvjpeg_api_check, wherever it finds the header (core/CMakeLists.txt).
#include <nvjpeg.h>

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "data/nvjpeg_api.h"

namespace bb::nvjpeg {
namespace {

template <typename Fn>
struct Signature;
template <typename Result, typename... Arguments>
struct Signature<Result (*)(Arguments...)> {
    using Returns = Result;
    using Takes = std::tuple<Arguments...>;
};

// Whether what our pointer points at is passed as NVIDIA's is: the same type and constness, an
// int for a C enumeration, our opaque handle for theirs, our Image for theirs (whose layout is
// checked below), or void where we hand on their pointer untouched (allocators, the stream).
template <typename Ours, typename Theirs>
constexpr bool pointeesAlike();

// One parameter or result, as the C ABI passes it.
template <typename Ours, typename Theirs>
constexpr bool passedAlike() {
    if constexpr (std::is_same_v<Ours, Theirs>) {
        return true;
    } else if constexpr (std::is_enum_v<Theirs>) {
        return std::is_same_v<Ours, int> && sizeof(Theirs) == sizeof(int);
    } else if constexpr (std::is_pointer_v<Ours> && std::is_pointer_v<Theirs>) {
        return pointeesAlike<std::remove_pointer_t<Ours>, std::remove_pointer_t<Theirs>>();
    } else {
        return false;
    }
}

template <typename Ours, typename Theirs>
constexpr bool pointeesAlike() {
    if constexpr (std::is_void_v<Ours>) {
        return !std::is_const_v<Theirs>;
    } else if constexpr (std::is_const_v<Ours> != std::is_const_v<Theirs>) {
        return false;
    } else {
        using O = std::remove_const_t<Ours>;
        using T = std::remove_const_t<Theirs>;
        return passedAlike<O, T>() ||
               (std::is_same_v<O, HandleOpaque> && std::is_same_v<T, std::remove_pointer_t<nvjpegHandle_t>>) ||
               (std::is_same_v<O, JpegStateOpaque> && std::is_same_v<T, std::remove_pointer_t<nvjpegJpegState_t>>) ||
               (std::is_same_v<O, Image> && std::is_same_v<T, nvjpegImage_t>);
    }
}

template <typename Ours, typename Theirs, std::size_t... Index>
constexpr bool everyArgumentAlike(std::index_sequence<Index...>) {
    return (passedAlike<std::tuple_element_t<Index, typename Signature<Ours>::Takes>,
                        std::tuple_element_t<Index, typename Signature<Theirs>::Takes>>() &&
            ...);
}

template <typename Ours, typename Theirs>
constexpr bool sameCall() {
    constexpr std::size_t ourCount = std::tuple_size_v<typename Signature<Ours>::Takes>;
    if constexpr (ourCount != std::tuple_size_v<typename Signature<Theirs>::Takes>) {
        return false;
    } else {
        return passedAlike<typename Signature<Ours>::Returns, typename Signature<Theirs>::Returns>() &&
               everyArgumentAlike<Ours, Theirs>(std::make_index_sequence<ourCount>{});
    }
}

static_assert(sameCall<CreateExFn, decltype(&nvjpegCreateEx)>(), "nvjpegCreateEx");
static_assert(sameCall<DestroyFn, decltype(&nvjpegDestroy)>(), "nvjpegDestroy");
static_assert(sameCall<JpegStateCreateFn, decltype(&nvjpegJpegStateCreate)>(), "nvjpegJpegStateCreate");
static_assert(sameCall<JpegStateDestroyFn, decltype(&nvjpegJpegStateDestroy)>(), "nvjpegJpegStateDestroy");
static_assert(sameCall<GetImageInfoFn, decltype(&nvjpegGetImageInfo)>(), "nvjpegGetImageInfo");
static_assert(sameCall<DecodeBatchedInitializeFn, decltype(&nvjpegDecodeBatchedInitialize)>(),
              "nvjpegDecodeBatchedInitialize");
static_assert(sameCall<DecodeBatchedFn, decltype(&nvjpegDecodeBatched)>(), "nvjpegDecodeBatched");
static_assert(sameCall<GetPropertyFn, decltype(&nvjpegGetProperty)>(), "nvjpegGetProperty");

static_assert(kSuccess == NVJPEG_STATUS_SUCCESS);
static_assert(kBadJpeg == NVJPEG_STATUS_BAD_JPEG);
static_assert(kJpegNotSupported == NVJPEG_STATUS_JPEG_NOT_SUPPORTED);
static_assert(kArchMismatch == NVJPEG_STATUS_ARCH_MISMATCH);
static_assert(kBackendDefault == NVJPEG_BACKEND_DEFAULT);
static_assert(kBackendHardware == NVJPEG_BACKEND_HARDWARE);
static_assert(kOutputRgbInterleaved == NVJPEG_OUTPUT_RGBI);
static_assert(kMajorVersion == MAJOR_VERSION && kMinorVersion == MINOR_VERSION && kPatchLevel == PATCH_LEVEL);

static_assert(kMaxComponent == NVJPEG_MAX_COMPONENT);
static_assert(sizeof(Image) == sizeof(nvjpegImage_t) && alignof(Image) == alignof(nvjpegImage_t));
static_assert(offsetof(Image, channel) == offsetof(nvjpegImage_t, channel) &&
              offsetof(Image, pitch) == offsetof(nvjpegImage_t, pitch));
static_assert(std::is_same_v<decltype(Image::channel), decltype(nvjpegImage_t::channel)> &&
              std::is_same_v<decltype(Image::pitch), decltype(nvjpegImage_t::pitch)>);

}  // namespace
}  // namespace bb::nvjpeg
