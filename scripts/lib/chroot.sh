# A Debian chroot for the checks that build BridgeBench on another system than this machine's
# (scripts/check-torch2-build.sh, scripts/check-fresh-debian.sh). Sourced, not run. The caller
# sets chroot_dir; these functions make the chroot, mount into it what a build and its tests need
# and undo every mount when the script exits, however it exits.
# Needs root and debootstrap.

chroot_mounted=()

chroot_undo_mounts() {
  local index
  for ((index = ${#chroot_mounted[@]} - 1; index >= 0; index--)); do umount -l "${chroot_mounted[index]}" 2>/dev/null || true; done
  # And what the tests mounted inside (ip netns bind-mounts /run/netns), or a run killed before
  # its trap left, deepest first.
  chroot_mounts | sort -r |
    while read -r target; do umount -l "$target" 2>/dev/null || true; done
}

# The mount points at and under chroot_dir.
chroot_mounts() { awk -v root="$chroot_dir" '$2 == root || index($2, root "/") == 1 {print $2}' /proc/mounts; }

chroot_mount() {  # chroot_mount TARGET MOUNT-ARGS...
  local target=$chroot_dir$1
  shift
  mkdir -p "$target"
  mount "$@" "$target"
  chroot_mounted+=("$target")
}

# chroot_bootstrap SUITE [DEBOOTSTRAP-OPTIONS...]: a new system where there is none yet.
chroot_bootstrap() {
  local suite=$1
  shift
  [[ -x $chroot_dir/usr/bin/apt-get ]] && return
  rm -rf "$chroot_dir"
  mkdir -p "$chroot_dir"
  echo "debootstrap $suite into $chroot_dir"
  debootstrap "$@" "$suite" "$chroot_dir" http://deb.debian.org/debian
}

# /proc, /dev and /sys as the build and its tests need them, and the host's name servers for apt.
# The chroot's root is bound onto itself first: `ip netns add` (the two-host test) makes / a
# slave mount, which fails where / is not a mount point, as in a plain chroot.
chroot_enter() {
  trap chroot_undo_mounts EXIT
  cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
  chroot_mount "" --bind "$chroot_dir"
  chroot_mount /proc -t proc proc
  chroot_mount /dev --rbind /dev
  chroot_mount /sys --rbind /sys
}

# in_chroot COMMAND...: with root's home and none of the caller's environment.
in_chroot() { chroot "$chroot_dir" env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }
