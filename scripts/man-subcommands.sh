#!/usr/bin/env bash
# Prints help2man --include sections holding each subcommand's --help, for bridgebench-cli's man
# page (packaging/ManPages.cmake). Usage: man-subcommands.sh PATH/TO/bridgebench-cli
set -euo pipefail
cli=$1
# The --db default as a reader's own (~/.local/share/...), not the builder's home.
unset BRIDGEBENCH_DB XDG_DATA_HOME
export HOME='~'
echo "[SUBCOMMANDS]"
subcommands_of() {
  awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }'
}
# Each subcommand's --help, and its own subcommands' (model info, bench loader, ...) under it.
section() {
  echo ".SS $*"
  echo ".nf"
  # roff: a leading dot or quote would start a request; backslashes are escapes.
  "$cli" "$@" --help | sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"
  echo ".fi"
  local nested
  for nested in $("$cli" "$@" --help | subcommands_of); do
    section "$@" "$nested"
  done
}
for sub in $("$cli" --help | subcommands_of); do
  section "$sub"
done
echo "[SEE ALSO]"
echo "bridgebench(1); the user guide in /usr/share/doc/bridgebench/ (docs/cli.md lists every option)."
