#!/usr/bin/env bash
# Makes sure commands from Debian's packages are there for the tests:
#   bash tools/ensure-debian.sh <command> <package> [<command> <package> ...]
# Missing ones are installed with apt-get when run as root (CI, a fresh machine); else it says how.
set -euo pipefail
missing=()
while [ $# -ge 2 ]; do
  command -v "$1" >/dev/null 2>&1 || missing+=("$2")
  shift 2
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} (needs network to the Debian mirror)..."
  export DEBIAN_FRONTEND=noninteractive
  # On a machine with a running init a package's postinst may start its service (nginx on port 80);
  # a policy-rc.d that exits 101 forbids it. Docker images ship one: it stays.
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    trap 'rm -f "$policy"' EXIT
  fi
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The tests need Debian's ${missing[*]}. Install as root with:    apt-get install -y ${missing[*]}" >&2
exit 1
