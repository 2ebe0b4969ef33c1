#!/usr/bin/env bash
# `make run`: the GUI when a display is there, else the study's workload at this machine's size,
# headless, set beside the study's published figures.
#   MAIN_JOB_STEPS   steps to train (default 60); BRIDGEBENCH_DB  the database (the CLI's default)
set -euo pipefail
build_dir=${1:-build/release}
if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]] && [[ -x "$build_dir/app/bridgebench" ]]; then
  exec "$build_dir/app/bridgebench"
fi
cli="$build_dir/app/bridgebench-cli"
steps=${MAIN_JOB_STEPS:-60}
# The study loaded with 0, 1 or 2 workers; a loader worker needs a core of its own beside
# the training thread's, so a two-core machine gets one.
workers=$(( $(nproc) >= 4 ? 2 : 1 ))
# The study's August 2023 figures for the same worker count (8× Gaudi2, H100, A100 80GB).
case $workers in
  1) references=(0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0102 0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0106 0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0109) ;;
  *) references=(0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0103 0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0107 0f0c2a9e-0a11-4c3e-8b7a-5d2e4f6a0110) ;;
esac
name="main job $(date -u +%Y-%m-%dT%H:%M:%SZ)"

echo "No display found: training BridgeTower (preset tiny) for $steps steps on generated JPEGs"
echo "(read, decoded and transformed as the study's images were), workers $workers, headless."
"$cli" run --set model=tiny --set dataset=synthetic --set "steps=$steps" --set batch_size=8 \
  --set "workers=$workers" --set "name=$name"
echo
# One comparison, in the one metric that holds its differences out: a sample of the tiny model is
# not a sample of BridgeTower-large, so in samples/s this CPU once read as faster than an H100.
# (Two tables also printed the same notes twice.)
echo "Beside the study (its runs: BridgeTower-large on 8 devices, batch 48 each; this one: tiny, 1 device),"
echo "in achieved TFLOP/s per device, which counts each sample's work and each device's share:"
"$cli" compare "$name" "${references[@]}" --metric tflops-per-device
