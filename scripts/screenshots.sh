#!/usr/bin/env bash
# Screenshots of the main views for the README, taken from the real GUI under Xvfb:
#   scripts/screenshots.sh [BUILD_DIR] [OUT_DIR]
# Runs a short real run and a sweep into a scratch database first, so that the dashboard and
# the comparison have something to show; the GUI then runs its default settings for live.png.
# Needs xvfb (xvfb-run); installs nothing itself.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/release}
out_dir=${2:-docs/screenshots}
cli="$build_dir/app/bridgebench-cli"
gui="$build_dir/app/bridgebench"
for binary in "$cli" "$gui"; do
  [[ -x $binary ]] || { echo "screenshots.sh: $binary not built (make build)" >&2; exit 2; }
done
command -v xvfb-run >/dev/null || { echo "screenshots.sh: xvfb-run missing (apt-get install xvfb xauth)" >&2; exit 2; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
db="$scratch/screenshots.db"
"$cli" sweep --preset study --set steps=12 --db "$db" > /dev/null
"$cli" run --set model=tiny --set steps=60 --set batch_size=16 --set workers=1 --set name="tiny, 1 worker" --db "$db" > /dev/null

mkdir -p "$out_dir"
# Settings of the GUI (window layout, language) go to the scratch folder, not the user's.
XDG_CONFIG_HOME="$scratch/config" LANG=${SCREENSHOT_LANG:-en_US.UTF-8} \
  xvfb-run -a -s "-screen 0 1600x1000x24" "$gui" --db "$db" --screenshots "$out_dir"
