#!/usr/bin/env bash
# The GPU check in one go, for one call of a lent GPU machine (16 cores, no network, no apt; a pip
# torch with CUDA, CMake and ninja present), within about 9 minutes:
#   1. unpack the carried Debian packages (.device-debs/, from scripts/fetch-device-debs.sh) into a
#      scratch prefix with dpkg -x (never into /);
#   2. configure the `cuda` preset against the pip torch's LibTorch and those packages, in a
#      scratch build folder, and build what the check runs (bridgebench-cli, cuda_tests), then
#      the nvjpeg_api_check target where nvjpeg.h is found (reported, not fatal);
#   3. run the CTest label `cuda`;
#   4. generate 640x480 JPEGs and run the study grid (`sweep --preset study`: BridgeTower-large,
#      bf16, batch 48, workers 0/1/2 x device_transforms off/on), then one of its points again with
#      the multi-tensor AdamW (optimizer_kernel=foreach) beside the grid's fused one, the
#      workers-1 point with device transforms and profile_steps=2 (show's Ops table into the
#      summary, the Chrome trace into the logs), and `bench loader`; before the build, the chip's
#      bf16 GEMM ceiling (an 8192^3 matmul);
#   5. leave under $OUT: results.db, summary.txt (the sweep's and each run's headline) and
#      logs.tar.gz (every log, and `show --json` of each run); and the completed runs as a
#      measured reference table, reference.table.json and reference.runs.json, to be renamed
#      into core/references/. Five files, within $OUT's limits.
#
#   scripts/device-check.sh              on the GPU machine, from the repository root
#   scripts/device-check.sh --tests      on the GPU machine: steps 1 to 3 only, for a second call
#                                        after a fix (about 4 minutes of the device's time)
#   scripts/device-check.sh --build      steps 1 and 2 only (bridgebench-cli), for scripts/device-peer.sh
#                                        when the machine was given back after the first call
#   scripts/device-check.sh --rehearse   here: Debian's CPU LibTorch from the system, everything
#                                        else from the unpacked packages as far as the compiler's
#                                        default include path allows; the CUDA tests skip; a short
#                                        grid of the tiny model on the CPU
#
# Variables: OUT (default build/device-check-out), BB_SCRATCH (default /tmp/bb-device-check),
# BB_DEVICE_DEBS (default .device-debs), BB_DEVICE_STEPS (default 40 on the GPU, 5 rehearsing),
# BB_DEVICE_JOBS (build jobs; default all cores on the GPU, 2 rehearsing), BB_DEVICE_BUDGET_S
# (seconds for the whole check; default 560 on the GPU, 3600 rehearsing).
#
# The budget: a lent machine's call ends at 600 s and a session's device time allows one such
# call, so a check killed from outside would return nothing of what it measured. Each stage gets
# what is left of the budget less what the stages after it need at least; the sweep, stopped at
# its limit with SIGINT, finishes its step, keeps the runs done (and the steps of the one it
# stopped) and prints its summary, and the logs are always packed.
set -uo pipefail

mode=device
tests_only=0
build_only=0
for arg in "$@"; do
  case $arg in
    --rehearse) mode=rehearse ;;
    --tests) tests_only=1 ;;
    --build) build_only=1 ;;
  esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/build/device-check-out}
