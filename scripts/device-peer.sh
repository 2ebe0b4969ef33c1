#!/usr/bin/env bash
# The second call of a GPU check: Hugging Face's own Trainer on the study's recipe
# (bench/peers/hf_trainer_bridgetower.py), on the same machine as scripts/device-check.sh's grid
# and right after it, imported beside BridgeBench's runs. Within about 9 minutes:
#   1. bridgebench-cli from the first call's build (scratch/build-MODE), else built anew by
#      `scripts/device-check.sh --build` (the machine may have been given back between the calls);
#   2. the first call's 640x480 JPEGs, else generated again;
#   3. the peer at workers 0, 1 and 2 with the study's optimizer (adamw_torch), then at the best of
#      them with the fused one (adamw_torch_fused), then compiled (torch_compile=True) at the best
#      so far: each a process of its own, each stopped at its share of the budget;
#   4. each completed output folder imported, named by its peer.json, into $OUT/results.db beside a
#      copy of the first call's runs (where scratch/results.db holds them);
#   5. under $OUT: results.db, summary.txt (each run's samples/s, MFU, data wait and peak memory, and
#      the ratio of BridgeBench's best to the peer's), logs.tar.gz, and the peer's completed runs as
#      a measured reference table (peer.table.json, peer.runs.json) for core/references/.
#
#   scripts/device-peer.sh              on the GPU machine, from the repository root
#   scripts/device-peer.sh --rehearse   here: the tiny preset on the CPU, batch 8, 8 steps, fp32,
#                                       with BB_PEER_PYTHON naming a python3 that has transformers
#                                       (docs/benchmarks.md: a Debian sid chroot)
#
# Variables: OUT (default build/device-check-out), BB_SCRATCH (default /tmp/bb-device-check, as the
# first call's), BB_PEER_PYTHON (default python3), BB_DEVICE_STEPS (default 40 on the GPU, 8
# rehearsing), BB_DEVICE_BUDGET_S (default 560 on the GPU, 1800 rehearsing).
set -uo pipefail

mode=device
[[ ${1:-} == --rehearse ]] && mode=rehearse
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/build/device-check-out}
scratch=${BB_SCRATCH:-/tmp/bb-device-check}
python=${BB_PEER_PYTHON:-python3}
logs=$scratch/peer-logs
data=$scratch/jpegs
db=$out/results.db
mkdir -p "$out" "$logs"
rm -f "$db" "$out/summary.txt" "$out/logs.tar.gz" "$out/peer.table.json" "$out/peer.runs.json"
started=$SECONDS
if [[ $mode == device ]]; then
  budget=${BB_DEVICE_BUDGET_S:-560}; steps=${BB_DEVICE_STEPS:-40}
  peer_args=(--model large --batch 48 --text-length 128 --precision bf16)
  batch=48
else
  budget=${BB_DEVICE_BUDGET_S:-1800}; steps=${BB_DEVICE_STEPS:-8}
  peer_args=(--model tiny --batch 8 --text-length 128 --precision fp32)
  batch=8
fi
deadline=$((started + budget))
limit() { local seconds=$((deadline - SECONDS - $1)); echo $((seconds > 0 ? seconds : 1)); }
summary=$out/summary.txt
note() { echo "[+$((SECONDS - started))s] $*" | tee -a "$summary"; }
finish() {
  tar -C "$scratch" -czf "$out/logs.tar.gz" peer-logs 2>/dev/null
  note "done: $1"
  exit "${2:-0}"
}
note "device-peer ($mode, budget ${budget}s) on $(hostname)"
$python -c 'import torch, transformers; print("transformers", transformers.__version__, "torch", torch.__version__,
  torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no GPU")' 2>&1 | grep -v UCX | tail -1 | tee -a "$summary"

