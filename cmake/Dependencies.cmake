# Every dependency is a Debian package (see scripts/packages.txt); GPU servers point
# CMAKE_PREFIX_PATH at a CUDA LibTorch instead (torch.utils.cmake_prefix_path).
find_package(Torch REQUIRED)
if(BB_REQUIRE_CUDA AND NOT TORCH_CUDA_LIBRARIES AND NOT CAFFE2_USE_CUDA)
  message(FATAL_ERROR "BB_REQUIRE_CUDA is ON but the LibTorch at ${Torch_DIR} has no CUDA")
endif()
find_package(Threads REQUIRED)
find_package(SQLite3 REQUIRED)
# CMake 4.3 named FindSQLite3's target SQLite3::SQLite3 and deprecated SQLite::SQLite3, the only
# name Debian 12's CMake knows.
if(TARGET SQLite3::SQLite3)
  set(BB_SQLITE3 SQLite3::SQLite3)
else()
  set(BB_SQLITE3 SQLite::SQLite3)
endif()
find_package(SQLiteCpp REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 REQUIRED)
find_package(fmt REQUIRED)
# Unicode character properties for the tokenizer's GPT-2 pre-tokenization (letters, numbers, spaces).
find_package(ICU REQUIRED COMPONENTS uc)
# libcsv (RFC 4180) for the CSV importer; Debian ships no CMake or pkg-config file for it.
find_path(BB_CSV_INCLUDE_DIR csv.h REQUIRED)
find_library(BB_CSV_LIBRARY csv REQUIRED)
add_library(bb_csv INTERFACE)
target_include_directories(bb_csv SYSTEM INTERFACE ${BB_CSV_INCLUDE_DIR})
target_link_libraries(bb_csv INTERFACE ${BB_CSV_LIBRARY})
# pkg-config is optional: a GPU server building from carried packages may have none, so
# TurboJPEG is also looked up directly (bb_turbojpeg either way).
find_package(PkgConfig QUIET)
add_library(bb_turbojpeg INTERFACE)
if(PkgConfig_FOUND)
  pkg_check_modules(TURBOJPEG QUIET IMPORTED_TARGET libturbojpeg)
endif()
if(TARGET PkgConfig::TURBOJPEG)
  target_link_libraries(bb_turbojpeg INTERFACE PkgConfig::TURBOJPEG)
else()
  find_path(BB_TURBOJPEG_INCLUDE turbojpeg.h REQUIRED)
  find_library(BB_TURBOJPEG_LIBRARY turbojpeg REQUIRED)
  target_include_directories(bb_turbojpeg SYSTEM INTERFACE ${BB_TURBOJPEG_INCLUDE})
  target_link_libraries(bb_turbojpeg INTERFACE ${BB_TURBOJPEG_LIBRARY})
endif()

# Optional: Cairo draws the reports' PDF pages and PNG charts (core has no Qt to do it). A build
# without it (a GPU server) exports HTML, SVG, CSV, JSON and TensorBoard, and refuses PDF and PNG
# with a message saying so. The desktop build (BB_BUILD_GUI) requires it.
option(BB_WITH_CAIRO "PDF and PNG reports through Cairo when it is installed" ON)
# BB_HAVE_CAIRO, not pkg-config's CAIRO_FOUND, says whether it is used: CAIRO_FOUND is cached,
# and outlives BB_WITH_CAIRO switched off in a folder that had found it.
set(BB_HAVE_CAIRO OFF)
if(BB_WITH_CAIRO AND PkgConfig_FOUND)
  pkg_check_modules(CAIRO QUIET IMPORTED_TARGET cairo)
  if(CAIRO_FOUND)
    set(BB_HAVE_CAIRO ON)
  endif()
endif()
# AUTO is resolved here, where whether Cairo was found is known.
include(${CMAKE_CURRENT_LIST_DIR}/GuiAuto.cmake)
if(BB_HAVE_CAIRO)
  # Its folders for source properties (the report sources and their test), less the compiler's
  # own: Debian trixie's Cairo lists /usr/include, which on the command line comes before
  # libstdc++'s folders, whose <cmath> then fails to #include_next <math.h>. A source property
  # is not filtered as a target's include folders are.
  set(BB_CAIRO_INCLUDE_DIRS ${CAIRO_INCLUDE_DIRS})
  list(REMOVE_ITEM BB_CAIRO_INCLUDE_DIRS ${CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES})
elseif(BB_BUILD_GUI)
  message(FATAL_ERROR "The desktop build needs Cairo (found through pkg-config) for its PDF and PNG reports")
endif()
message(STATUS "Cairo for PDF and PNG reports: ${BB_HAVE_CAIRO}")

