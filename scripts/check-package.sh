#!/usr/bin/env bash
# Builds the Debian package of a configured build folder with CPack, checks it with dpkg-deb
# (and lintian when installed), unpacks it into a scratch root and runs bridgebench-cli from there.
# Usage: scripts/check-package.sh [BUILD_DIR [gui|headless]]
#   BUILD_DIR defaults to build/release and must be completely built. gui or headless says whether
#   the build has the window, and so what the package must (and must not) hold; CTest passes it, as
#   only CMake knows what BB_BUILD_GUI=AUTO became. By hand it is read from an ON or OFF in the cache.
set -euo pipefail
build=$(cd "${1:-build/release}" && pwd)
kind=${2:-}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "check-package: $*" >&2; exit 1; }

# Never guessed: a cache entry this script cannot read once made it check no desktop file at all.
if [[ -z $kind ]]; then
  setting=$(sed -n 's/^BB_BUILD_GUI:[A-Z]*=//p' "$build/CMakeCache.txt")
  case ${setting^^} in
    ON | TRUE | YES | 1) kind=gui ;;
    OFF | FALSE | NO | 0) kind=headless ;;
    *) fail "BB_BUILD_GUI is '$setting' in $build/CMakeCache.txt; say gui or headless after the build folder" ;;
  esac
fi
[[ $kind == gui || $kind == headless ]] || fail "'$kind' is neither gui nor headless"
echo "package kind: $kind"

# CPack installs into a staging folder of its own, so the build folder stays as it is.
(cd "$build" && cpack -G DEB -B "$scratch/out" >"$scratch/cpack.log" 2>&1) || { cat "$scratch/cpack.log" >&2; fail "cpack failed"; }
deb=$(find "$scratch/out" -maxdepth 1 -name 'bridgebench_*.deb' | head -n 1)
[[ -n "$deb" ]] || fail "cpack wrote no bridgebench_*.deb"
echo "package: $(basename "$deb")"

dpkg-deb --info "$deb" >"$scratch/info" || fail "dpkg-deb cannot read $deb"
field() { dpkg-deb --field "$deb" "$1"; }
[[ "$(field Package)" == bridgebench ]] || fail "Package is '$(field Package)'"
[[ -n "$(field Version)" ]] || fail "no Version"
depends=$(field Depends)
echo "depends: $depends"
# Debian's runtime packages, found by dpkg-shlibdeps from the binaries.
for lib in libc6 libtorch libsqlite3 libcairo2; do
  grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done

dpkg-deb --contents "$deb" >"$scratch/contents"
expect() { grep -q -- "$1\$" "$scratch/contents" || fail "package lacks $1"; }
expect ./usr/bin/bridgebench-cli
expect ./usr/share/bridgebench/tokenizer/roberta/vocab.json
# The user guide and the CLI's man page (made by help2man at build time, which scripts/packages.txt
# installs).
expect ./usr/share/doc/bridgebench/README.md
expect ./usr/share/doc/bridgebench/docs/cli.md
expect ./usr/share/doc/bridgebench/docs/screenshots/compare.png
expect ./usr/share/man/man1/bridgebench-cli.1.gz
# The window and its desktop integration: all of them with the GUI, none without it.
window=(./usr/bin/bridgebench
        ./usr/share/man/man1/bridgebench.1.gz
        ./usr/share/applications/invalid.bridgebench.BridgeBench.desktop
        ./usr/share/metainfo/invalid.bridgebench.BridgeBench.metainfo.xml
        ./usr/share/icons/hicolor/scalable/apps/invalid.bridgebench.BridgeBench.svg)
for file in "${window[@]}"; do
  if [[ $kind == gui ]]; then
    expect "$file"
  elif grep -q -- "$file\$" "$scratch/contents"; then
    fail "a headless build's package holds $file"
  fi
done

if command -v lintian >/dev/null; then
  # Reported, not fatal: CPack writes no Debian changelog or copyright file, which lintian flags.
  lintian --no-tag-display-limit "$deb" || true
else
  echo "lintian: not installed; skipped"
fi

root="$scratch/root"
dpkg-deb --extract "$deb" "$root"
# The CLI's page documents every subcommand from its own --help, and renders.
page=$(zcat "$root/usr/share/man/man1/bridgebench-cli.1.gz")
for sub in run sweep list show compare import export report model "model info" "model forward" tokenize dataset \
           "dataset generate" bench "bench loader"; do
  grep -q "^\.SS $sub\$" <<<"$page" || fail "bridgebench-cli.1 lacks the $sub subcommand"
done
grep -q -- "--set TEXT" <<<"$page" || fail "bridgebench-cli.1 lacks run's options"
# Nested subcommands' own options (the page once stopped at `model`, `dataset` and `bench`).
grep -q -- "--text-length" <<<"$page" || fail "bridgebench-cli.1 lacks model info's options"
grep -q -- "--prefetch-factor" <<<"$page" || fail "bridgebench-cli.1 lacks bench loader's options"
if command -v man >/dev/null; then
  MANWIDTH=100 man -l "$root/usr/share/man/man1/bridgebench-cli.1.gz" 2>"$scratch/man.err" | grep -q "SUBCOMMANDS" ||
    fail "man cannot render bridgebench-cli.1: $(cat "$scratch/man.err")"
fi
version=$("$root/usr/bin/bridgebench-cli" --version) || fail "bridgebench-cli --version failed from the package"
grep -q BridgeBench <<<"$version" || fail "unexpected --version output: $version"
echo "$version" | head -n 1
# The packaged CLI works on a database of its own: the study's 16 published figures are there
# (beside any measured tables this build ships, core/references/).
runs=$("$root/usr/bin/bridgebench-cli" list --json --db "$scratch/check.db")
[[ $(grep -cE '"name": "8x .*\((29 Aug 2023|June 2023)\)"' <<<"$runs") -eq 16 ]] || fail "packaged CLI lists unexpected runs"
echo "check-package: OK"
