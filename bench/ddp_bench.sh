#!/usr/bin/env bash
# Data parallel on this machine, side by side with PyTorch's DistributedDataParallel (issue 13):
# for each preset, 1 rank and 2 ranks of ours (overlap on: 25 MB buckets; overlap off: one
# bucket, which starts only once backward is over), then scripts/peer_ddp_bench.py at 1 and 2
# ranks. Batch 8 per rank, one compute thread per rank, synthetic tensors (compute and
# communication only), rounds interleaved so that drifting machine speed hits both alike.
#
# Each also runs as a "pair": two independent single-process runs at the same time, with no
# communication at all. Their summed samples/s is what this machine gives two processes that
# share it (cores, caches, memory bandwidth), the ceiling any data-parallel run of the same
# step can reach here; 2 ranks against it is the cost of data parallel itself.
#
#   bench/ddp_bench.sh BUILD_DIR [ROUNDS] [PRESETS] [STEPS_SMALL]
set -uo pipefail
build=${1:?build dir}
rounds=${2:-2}
presets=${3:-"tiny small"}
small_steps=${4:-40}
cli="$build/app/bridgebench-cli"
here=$(cd "$(dirname "$0")/.." && pwd)
db=$(mktemp -d)/ddp-bench.db

ours() {  # preset devices bucket_mb steps
    "$cli" run --json --db "$db" --set model="$1" --set dataset=synthetic-tensors --set batch_size=8 \
        --set threads=1 --set devices="$2" --set ddp_bucket_mb="$3" --set steps="$4" --set warmup_steps=3 \
        --set probe=false | python3 -c '
import json, sys
s = json.load(sys.stdin)
d = s.get("distributed") or {}
print(json.dumps(dict(ours=True, preset=sys.argv[1], devices=int(sys.argv[2]), bucket_mb=float(sys.argv[3]),
    median_global_samples_per_s=round(s["median_samples_per_s"], 3), mean_global_samples_per_s=round(s["mean_samples_per_s"], 3),
    comm_share=round(s.get("comm_share", 0), 4), allreduce_full_ms=d.get("allreduce_full_ms"),
    allreduce_gb_per_s=d.get("allreduce_gb_per_s"), buckets=d.get("buckets"),
    buckets_started_early=d.get("buckets_started_early"))))' "$1" "$2" "$3"
}

sum_pair() {  # who preset json_a json_b: one line with both runs' figures and their sum
    python3 -c '
import json, sys
a, b = json.loads(sys.argv[3]), json.loads(sys.argv[4])
each = [a["median_global_samples_per_s"], b["median_global_samples_per_s"]]
print(json.dumps({sys.argv[1]: True, "preset": sys.argv[2], "pair": True, "each": each,
    "median_global_samples_per_s": round(sum(each), 3)}))' "$@"
}

pair_ours() {  # preset steps: two single-process runs at once
    local a
    db="$db.b" ours "$1" 1 25 "$2" > "$db.pair" &
    a=$(ours "$1" 1 25 "$2")
    wait
    sum_pair ours "$1" "$a" "$(cat "$db.pair")"
}

pair_peer() {  # preset min_time
    local a
    /usr/bin/python3 "$here/scripts/peer_ddp_bench.py" --preset "$1" --world 1 --min-time "$2" > "$db.peerpair" &
    a=$(/usr/bin/python3 "$here/scripts/peer_ddp_bench.py" --preset "$1" --world 1 --min-time "$2")
    wait
    sum_pair peer "$1" "$a" "$(cat "$db.peerpair")"
}

for round in $(seq "$rounds"); do
    for preset in $presets; do
        steps=200; min_time=10
        if [[ $preset == small ]]; then steps=$small_steps; min_time=25; fi
        echo "# round $round, $preset"
        ours "$preset" 1 25 "$steps"
        ours "$preset" 2 25 "$steps"
        ours "$preset" 2 4096 "$steps"
        /usr/bin/python3 "$here/scripts/peer_ddp_bench.py" --preset "$preset" --world 1 --min-time "$min_time"
        /usr/bin/python3 "$here/scripts/peer_ddp_bench.py" --preset "$preset" --world 2 --min-time "$min_time"
        pair_ours "$preset" "$steps"
        pair_peer "$preset" "$min_time"
    done
done