scratch=${BB_SCRATCH:-/tmp/bb-device-check}
debs=${BB_DEVICE_DEBS:-$root/.device-debs}
prefix=$scratch/prefix
build=$scratch/build-$mode
logs=$scratch/logs
data=$scratch/jpegs
db=$out/results.db
mkdir -p "$out" "$logs"
rm -f "$db" "$out/summary.txt" "$out/logs.tar.gz" "$out/reference.table.json" "$out/reference.runs.json"
started=$SECONDS
if [[ $mode == device ]]; then budget=${BB_DEVICE_BUDGET_S:-560}; else budget=${BB_DEVICE_BUDGET_S:-3600}; fi
deadline=$((started + budget))
# Seconds a stage may take: what is left of the budget less RESERVE for the stages after it,
# never under 1 (timeout 0 would mean no limit at all).
limit() { local seconds=$((deadline - SECONDS - $1)); echo $((seconds > 0 ? seconds : 1)); }
summary=$out/summary.txt
note() { echo "[+$((SECONDS - started))s] $*" | tee -a "$summary"; }
finish() {
  # The logs travel as one archive: $OUT takes at most 8 files.
  tar -C "$scratch" -czf "$out/logs.tar.gz" logs 2>/dev/null
  # scripts/device-peer.sh, the second call, imports the Trainer's runs beside these.
  [[ -f $db ]] && cp "$db" "$scratch/results.db"
  note "done: $1"
  exit "${2:-0}"
}

# What was built, by content: the device tool's copy of the repository keeps the session's first
# commit as HEAD (on 4 Dec 2026 the H200 built b8dcf26's files under a HEAD of 4d736d8), so HEAD
# alone does not say which tree ran. The tree's hash does: `git log --format='%h %T'` finds its
# commit, where there is one. A scratch index leaves the repository's own untouched.
source_tree() {
  local index
  index=$(mktemp -u)
  (cd "$root" && GIT_INDEX_FILE=$index git add -A . && GIT_INDEX_FILE=$index git write-tree) 2>/dev/null | cut -c1-12
  rm -f "$index"
}
built="tree $(source_tree || true), HEAD $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
note "device-check ($mode, budget ${budget}s) of $built on $(hostname)"

# 0. The pip torch, asked before the carried libraries go on LD_LIBRARY_PATH.
if [[ $mode == device ]]; then
  torch_prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)') || finish "no pip torch" 2
  python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))' \
    2>&1 | tee -a "$summary"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | tee -a "$summary"
  # What the chip's bf16 GEMM really reaches (an 8192^3 matmul, as cuBLAS picks it), so that MFU can
  # be read against it as well as against the datasheet's dense peak. About 5 s.
  timeout -k 5 60 python3 - <<'PY' 2>&1 | tail -1 | tee -a "$summary"
import torch
n, reps = 8192, 50
a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
for _ in range(5):
    a @ b
start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
start.record()
for _ in range(reps):
    a @ b
end.record()
torch.cuda.synchronize()
seconds = start.elapsed_time(end) / 1000 / reps
print(f"bf16 GEMM ceiling: {2 * n**3 / seconds / 1e12:.1f} TFLOP/s ({n}^3 matmul, {1000 * seconds:.2f} ms, mean of {reps})")
PY
  # Where an nvJPEG might be, for the record (the run looks for it itself, or through
  # $BRIDGEBENCH_NVJPEG_LIBRARY when that is set).
  { ls /usr/local/cuda*/lib64/libnvjpeg.so* /usr/local/cuda*/targets/*/lib/libnvjpeg.so* 2>/dev/null
    python3 -c 'import glob, site; [print(p) for d in site.getsitepackages() for p in glob.glob(d + "/**/libnvjpeg*.so*", recursive=True)]' 2>/dev/null
  } | head -5 | sed 's/^/nvjpeg candidate: /' | tee -a "$summary"
fi

