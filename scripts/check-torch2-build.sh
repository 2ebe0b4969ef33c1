#!/usr/bin/env bash
# Builds the headless configuration (core, bridgebench-cli and the core, cli and cuda tests) in a
# Debian chroot whose LibTorch is 2.x, and runs the tests there: linked and run, not only parsed
# (scripts/check-torch-headers.sh parses). The sources must build and behave alike against
# Debian 12's LibTorch 1.13 and a GPU server's pip LibTorch 2.x; this machine has only the first,
# and a 2.x LibTorch's libraries need a newer C library than Debian 12's, so they cannot be linked
# here outside a newer system. trixie's is 2.6: it has scaled_dot_product_attention (which 1.13
# lacks, so the SDPA-against-eager test runs instead of skipping), autocast's per-device-type
# calls of 2.4 and c10d's ProcessGroup-over-Backend of 2.0, which are the three places
# core/src/util/torch_compat.h and core/src/distributed/c10d_compat.h tell the versions apart.
#
#   scripts/check-torch2-build.sh [SUITE] [-- CTEST-ARGS...]
#   scripts/check-torch2-build.sh [SUITE] --bench TARGET [-- BENCH-ARGS...]
#     SUITE: a Debian suite with a 2.x libtorch-dev, default trixie (2.6); sid had 2.14 (2026-12)
#     CTEST-ARGS: instead of the default selection (every core and cli test)
#     --bench: build one benchmark of bench/ instead and run it with BENCH-ARGS, to measure code
#       that only a 2.x LibTorch has (LibTorch's CPU _fused_adamw_ in model_bench) beside its peer.
#       Nothing else may run on the machine meanwhile.
#   scripts/check-torch2-build.sh [SUITE] --cuda
#     --cuda: against SUITE's CUDA LibTorch instead (contrib's libtorch-cuda-dev, 2.6 with CUDA 12.4 in
#       trixie; CUDA's headers and NCCL from non-free and contrib), in build/torch2/SUITE-cuda/root: the
#       cuda preset's configuration (BB_REQUIRE_CUDA; BB_BUILD_GUI=AUTO, with Qt installed, as on a GPU
#       workstation), and every target built and linked, the _cuda.cpp sources, the cuda tests and the
#       window with them, so that what only a GPU machine compiles has compiled
#       before a lent GPU's minutes are spent on it. Nothing runs: there is no GPU here, and Debian's
#       cuDNN package downloads cuDNN from NVIDIA at install time, which this machine cannot reach, so
#       a placeholder stands in for that package. The links then warn rather than fail on what is
#       unresolved, and the check fails on every such warning but LibTorch's own references into
#       cuDNN. (--allow-shlib-undefined would not do: it keeps ld from reading the libraries' own
#       dependencies, so that a weak reference of ours that LibTorch's BLAS would have satisfied,
#       sgemm_ in model/head_products.cpp, fails instead.) About 2.5 GB of packages.
#
# Needs root (debootstrap, chroot, mounts) and Debian's archive. The chroot stays in
# build/torch2/SUITE/root (about 3 GB) so that a second run only rebuilds what changed; delete
# that folder to start afresh. The source tree is bind-mounted read-only at /src; the build is
# /build inside the chroot. BB_JOBS: parallel compilers (default: the cores). Exits with the
# build's or ctest's status; the mounts are undone on every exit.
set -euo pipefail

