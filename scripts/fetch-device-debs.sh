#!/usr/bin/env bash
# Downloads (never installs) the Debian packages that a headless CUDA build of BridgeBench needs
# on a GPU server that has no apt, no network and no Qt, into .device-debs/ (ignored by git). The
# device check (scripts/device-check.sh) unpacks them into a scratch prefix there with dpkg -x.
# Run here, on the Debian 12 machine, as any user: `apt-get download` needs no root.
#
# Not carried, because the GPU server has them or the build does without them:
#   zlib and the C/C++ runtime (every image has them; protobuf links libz.so.1 as it is there),
#   LibTorch (the pip torch's), CMake and ninja (pip), the compiler and the CUDA toolkit (the
#   image's), pkg-config (optional: TurboJPEG is also found directly), Cairo (optional: PDF and PNG
#   reports), libxml2 (optional: only the report tests), OpenCV imgcodecs (optional: non-JPEG
#   images), Qt (the GUI is off).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-$root/.device-debs}
limit_mib=${BB_DEVICE_DEBS_LIMIT_MIB:-50}

# Headers, CMake configs and development symlinks of core's hard dependencies, with the shared
# libraries they point to (a bare image lacks those too, or has other versions).
build=(
  libsqlite3-dev libsqlite3-0 libsqlitecpp-dev
  nlohmann-json3-dev libcli11-dev
  libfmt-dev libfmt9
  libicu-dev libicu72
  libcsv-dev libcsv3
  libturbojpeg0-dev libturbojpeg0
  libopencv-core-dev libopencv-core406 libopencv-imgproc-dev libopencv-imgproc406
  libprotobuf-dev libprotobuf32 libprotobuf-lite32 protobuf-compiler libprotoc32
  # c10d's Gloo headers, used only when the pip LibTorch does not carry its own.
  libgloo-dev
  # The tests and benchmarks of the cuda preset.
  libgtest-dev libgmock-dev libbenchmark-dev libbenchmark1debian
)
# Debian's OpenCV core links these (BLAS/LAPACK, TBB, and GLX through its OpenGL interop); a bare
# server image usually has none of them. Runtime and link-time only: no headers.
opencv_runtime=(
  libtbb12 liblapack3 libblas3 libgfortran5 libquadmath0
  libglx0 libglvnd0 libx11-6 libxcb1 libxau6 libxdmcp6 libbsd0 libmd0
)

mkdir -p "$dest"
cd "$dest"
rm -f ./*.deb
apt-get download "${build[@]}" "${opencv_runtime[@]}"

bytes=$(du -cb ./*.deb | tail -1 | cut -f1)
mib=$(( (bytes + 1048575) / 1048576 ))
echo "$(ls ./*.deb | wc -l) packages, ${mib} MiB in $dest"
if (( mib > limit_mib )); then
  echo "over the ${limit_mib} MiB that may travel with the working tree" >&2
  exit 1
fi