# 1. The carried packages, unpacked into the scratch prefix.
shopt -s nullglob
packages=("$debs"/*.deb)
if (( ${#packages[@]} == 0 )); then
  note "no .deb files in $debs: run scripts/fetch-device-debs.sh here first and carry .device-debs"
  finish "missing packages" 2
fi
rm -rf "$prefix"
mkdir -p "$prefix"
for deb in "${packages[@]}"; do dpkg -x "$deb" "$prefix" || finish "dpkg -x $deb failed" 2; done
libdir=$prefix/usr/lib/x86_64-linux-gnu
# .pc files name /usr; point them at the scratch prefix, and let pkg-config (where there is one)
# see only these, as on a server without development packages.
for pc in "$libdir"/pkgconfig/*.pc "$prefix"/usr/share/pkgconfig/*.pc; do sed -i "s|=/usr\\b|=$prefix/usr|g" "$pc"; done
export PKG_CONFIG_LIBDIR=$libdir/pkgconfig:$prefix/usr/share/pkgconfig
unset PKG_CONFIG_PATH
# BLAS and LAPACK live in Debian's alternatives folders, which dpkg -x does not link.
export LD_LIBRARY_PATH=$libdir:$libdir/lapack:$libdir/blas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PATH=$prefix/usr/bin:$PATH
note "unpacked ${#packages[@]} packages ($(du -sh "$debs" | cut -f1) carried) into $prefix"

# 2. Configure and build.
configure=(-B "$build" -G Ninja)
if [[ $mode == device ]]; then
  cuda_root=
  for candidate in /usr/local/cuda "$(dirname "$(dirname "$(command -v nvcc 2>/dev/null || echo /x/x)")")"; do
    if [[ -x $candidate/bin/nvcc ]]; then cuda_root=$candidate; break; fi
  done
  # The cuda preset's cache variables (BB_REQUIRE_CUDA: configuration fails on a CPU LibTorch),
  # without the GUI, which the check does not build, wherever a Qt may lie on that machine.
  configure=(--preset cuda "${configure[@]}" -DCMAKE_PREFIX_PATH="$torch_prefix;$prefix/usr" -DBB_BUILD_GUI=OFF)
  [[ -n $cuda_root ]] && configure+=(-DCUDAToolkit_ROOT="$cuda_root" -DCMAKE_CUDA_COMPILER="$cuda_root/bin/nvcc")
  # The pip torch's CMake config enables CUDA, whose compiler may not know the image's GCC yet;
  # nothing of BridgeBench is compiled by nvcc, so its host-compiler check is not ours to fail on.
  configure+=(-DCMAKE_CUDA_FLAGS=-allow-unsupported-compiler)
  # c10d's NCCL header: the toolkit's, or the nvidia-nccl wheel's beside the pip torch.
  nccl_header=$( { ls "$cuda_root"/include/nccl.h 2>/dev/null
    python3 -c 'import glob, site; [print(p) for d in site.getsitepackages() for p in glob.glob(d + "/nvidia/**/nccl.h", recursive=True)]' 2>/dev/null
  } | head -1)
  note "nccl.h: ${nccl_header:-not found (no NCCL backend in this build)}"
  [[ -n $nccl_header ]] && configure+=(-DBB_NCCL_INCLUDE_DIR="$(dirname "$nccl_header")")
  # nvJPEG's header, to hold data/nvjpeg_api.h to it (the nvjpeg_api_check target, after the build).
  nvjpeg_header=$( { ls "$cuda_root"/include/nvjpeg.h 2>/dev/null
    python3 -c 'import glob, site; [print(p) for d in site.getsitepackages() for p in glob.glob(d + "/nvidia/**/nvjpeg.h", recursive=True)]' 2>/dev/null
  } | head -1)
  [[ -n $nvjpeg_header ]] && configure+=(-DBB_NVJPEG_INCLUDE_DIR="$(dirname "$nvjpeg_header")")
  export TORCH_CUDA_ARCH_LIST=${TORCH_CUDA_ARCH_LIST:-9.0}
  jobs=${BB_DEVICE_JOBS:-$(nproc)}
  steps=${BB_DEVICE_STEPS:-40}
else
  # The cuda preset's settings less BB_REQUIRE_CUDA, which Debian's CPU LibTorch would fail.
  configure=(-S "$root" "${configure[@]}" -DCMAKE_PREFIX_PATH="$prefix/usr" -DCMAKE_BUILD_TYPE=Release -DBB_BUILD_GUI=OFF)
  jobs=${BB_DEVICE_JOBS:-2}
  steps=${BB_DEVICE_STEPS:-5}