suite=trixie
if [[ $# -gt 0 && $1 != -- && $1 != --bench && $1 != --cuda ]]; then suite=$1; shift; fi
bench=
cuda=
if [[ ${1:-} == --bench ]]; then
  bench=${2:?--bench needs a target, e.g. model_bench}
  shift 2
elif [[ ${1:-} == --cuda ]]; then
  cuda=1
  shift
fi
[[ ${1:-} == -- ]] && shift
ctest_args=("$@")
if [[ -z $bench && ${#ctest_args[@]} -eq 0 ]]; then ctest_args=(-L '^(core|cli|cuda)$'); fi

if [[ $(id -u) -ne 0 ]]; then
  echo "check-torch2-build.sh needs root (debootstrap, chroot and bind mounts)" >&2
  exit 2
fi
command -v debootstrap >/dev/null || { echo "install debootstrap first (apt-get install debootstrap)" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
chroot_dir=$root/build/torch2/$suite${cuda:+-cuda}/root
jobs=${BB_JOBS:-$(nproc)}

# What the headless build needs, as scripts/packages.txt names it for Debian 12, with the optional
# Cairo, libxml2 and poppler so that the report tests run too; iproute2 for the multi-node test's
# namespaces, python3 for the fixtures' helpers.
packages=(
  build-essential cmake ninja-build ccache pkg-config git python3 iproute2 procps
  libtorch-dev libgloo-dev libopenblas0-pthread
  libsqlite3-dev libsqlitecpp-dev nlohmann-json3-dev libcli11-dev libfmt-dev libicu-dev libcsv-dev
  libturbojpeg0-dev libopencv-core-dev libopencv-imgproc-dev libprotobuf-dev protobuf-compiler
  libgtest-dev libgmock-dev libbenchmark-dev libcairo2-dev libxml2-dev libpoppler-cpp-dev
)
if [[ -n $cuda ]]; then
  packages=("${packages[@]/#libtorch-dev/libtorch-cuda-dev}")
  packages=("${packages[@]/#libgloo-dev/libgloo-cuda-dev}" nvidia-cuda-toolkit libnccl-dev)
  # Qt, so that the preset's BB_BUILD_GUI=AUTO builds the window, as on a GPU workstation.
  packages+=(qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools)
fi

# shellcheck source=scripts/lib/chroot.sh
source "$root/scripts/lib/chroot.sh"
chroot_bootstrap "$suite" --variant=minbase
if [[ -n $cuda ]]; then
  echo "deb http://deb.debian.org/debian $suite main contrib non-free" >"$chroot_dir/etc/apt/sources.list"
fi
chroot_enter
chroot_mount /src --bind "$root"
mount -o remount,bind,ro "$chroot_dir/src"

if [[ -n $cuda ]] && ! in_chroot dpkg-query -W -f='${Status}' nvidia-cudnn 2>/dev/null | grep -q 'install ok installed'; then
  # The placeholder for the cuDNN downloader (see --cuda above): an empty package of its name and
  # version, so that apt installs libtorch-cuda without running the download.
  placeholder=$chroot_dir/tmp/nvidia-cudnn-placeholder
  mkdir -p "$placeholder/DEBIAN"
  printf '%s\n' 'Package: nvidia-cudnn' 'Version: 9.0.0.312~cuda12' 'Architecture: amd64' \
    'Maintainer: BridgeBench check-torch2-build <root@localhost>' \
    'Description: placeholder for the cuDNN downloader, which needs NVIDIA servers' >"$placeholder/DEBIAN/control"
  in_chroot dpkg-deb --build /tmp/nvidia-cudnn-placeholder /tmp/nvidia-cudnn-placeholder.deb
  in_chroot dpkg -i /tmp/nvidia-cudnn-placeholder.deb
fi
missing=$(in_chroot dpkg-query -W -f='${Package} ${Status}\n' "${packages[@]}" 2>&1 | grep -v 'install ok installed' || true)
if [[ -n $missing ]]; then
  # A mirror that serves a snapshot of a fast-moving suite (sid) can hand out a Release file past
  # its Valid-Until date; its packages are still what this check wants to build against.
  in_chroot env DEBIAN_FRONTEND=noninteractive apt-get -qq -o Acquire::Check-Valid-Until=false update
  in_chroot env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}"
fi
if [[ -n $cuda ]]; then
  # The CUDA driver library's packages point the GL alternatives at NVIDIA's driver, whose EGL is
  # not installed without a GPU; Mesa's lets Qt's libraries find libEGL.so.1 when the window links.
  in_chroot update-alternatives --set glx /usr/lib/mesa-diverted >/dev/null
fi
# The numbers moved to torch/headeronly/version.h in later 2.x; the API's version.h includes it.
version=$(cat "$chroot_dir"/usr/include/torch/csrc/api/include/torch/version.h \
              "$chroot_dir"/usr/include/torch/headeronly/version.h 2>/dev/null \
            | grep -E '^#define TORCH_VERSION_(MAJOR|MINOR|PATCH) ' | awk '{print $3}' | paste -sd. || true)
echo "Debian $suite: LibTorch ${version:-unknown}, $(in_chroot g++ --version | head -1)"

# The read-only source tree belongs to another user than the build's git; say it is safe so that
# the build's commit id is read as on the host.
in_chroot git config --global --replace-all safe.directory /src
if [[ -n $cuda ]]; then
  # The cuda preset's settings. The tests are listed when ctest runs rather than by running each
  # test program after it links, which cannot load here (no cuDNN).
  in_chroot env CCACHE_DIR=/ccache cmake -S /src -B /build -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBB_BUILD_GUI=AUTO -DBB_REQUIRE_CUDA=ON -DCMAKE_GTEST_DISCOVER_TESTS_DISCOVERY_MODE=PRE_TEST \
    -DCMAKE_EXE_LINKER_FLAGS=-Wl,--warn-unresolved-symbols
  # Every link again (the project's libraries are static: only executables link), so that each
  # one's warnings are in this log, not only those of what changed.
  in_chroot ninja -C /build -t targets all | sed -n 's/^\([^:]*\): CXX_EXECUTABLE_LINKER.*/\1/p' |
    while read -r linked; do rm -f "$chroot_dir/build/$linked"; done
  log=$chroot_dir/build/cuda-build.log
  set +e
  in_chroot env CCACHE_DIR=/ccache cmake --build /build -j "$jobs" -- -k 0 2>&1 | tee "$log"
  built=${PIPESTATUS[0]}
  set -e
  unresolved=$(grep 'undefined reference' "$log" | grep -v "@libcudnn\.so\.9'\$" || true)
  if [[ -n $unresolved ]]; then
    echo "unresolved beyond cuDNN:" >&2
    echo "$unresolved" >&2
    exit 1
  fi
  (( built == 0 )) || exit "$built"
  echo "built every target against the CUDA LibTorch; nothing was run (no GPU, no cuDNN)"
  exit
fi
in_chroot env CCACHE_DIR=/ccache cmake -S /src -B /build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DBB_BUILD_GUI=OFF -DBB_BUILD_BENCH="$([[ -n $bench ]] && echo ON || echo OFF)"
if [[ -n $bench ]]; then
  in_chroot env CCACHE_DIR=/ccache cmake --build /build -j "$jobs" --target "$bench"
  echo "$bench ${ctest_args[*]}"
  in_chroot "/build/bench/$bench" "${ctest_args[@]}"
  exit
fi
# What the default tests need: not the benchmarks or the fuzz targets' replays. -k 0: every file
# that fails to compile is reported in one run, not only the first.
in_chroot env CCACHE_DIR=/ccache cmake --build /build -j "$jobs" --target bridgebench-cli core_tests cli_tests cuda_tests -- -k 0
echo "ctest ${ctest_args[*]}"
in_chroot ctest --test-dir /build --output-on-failure -j "$jobs" "${ctest_args[@]}"