# Only OpenCV's core and imgproc are hard dependencies (imgcodecs pulls GDAL and more
# on Debian); Debian splits the CMake package into libopencv-dev, which drags in every
# module, so look the two libraries up directly when the CMake package is absent.
find_package(OpenCV QUIET COMPONENTS core imgproc)
if(OpenCV_FOUND)
  add_library(bb_opencv INTERFACE)
  target_include_directories(bb_opencv SYSTEM INTERFACE ${OpenCV_INCLUDE_DIRS})
  target_link_libraries(bb_opencv INTERFACE ${OpenCV_LIBS})
else()
  find_path(BB_OPENCV_INCLUDE opencv2/core.hpp PATH_SUFFIXES opencv4 REQUIRED)
  find_library(BB_OPENCV_CORE opencv_core REQUIRED)
  find_library(BB_OPENCV_IMGPROC opencv_imgproc REQUIRED)
  add_library(bb_opencv INTERFACE)
  target_include_directories(bb_opencv SYSTEM INTERFACE ${BB_OPENCV_INCLUDE})
  target_link_libraries(bb_opencv INTERFACE ${BB_OPENCV_IMGPROC} ${BB_OPENCV_CORE})
endif()

# {fmt} as bb_fmt. A pip LibTorch carries its own {fmt} headers (a newer version than Debian's)
# in its include directories, which come first on every command line that uses bb_torch: those
# headers with Debian's libfmt would declare functions the library does not define. Where the
# LibTorch has its own copy, bb_fmt is header-only, so that each source uses whichever {fmt}
# its include path finds, whole (the versions' inline namespaces keep them apart).
find_path(BB_TORCH_FMT_INCLUDE fmt/format.h PATHS ${TORCH_INCLUDE_DIRS} NO_DEFAULT_PATH)
get_target_property(BB_SYSTEM_FMT_INCLUDE fmt::fmt INTERFACE_INCLUDE_DIRECTORIES)
add_library(bb_fmt INTERFACE)
if(BB_TORCH_FMT_INCLUDE AND NOT BB_TORCH_FMT_INCLUDE IN_LIST BB_SYSTEM_FMT_INCLUDE)
  target_link_libraries(bb_fmt INTERFACE fmt::fmt-header-only)
  message(STATUS "{fmt}: header-only, the LibTorch has its own copy (${BB_TORCH_FMT_INCLUDE})")
else()
  target_link_libraries(bb_fmt INTERFACE fmt::fmt)
endif()

add_library(bb_torch INTERFACE)
target_include_directories(bb_torch SYSTEM INTERFACE ${TORCH_INCLUDE_DIRS})
target_link_libraries(bb_torch INTERFACE ${TORCH_LIBRARIES})
# Data parallel uses c10d's ProcessGroupGloo, whose header is empty unless USE_C10D_GLOO is
# defined; Debian's Torch config defines it, a pip LibTorch's may not. Its headers include
# Gloo's, which Debian ships apart (libgloo-dev); a pip LibTorch carries them inside.
target_compile_definitions(bb_torch INTERFACE USE_C10D_GLOO)
find_path(BB_GLOO_INCLUDE gloo/config.h HINTS ${TORCH_INCLUDE_DIRS})
if(NOT BB_GLOO_INCLUDE)
  message(FATAL_ERROR "Gloo's headers (gloo/config.h) are missing: install libgloo-dev")
endif()

if(BB_BUILD_GUI)
  # Found here, at the top, so that ui/, app/ and tests/ all see the imported targets.
  find_package(Qt6 6.4 REQUIRED COMPONENTS Widgets Charts Svg PrintSupport Test LinguistTools)
endif()

# Optional: PNG, BMP, WebP and TIFF inputs through OpenCV's imgcodecs. JPEG never needs it
# (TurboJPEG decodes straight to RGB), so a build without it only skips those formats, as
# counted and reported inputs.
option(BB_WITH_IMGCODECS "Decode non-JPEG images through OpenCV imgcodecs when it is installed" ON)
set(BB_HAVE_IMGCODECS OFF)
if(BB_WITH_IMGCODECS)
  find_path(BB_OPENCV_IMGCODECS_INCLUDE opencv2/imgcodecs.hpp PATH_SUFFIXES opencv4)
  find_library(BB_OPENCV_IMGCODECS opencv_imgcodecs)
  if(BB_OPENCV_IMGCODECS_INCLUDE AND BB_OPENCV_IMGCODECS)
    set(BB_HAVE_IMGCODECS ON)
    target_link_libraries(bb_opencv INTERFACE ${BB_OPENCV_IMGCODECS})
    target_compile_definitions(bb_opencv INTERFACE BB_HAVE_IMGCODECS=1)
  endif()
endif()
message(STATUS "OpenCV imgcodecs for non-JPEG images: ${BB_HAVE_IMGCODECS}")