fi
(cd "$root" && timeout -k 5 "$(limit 150)" cmake "${configure[@]}") >"$logs/configure.log" 2>&1 || {
  tail -40 "$logs/configure.log"
  cp "$build/CMakeFiles/CMakeError.log" "$logs/" 2>/dev/null
  finish "configure failed (logs/configure.log)" 1
}
grep -E "^-- (Cairo|OpenCV imgcodecs|Report tests)" "$logs/configure.log" | tee -a "$summary"
# Which of the found dependencies came from the carried packages, and which from elsewhere.
grep -E "^(BB_|SQLite3_|ICU_|fmt_|SQLiteCpp_|nlohmann_json_|CLI11_|Protobuf_|GTest_|TURBOJPEG_)[A-Za-z_]*(DIR|INCLUDE[A-Z_]*|LIBRARY[A-Z_]*):[A-Z]+=" \
  "$build/CMakeCache.txt" >"$logs/found-dependencies.txt"
outside=$(grep -v "$prefix" "$logs/found-dependencies.txt" | grep -v -- "-NOTFOUND" | grep -v "=$" || true)
note "dependencies found outside the carried prefix: ${outside:-none}"
# Everything after the build needs the budget's last 150 s at least: the tests, the grid and the
# loader benchmark, however short.
targets=(bridgebench-cli cuda_tests)
(( build_only )) && targets=(bridgebench-cli)
timeout -k 10 "$(limit 150)" cmake --build "$build" --target "${targets[@]}" -j "$jobs" >"$logs/build.log" 2>&1
build_rc=$?
if (( build_rc == 124 || build_rc == 137 )); then
  tail -5 "$logs/build.log"
  finish "build ran past the budget (${budget}s; logs/build.log)" 1
elif (( build_rc != 0 )); then
  grep -E "error|Error" "$logs/build.log" | head -30
  finish "build failed (logs/build.log)" 1
fi
cli=$build/app/bridgebench-cli
note "built: $("$cli" --version 2>&1 | head -1)"
if (( build_only )); then finish "built" 0; fi
# The hand-written nvJPEG declarations against this machine's nvjpeg.h: reported, never fatal, as
# the decoder's own test below shows what a mismatch would do.
nvjpeg_dir=$(sed -n 's/^BB_NVJPEG_INCLUDE_DIR:PATH=\(\/.*\)/\1/p' "$build/CMakeCache.txt")
if [[ -z $nvjpeg_dir ]]; then
  note "nvjpeg.h: not found, data/nvjpeg_api.h not checked against it"
elif timeout -k 5 60 cmake --build "$build" --target nvjpeg_api_check >"$logs/nvjpeg-api-check.log" 2>&1; then
  note "data/nvjpeg_api.h agrees with $nvjpeg_dir/nvjpeg.h"
elif grep -q "static assertion failed" "$logs/nvjpeg-api-check.log"; then
  note "data/nvjpeg_api.h DISAGREES with $nvjpeg_dir/nvjpeg.h (logs/nvjpeg-api-check.log)"
else
  note "nvjpeg_api_check did not build, for another reason than a disagreement (logs/nvjpeg-api-check.log)"
fi

# 3. The tests that need a GPU (they skip, saying why, without one). At most 2 minutes, and never
# the last 200 s, which the grid, the loader benchmark and the show lines need. Verbose, so that
# the log keeps what the parity tests print of how close the GPU's outputs came.
tests_limit=$(limit 200)
(( tests_limit > 120 )) && tests_limit=120
(cd "$build" && timeout -k 5 "$tests_limit" ctest -L cuda -V --timeout 90 >"$logs/ctest-cuda.log" 2>&1)
tests_rc=$?
(( tests_rc == 124 || tests_rc == 137 )) && note "ctest -L cuda stopped at its limit of ${tests_limit}s"
grep -E "tests passed|tests failed|\\*\\*\\*Failed|\\*\\*\\*Skipped|Not Run|\\[ parity   \\]|\\[  FAILED  \\]" "$logs/ctest-cuda.log" | sort -u | tee -a "$summary"
note "ctest -L cuda: exit $tests_rc"
if (( tests_only )); then finish "tests exit $tests_rc" $(( tests_rc == 0 ? 0 : 1 )); fi

