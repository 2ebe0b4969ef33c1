#!/usr/bin/env bash
# Builds the `fuzz` preset (clang, libFuzzer, ASan + UBSan) and runs every target of tests/fuzz for
# SECONDS each (default 60), one after another on one core, then prints per target the
# executions, their rate, the coverage reached and the findings.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (default: every target)
# New inputs go to build/fuzz/corpus/<target> (the repository's seeds are read, never written);
# a crash, leak, timeout or over-large allocation lands in build/fuzz/findings/<target>/ and makes
# the script exit 1. Keep each finding, once fixed, under tests/fuzz/corpus/<target>/ so that the
# corpus replay in `make test` guards it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
root=$PWD
build=$root/build/fuzz

if ! command -v clang++-14 >/dev/null; then
  echo "fuzz: needs clang++-14 and libclang-rt-14-dev (apt-get install clang-14 libclang-rt-14-dev)" >&2
  exit 2
fi
cmake --preset fuzz >/dev/null
cmake --build "$build" -j "${FUZZ_BUILD_JOBS:-2}"

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  for binary in "$build"/tests/fuzz/fuzz_*; do targets+=("$(basename "$binary" | sed 's/^fuzz_//')"); done
fi

# A reader may use a few hundred MiB on a large input; one allocation above 512 MiB or ten
# seconds on one input count as findings.
limits=(-rss_limit_mb=2048 -malloc_limit_mb=512 -timeout=10)
# One process, one thread. A finding ends the target's run (fix it, keep it in the corpus, rerun):
# fork mode would go on past it but costs ten times the executions on the slower targets here.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# What a finding is, in one line: the exception, sanitizer report or broken contract it ends in,
# with numbers and quoted text blanked so that one bug gives one line.
signature() {
  local binary=$1 input=$2
  "$binary" -runs=1 "${limits[@]}" "$input" 2>&1 |
    grep -m 1 -E "what\(\):|runtime error:|ERROR: AddressSanitizer|ERROR: LeakSanitizer|ERROR: libFuzzer: (timeout|out-of-memory|malloc)|contract violated|ERROR: libFuzzer: deadly signal" |
    sed -E "s/'[^']*'/'…'/g; s/0x[0-9a-f]+/0x…/g; s/[0-9]+/N/g; s/^ +//"
}

status=0
summary=()
: >"$build/findings.txt"
for target in "${targets[@]}"; do
  binary=$build/tests/fuzz/fuzz_$target
  corpus=$build/corpus/$target
  findings=$build/findings/$target
  mkdir -p "$corpus" "$findings"
  dict=()
  [[ -f tests/fuzz/dicts/$target.dict ]] && dict=(-dict="tests/fuzz/dicts/$target.dict")
  log=$build/fuzz-$target.log
  echo "== $target: ${seconds}s"
  set +e
  (cd "$build" && "$binary" "$corpus" "$root/tests/fuzz/corpus/$target" "${dict[@]/#-dict=/-dict=$root/}" \
    "${limits[@]}" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$findings/") >"$log" 2>&1
  rc=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 || true)
  found=$(find "$findings" -type f | wc -l)
  line=$(printf '%-14s executions %10s  rate %7s/s  %-22s findings %s' "$target" "${runs:-?}" "${rate:-?}" \
    "${cov:-cov: ?}" "$found")
  echo "$line"
  summary+=("$line")
  if [[ $rc -ne 0 || $found -gt 0 ]]; then
    status=1
    for input in "$findings"/*; do
      [[ -f $input ]] && echo "$(signature "$binary" "$input")	$(basename "$input")"
    done | sort | awk -F'\t' -v target="$target" '{ n[$1]++; if (!($1 in e)) e[$1] = $2 }
      END { for (s in n) printf "  %-14s %4d × %s  (e.g. %s)\n", target, n[s], s, e[s] }' |
      tee -a "$build/findings.txt"
  fi
done
echo
echo "== summary (logs: $build/fuzz-<target>.log, findings: $build/findings/<target>/)"
printf '%s\n' "${summary[@]}"
[[ -s $build/findings.txt ]] && { echo "findings, by kind:"; cat "$build/findings.txt"; }
exit $status
