#!/usr/bin/env bash
# Makes sure Debian's nginx is there for the test of tools/deploy/nginx.conf
# (tests/server/nginx.test.ts), which runs it as a plain process of its own, never as a service,
# and openssl, which makes that test's self-signed certificate (tools/deploy/scratch-nginx.ts).
set -euo pipefail
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"
if [ -x "$NGINX" ] && command -v openssl >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "nginx is missing: installing Debian's nginx package (needs network to the Debian mirror)..."
  export DEBIAN_FRONTEND=noninteractive
  # On a machine with a running init the package's postinst starts the nginx service on port 80
  # (invoke-rc.d); a policy-rc.d that exits 101 forbids it. Docker images ship one: it stays.
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    trap 'rm -f "$policy"' EXIT
  fi
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends nginx openssl >/dev/null
  # Should a service manager have started it all the same, stop that nginx (its pid file is the
  # package's): the test needs no system nginx, and port 80 is not ours.
  if [ -s /run/nginx.pid ]; then
    /usr/sbin/nginx -s quit || true
  fi
  [ -x "$NGINX" ] && command -v openssl >/dev/null 2>&1 && { echo "nginx installed at $NGINX."; exit 0; }
fi
cat >&2 <<MSG
The test of tools/deploy/nginx.conf needs nginx at $NGINX and openssl, and one is not installed.
Install them as root with:    apt-get install -y nginx openssl
(the test starts nginx as a process of its own; the system service is not needed)
or point NGINX_PATH at another nginx binary, then run the tests again.
MSG
exit 1