# 4. The study grid on 640x480 JPEGs generated here.
images=$(( steps * 48 + 48 ))
if [[ $mode == rehearse ]]; then images=64; fi
rm -rf "$data"
"$cli" dataset generate --out "$data" --count "$images" --width 640 --height 480 >"$logs/dataset.log" 2>&1 ||
  finish "dataset generation failed (logs/dataset.log)" 1
note "generated $images JPEGs of 640x480"
sweep=(sweep --preset study --set dataset="$data" --set steps="$steps" --set probe=false --db "$db" --json)
if [[ $mode == rehearse ]]; then sweep+=(--set batch_size=8 --set threads=2); fi
# The grid steps with LibTorch's fused AdamW, which no GPU had run for this project before its
# test above: should that test have failed, the grid takes the multi-tensor ops instead, so that
# the call still measures the grid, and says so.
if grep -qE "OptimizerCuda\.TheFusedKernelSteps[A-Za-z]* \.*\*\*\*(Failed|Exception)" "$logs/ctest-cuda.log"; then
  sweep+=(--set optimizer_kernel=foreach)
  note "the fused AdamW test failed: the grid runs with optimizer_kernel=foreach"
fi
# The optimizer peer, the profiled step, the loader benchmark and the show lines keep the
# budget's last 160 s.
sweep_limit=$(limit 160)
timeout -s INT -k 30 "$sweep_limit" "$cli" "${sweep[@]}" >"$logs/sweep.json" 2>"$logs/sweep.log"
sweep_rc=$?
note "sweep: exit $sweep_rc$( (( sweep_rc == 124 || sweep_rc == 137 )) && echo ", stopped at its limit of ${sweep_limit}s")"
python3 - "$logs/sweep.json" <<'PY' | tee -a "$summary"
import json, sys
try:
    doc = json.load(open(sys.argv[1]))
except Exception as error:
    print("no sweep summary:", error)
    sys.exit(0)
print(f"study {doc.get('study_id')} '{doc.get('name')}': {doc.get('completed')} completed, {doc.get('failed')} failed")
for point in doc.get("points", []):
    print(f"  run {point.get('run_id')}: workers {point.get('workers')}, device_transforms {point.get('device_transforms')}: "
          f"{point.get('measured_samples_per_s', 0):.1f} samples/s")
PY

# 4b. The optimizer's kernels side by side: the grid stepped AdamW with the fused kernel
# (optimizer_kernel=auto); its workers-1, device-transforms-off point again with PyTorch's
# multi-tensor ops, into a database of its own so that the reference table keeps the grid alone.
peer_db=$scratch/peer.db
rm -f "$peer_db"
peer=(run --set dataset="$data" --set steps="$steps" --set probe=false --set workers=1 --set device_transforms=false
      --set warmup_steps=3 --set optimizer_kernel=foreach --set name="study point, foreach AdamW" --db "$peer_db" --json)
if [[ $mode == rehearse ]]; then
  peer+=(--set model=tiny --set batch_size=8 --set threads=2)
else
  peer+=(--set model=large --set batch_size=48 --set text_length=128 --set precision=bf16 --set device=cuda:0)
fi
timeout -s INT -k 20 "$(limit 100)" "$cli" "${peer[@]}" >"$logs/optimizer-peer.json" 2>"$logs/optimizer-peer.log"
peer_rc=$?
note "optimizer peer run: exit $peer_rc"
python3 - "$db" "$peer_db" <<'PY' | tee -a "$summary"
import json, sqlite3, statistics, sys
def runs(path, where):
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        found = []
        for run_id, config, env in db.execute("SELECT id, config_json, environment_json FROM runs WHERE status = 'completed' AND source = 'local'"):
            config = json.loads(config)
            if where(config):
                steps = db.execute("SELECT optimizer_ms, samples, wall_ms FROM steps WHERE run_id = ? AND step >= ?",
                                   (run_id, config.get("warmup_steps", 3))).fetchall()
                if steps:
                    found.append((json.loads(env).get("optimizer"), steps))
        return found
    except Exception as error:
        print("  optimizer: unreadable", path, error)
        return []