# 1. The CLI, and the carried libraries it links.
libdir=$scratch/prefix/usr/lib/x86_64-linux-gnu
cli=$scratch/build-$mode/app/bridgebench-cli
if [[ ! -x $cli ]]; then
  note "no $cli from a first call: building it"
  flag=; [[ $mode == rehearse ]] && flag=--rehearse
  OUT=$scratch/peer-build-out BB_DEVICE_BUDGET_S=$(limit 300) "$root/scripts/device-check.sh" $flag --build \
    >"$logs/build.log" 2>&1 || finish "could not build bridgebench-cli (peer-logs/build.log)" 1
fi
export LD_LIBRARY_PATH=$libdir:$libdir/lapack:$libdir/blas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
[[ -f $scratch/results.db ]] && cp "$scratch/results.db" "$db" && note "the first call's runs copied into results.db"

# 2. The JPEGs, as many as the steps take: a second epoch would restart the loader's workers
# inside the timed window.
needed=$((steps * batch))
have=$(grep -c . "$data/manifest.jsonl" 2>/dev/null || echo 0)
if (( have < needed )); then
  rm -rf "$data"
  "$cli" dataset generate --out "$data" --count "$needed" --width 640 --height 480 >"$logs/dataset.log" 2>&1 ||
    finish "dataset generation failed (peer-logs/dataset.log)" 1
  note "generated $needed JPEGs of 640x480"
fi

# 3. The variants, best-first as the results come in.
peer=$root/bench/peers/hf_trainer_bridgetower.py
steady() { $python -c 'import json,sys; print(json.load(open(sys.argv[1]))["steady_samples_per_second"])' "$1/peer.json" 2>/dev/null; }
run_peer() {  # NAME RESERVE ARGS...: the peer into $scratch/peer-NAME, leaving RESERVE seconds
  local name=$1 reserve=$2
  shift 2
  rm -rf "$scratch/peer-$name"
  timeout -k 10 "$(limit "$reserve")" $python "$peer" --data "$data" --out "$scratch/peer-$name" --steps "$steps" \
    "${peer_args[@]}" "$@" >"$logs/peer-$name.log" 2>&1
  local rc=$?
  note "peer $name ($*): exit $rc$( ((rc == 124 || rc == 137)) && echo ', stopped at its limit'), steady $(steady "$scratch/peer-$name") samples/s"
}
best_workers=0
best=0
for workers in 0 1 2; do
  run_peer "w$workers" $(( (2 - workers) * 60 + 200 )) --workers "$workers" --optim adamw_torch
  figure=$(steady "$scratch/peer-w$workers")
  if [[ -n $figure ]] && $python -c "import sys; sys.exit(0 if $figure > $best else 1)"; then
    best=$figure; best_workers=$workers
  fi
done
run_peer fused 170 --workers "$best_workers" --optim adamw_torch_fused
optim=adamw_torch
fused=$(steady "$scratch/peer-fused")
[[ -n $fused ]] && $python -c "import sys; sys.exit(0 if $fused > $best else 1)" && optim=adamw_torch_fused
# torch.compile on this model takes minutes; it gets what is left but the import's and table's 30 s.
run_peer compiled 30 --workers "$best_workers" --optim "$optim" --compile

