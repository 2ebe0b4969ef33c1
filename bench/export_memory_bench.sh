#!/usr/bin/env bash
# Peak memory of `bridgebench-cli export` of one run of STEPS steps (default 1,000,000) to each
# interchange format, beside the file it wrote: an export that streams holds a step and a row at a
# time, so its peak should not grow with the run (#63: JSON once peaked at 3.7 GB for a 727 MB
# file, CSV at 618 MB).
#   bench/export_memory_bench.sh [BUILD_DIR] [STEPS]
# The run is made by importing a generated CSV (the import streams too). Needs GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/release}
steps=${2:-1000000}
cli="$build_dir/app/bridgebench-cli"
[[ -x $cli ]] || { echo "export_memory_bench.sh: $cli not built (make build)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "export_memory_bench.sh: needs GNU time (apt-get install time)" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

/usr/bin/python3 - "$scratch/run.csv" "$steps" <<'PY'
import sys
path, steps = sys.argv[1], int(sys.argv[2])
with open(path, "w") as out:
    out.write("run,step,timestamp_ms,wall_ms,samples,data_wait_ms,forward_ms,backward_ms,optimizer_ms,loss\n")
    t = 1.7e12
    for step in range(steps):
        wall = 100.0 + (step % 7)
        t += wall
        out.write(f"big,{step},{t:.1f},{wall},8,{step % 5 * 0.5},40.5,55.25,4.0,{2.0 / (1 + step / 1000):.6f}\n")
PY
db="$scratch/big.db"
"$cli" import csv "$scratch/run.csv" --db "$db" > /dev/null
printf "%-12s %14s %14s\n" format "peak RSS MiB" "output MiB"
for format in csv json tensorboard; do
  out="$scratch/out.$format"
  /usr/bin/time -f "%M" -o "$scratch/rss" "$cli" export big --format "$format" --out "$out" --db "$db" > /dev/null
  size=$(du -sb "$out" | cut -f1)
  awk -v format="$format" -v kib="$(cat "$scratch/rss")" -v bytes="$size" \
    'BEGIN { printf "%-12s %14.1f %14.1f\n", format, kib / 1024, bytes / 1048576 }'
  rm -rf "$out"
done
