#!/usr/bin/env bash
# The README's two commands on a fresh Debian 12, as a new user types them: a new system
# (debootstrap's default, which is what Debian marks required and important; it has no make), a
# clean clone of this repository's HEAD, `apt-get install make`, then `make test` and `make run`
# (without a display: the main job). CI runs `make test` on this machine, where every package is
# installed already, so a package missing from scripts/packages.txt passes there and fails here.
#
#   scripts/check-fresh-debian.sh [SUITE]    SUITE: default bookworm (Debian 12)
#
# Needs root, debootstrap and Debian's archive. Slow: about 1.3 GB of packages and a build without
# ccache's help. The system is made anew on every run in build/fresh-debian/SUITE/root and left
# there afterwards to look into. Committed work only: uncommitted changes are not in the clone.
# Exits with the first failing command's status; the mounts are undone on every exit.
set -euo pipefail

suite=${1:-bookworm}
[[ $(id -u) -eq 0 ]] || { echo "check-fresh-debian.sh needs root (debootstrap, chroot and mounts)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "install debootstrap first (apt-get install debootstrap)" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
chroot_dir=$root/build/fresh-debian/$suite/root
# shellcheck source=scripts/lib/chroot.sh
source "$root/scripts/lib/chroot.sh"

# Anew every time: a system left from an earlier run has its packages installed already.
if [[ -d $chroot_dir ]]; then
  chroot_undo_mounts
  # rm -rf through a /dev still bound in would empty the host's.
  if [[ -n $(chroot_mounts) ]]; then
    echo "mounts remain under $chroot_dir; not removing it" >&2
    exit 2
  fi
  rm -rf "$chroot_dir"
fi
started=$SECONDS
chroot_bootstrap "$suite"
chroot_enter
checkout=/root/bridgebench
git clone --quiet "$root" "$chroot_dir$checkout"
echo "fresh Debian $suite: $(in_chroot dpkg-query -W -f='${Package}\n' | wc -l) packages; $(git -C "$root" log --oneline -1)"

phase() {  # phase NAME COMMAND...: runs it in the checkout, timed
  local began=$SECONDS
  echo "== $1"
  shift
  in_chroot env DEBIAN_FRONTEND=noninteractive bash -c "cd $checkout && $*"
  echo "== $(( (SECONDS - began) / 60 )) min $(( (SECONDS - began) % 60 )) s"
}
phase "apt-get install make (the README's note)" "apt-get -qq update && apt-get install -y -qq make >/dev/null"
phase "make test" "make test"
phase "make run (no display: the main job)" "make run"
echo "check-fresh-debian: the README's two commands passed on a fresh Debian $suite in $(( (SECONDS - started) / 60 )) min"
