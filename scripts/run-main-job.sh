#!/usr/bin/env bash
# `make run`: the GUI when a display is there, else the default quick benchmark headless.
set -euo pipefail
build_dir=${1:-build/release}
if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]] && [[ -x "$build_dir/app/bridgebench" ]]; then
  exec "$build_dir/app/bridgebench"
fi
echo "No display found: running the quick benchmark headless."
exec "$build_dir/app/bridgebench-cli" run