point = lambda config: config.get("workers") == 1 and not config.get("device_transforms")
for kernel, steps in runs(sys.argv[1], point) + runs(sys.argv[2], point):
    print(f"  optimizer {kernel}: {statistics.mean(s[0] for s in steps):.2f} ms a step (mean of {len(steps)}), "
          f"{1000 * sum(s[1] for s in steps) / sum(s[2] for s in steps):.1f} samples/s over the steps' time")
PY

# 4b'. The step op by op, before any lever is pulled (issue 52): the grid's workers-1 point with
# device-side transforms again, its 2 steps after the counted ones under LibTorch's profiler
# (profile_steps, with the kernels on a GPU): `show`'s table of the ops that took the most time
# into the summary, the Chrome trace into the logs.
profile_db=$scratch/profile.db
rm -f "$profile_db"
profiled=(run --set dataset="$data" --set steps=6 --set warmup_steps=3 --set probe=false --set workers=1
          --set device_transforms=true --set profile_steps=2 --set name="study point, profiled" --db "$profile_db" --json)
if [[ $mode == rehearse ]]; then
  profiled+=(--set model=tiny --set batch_size=8 --set threads=2)
else
  profiled+=(--set model=large --set batch_size=48 --set text_length=128 --set precision=bf16 --set device=cuda:0)
fi
timeout -s INT -k 20 "$(limit 60)" "$cli" "${profiled[@]}" >"$logs/profiled.json" 2>"$logs/profiled.log"
profile_rc=$?
note "profiled run: exit $profile_rc"
if (( profile_rc == 0 )); then
  "$cli" show "study point, profiled" --db "$profile_db" >"$logs/profiled-show.txt" 2>&1
  sed -n '/^Ops/,/^[A-Z][a-z]*:/p' "$logs/profiled-show.txt" | head -19 | tee -a "$summary"
  "$cli" export "study point, profiled" --format trace --out "$logs/profiled-trace.json" --db "$profile_db" \
    >"$logs/profiled-export.log" 2>&1 || note "trace export failed (logs/profiled-export.log)"
else
  tail -3 "$logs/profiled.log" | tee -a "$summary"
fi

# 4c. The input pipeline alone: nvJPEG against the CPU decoder at the same worker counts, with
# the transforms on the device either way (the issue's 3x goal compares these two columns).
bench=(bench loader --data "$data" --device-transforms on --workers 0,1,2 --image-size 288 --json)
if [[ $mode == rehearse ]]; then
  bench+=(--device cpu --device-decoding off --batch 8 --batches 2)
else
  bench+=(--device cuda:0 --device-decoding off,on --batch 48 --batches 10)
fi
timeout -k 5 "$(limit 15)" "$cli" "${bench[@]}" >"$logs/loader-bench.json" 2>"$logs/loader-bench.log"
bench_rc=$?
note "bench loader: exit $bench_rc"
python3 - "$logs/loader-bench.json" <<'PY' | tee -a "$summary"
import json, sys
try:
    rows = json.load(open(sys.argv[1]))
except Exception as error:
    print("no loader benchmark:", error)
    sys.exit(0)
for row in rows:
    print(f"  loader: workers {row.get('workers')}, decoder {row.get('decoder')}: {row.get('images_per_s', 0):.1f} images/s, "
          f"decode {row.get('decode_ms', 0):.1f} ms, device {row.get('device_transform_ms', 0):.1f} ms per batch, "
          f"skipped {row.get('skipped_samples')}")
PY