# 4. Each completed folder imported under its own name.
peer_ids=()
for folder in "$scratch"/peer-w0 "$scratch"/peer-w1 "$scratch"/peer-w2 "$scratch"/peer-fused "$scratch"/peer-compiled; do
  [[ -f $folder/peer.json ]] || continue
  mapfile -t facts < <($python -c 'import json,sys; p=json.load(open(sys.argv[1]))
for key in ("name", "device_kind", "device_name", "workers", "precision", "model"): print(p[key])' "$folder/peer.json")
  model=(); [[ -n ${facts[5]:-} ]] && model=(--model "${facts[5]}")
  if "$cli" import trainer "$folder" --db "$db" --name "${facts[0]}" --device-kind "${facts[1]}" \
      --device-name "${facts[2]#NVIDIA }" --device-count 1 --workers "${facts[3]}" --precision "${facts[4]}" \
      "${model[@]}" --json \
      >"$logs/import-$(basename "$folder").json" 2>"$logs/import-$(basename "$folder").log"; then
    peer_ids+=("$($python -c 'import json,sys; print(json.load(open(sys.argv[1]))["added"][0]["id"])' "$logs/import-$(basename "$folder").json")")
  else
    note "import of $folder failed (peer-logs/import-$(basename "$folder").log)"
  fi
done
note "imported ${#peer_ids[@]} peer runs: ${peer_ids[*]}"

# 5. Every local and peer run side by side, and the peer's table.
for id in $("$cli" list --db "$db" --json 2>/dev/null | $python -c 'import json,sys; print(" ".join(str(r["id"]) for r in json.load(sys.stdin) if r.get("source") in ("local", "imported")))'); do
  "$cli" show "$id" --db "$db" --json >"$logs/show-$id.json" 2>/dev/null
done
$python - "$logs" <<'PY' | tee -a "$summary"
import glob, json, sys
rows = []
for path in sorted(glob.glob(sys.argv[1] + "/show-*.json")):
    try:
        run = json.load(open(path))
    except ValueError:
        continue
    summary, throughput = run.get("summary") or {}, run.get("throughput") or {}
    peak = (summary.get("device_memory") or {}).get("peak_bytes")
    rows.append((run.get("source"), summary.get("median_samples_per_s") or 0, run.get("name"), throughput.get("mfu"),
                 summary.get("data_wait_share"), peak))
for source, figure, name, mfu, wait, peak in sorted(rows, key=lambda row: -row[1]):
    print(f"  {figure:8.1f} samples/s  MFU {100 * mfu:5.1f}%" if mfu else f"  {figure:8.1f} samples/s  MFU   n/a ", end="")
    print(f"  data wait {100 * wait:5.1f}%" if wait is not None else "  data wait   n/a", end="")
    print(f"  peak {peak / 2**30:5.1f} GiB" if peak else "  peak   n/a   ", f" {source}: {name}")
ours = max((row[1] for row in rows if row[0] == "local"), default=0)
theirs = max((row[1] for row in rows if row[0] == "imported"), default=0)
if ours and theirs:
    print(f"  BridgeBench's best / the Trainer's best: {ours / theirs:.2f}x")
PY
if (( ${#peer_ids[@]} > 0 )) && "$cli" export "${peer_ids[@]}" --format json --out "$out/peer.runs.json" --db "$db" \
    >"$logs/table-export.log" 2>&1; then
  peer_json=$(ls "$scratch"/peer-*/peer.json | head -1)
  $python - "$out/peer.table.json" "$out/peer.runs.json" "$peer_json" <<'PY' | tee -a "$summary"
import datetime, json, sys, uuid
path, runs, peer = sys.argv[1:4]
now = datetime.datetime.now(datetime.timezone.utc)
date = f"{now.day} {now:%b %Y}"
first = json.load(open(runs))["runs"][0]
device = first.get("device_name") or "CPU (rehearsal)"
software = json.load(open(peer))["software"]
header = {"uuid": str(uuid.uuid4()), "name": f"Hugging Face Trainer, 1× {device}, {date}", "date": date,
          "measured_with": "Hugging Face Trainer",
          "created_at": now.strftime("%Y-%m-%dT%H:%M:%SZ"), "software": f"Hugging Face Trainer ({software})",
          "source": f"scripts/device-peer.sh on the lent {device}: bench/peers/hf_trainer_bridgetower.py; logs in the closing note of issue 52"}
json.dump(header, open(path, "w"), ensure_ascii=False, indent=2)
print(f"table: '{header['name']}' in peer.table.json and peer.runs.json")
PY
else
  note "no peer table (peer-logs/table-export.log)"
fi
(( ${#peer_ids[@]} == 5 )) || finish "${#peer_ids[@]} of 5 peer runs imported" 1
finish "5 peer runs imported" 0
