#!/usr/bin/env bash
# Compiles (syntax only) every C++ source that uses LibTorch against the headers of another
# LibTorch, without building or linking anything: the sources must build against Debian 12's
# 1.13 and against the pip LibTorch 2.x of GPU servers, and this machine has only the first.
# Debian's newer suites ship 2.x headers (trixie 2.6, sid 2.14 as of 2026-12), so they bracket a
# GPU server's pip torch. The _cuda.cpp sources are checked too, with CUDA on, where the CUDA
# toolkit's headers are found (BB_CUDA_INCLUDE, default /usr/local/cuda/include).
#
#   scripts/check-torch-headers.sh [SUITE [PATH...]]
#     SUITE: a Debian suite, default sid; PATH: check only the sources whose path contains one
#
# Downloads libtorch-dev and libfmt-dev of SUITE with apt-get download (an apt state of its own,
# never the system's) into build/torch-headers/SUITE and unpacks them there. That {fmt} stands
# for the newer one a pip LibTorch carries; Gloo's headers stay this system's (libgloo-dev), as on
# a GPU server whose pip LibTorch carries none (Debian 12's travel in .device-debs).
# Reads the commands of build/release/compile_commands.json (configures the release preset when
# it is missing). Runs as any user; needs Debian's archive and python3. BB_JOBS: parallel
# compilers (default: the cores). Exits 1 if any source fails, naming each with its errors.
set -euo pipefail

suite=${1:-sid}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
dest=$root/build/torch-headers/$suite
apt=$dest/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$dest/debs"

echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" \
  > "$apt/sources.list"
opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
      -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o Dir::State::status=/dev/null
      -o Debug::NoLocking=1 -o APT::Architecture=amd64)
# As root apt would hand the downloads to its _apt user, who cannot write to this folder.
if [[ $(id -u) -eq 0 ]]; then opts+=(-o APT::Sandbox::User=root); fi
apt-get -qq "${opts[@]}" update
(cd "$dest/debs" && rm -f ./*.deb && apt-get -qq "${opts[@]}" download libtorch-dev libfmt-dev)
rm -rf "$dest/prefix"
for deb in "$dest"/debs/*.deb; do dpkg-deb -x "$deb" "$dest/prefix"; done
version=$(find "$dest/prefix/usr/include/torch" -name version.h -path '*torch/*version.h' \
            -exec grep -h -E '^#define TORCH_VERSION_(MAJOR|MINOR|PATCH) ' {} + | awk '{print $3}' | head -3 | paste -sd.)
echo "LibTorch headers of Debian $suite: ${version:-unknown version} in $dest/prefix"

if [[ ! -f $root/build/release/compile_commands.json ]]; then
  (cd "$root" && cmake --preset release >/dev/null)
fi
exec python3 "$root/scripts/check_torch_headers.py" --prefix "$dest/prefix" --work "$dest" \
  --build "$root/build/release" --source "$root" --jobs "${BB_JOBS:-$(nproc)}" \
  --cuda-include "${BB_CUDA_INCLUDE:-/usr/local/cuda/include}" -- "$@"