# 5. Each run in full, as the store has it.
mkdir -p "$logs/show"
ids=$("$cli" list --db "$db" --json 2>/dev/null | python3 -c 'import json,sys; print(" ".join(str(r["id"]) for r in json.load(sys.stdin) if r.get("source") == "local"))' 2>/dev/null)
for id in $ids; do
  "$cli" show "$id" --db "$db" --json >"$logs/show/run-$id.json" 2>"$logs/show/run-$id.err"
  python3 - "$logs/show/run-$id.json" <<'PY' | tee -a "$summary"
import json, sys
try:
    run = json.load(open(sys.argv[1]))
except Exception as error:
    print("unreadable show output:", error)
    sys.exit(0)
summary = run.get("summary") or {}
env = run.get("environment") or {}
# A figure the run did not measure (a failed run's) is null in show --json.
print(f"  {run.get('name')}: status {run.get('status')}, {summary.get('mean_samples_per_s') or 0:.1f} samples/s over the time "
      f"(median step {summary.get('median_samples_per_s') or 0:.1f}), "
      f"data wait {100 * (summary.get('data_wait_share') or 0):.1f}%, decode {json.dumps(env.get('decode'))}, "
      f"tf32 {env.get('tf32')}, attention {env.get('attention')}, timing {env.get('step_timing')}, "
      f"host to device {env.get('host_to_device')}, optimizer {env.get('optimizer')}, "
      f"device memory {json.dumps(summary.get('device_memory'))}, "
      f"TFLOP/s per device {(run.get('throughput') or {}).get('achieved_tflops_per_device')}, "
      f"MFU {(run.get('throughput') or {}).get('mfu')} ({(run.get('throughput') or {}).get('no_mfu_because') or (run.get('throughput') or {}).get('peak_source')})")
PY
done

# 6. The completed runs as a measured reference table (core/references/README.md), ready to commit
#    under core/references/ once looked at: the runs as `export --format json` writes them, and
#    the header beside them. Cancelled or failed runs are left out, as the table refuses them.
completed=$("$cli" list --db "$db" --json 2>/dev/null | python3 -c 'import json,sys; print(" ".join(str(r["id"]) for r in json.load(sys.stdin) if r.get("source") == "local" and r.get("status") == "completed"))' 2>/dev/null)
if [[ -n $completed ]]; then
  # shellcheck disable=SC2086 # one argument per run id
  if "$cli" export $completed --format json --out "$out/reference.runs.json" --db "$db" >"$logs/table-export.log" 2>&1; then
    python3 - "$out/reference.table.json" "$mode" "$built" <<'PY' | tee -a "$summary"
import datetime, json, subprocess, sys, uuid
path, mode, commit = sys.argv[1:4]
now = datetime.datetime.now(datetime.timezone.utc)
date = f"{now.day} {now:%b %Y}"
if mode == "device":
    import torch
    device = torch.cuda.get_device_name(0).removeprefix("NVIDIA ")
    software = f"BridgeBench ({commit}), LibTorch {torch.__version__}, CUDA {torch.version.cuda}"
else:
    device = "CPU (rehearsal)"
    software = f"BridgeBench ({commit}), Debian's LibTorch, CPU"
header = {"uuid": str(uuid.uuid4()), "name": f"BridgeBench, 1× {device}, {date}", "date": date,
          "created_at": now.strftime("%Y-%m-%dT%H:%M:%SZ"), "software": software,
          "source": f"scripts/device-check.sh on the lent {device}; logs in the closing note of issue 14"}
json.dump(header, open(path, "w"), ensure_ascii=False, indent=2)
print(f"table: '{header['name']}' in reference.table.json and reference.runs.json")
PY
  else
    note "table export failed (logs/table-export.log)"
  fi
else
  note "no completed run: no reference table"
fi

status="tests exit $tests_rc, sweep exit $sweep_rc, optimizer peer exit $peer_rc, bench loader exit $bench_rc"
if (( tests_rc != 0 || sweep_rc != 0 || peer_rc != 0 || bench_rc != 0 )); then finish "$status" 1; fi
finish "$status" 0
