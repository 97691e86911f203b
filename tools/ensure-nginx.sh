#!/usr/bin/env bash
# Makes sure Debian's nginx is there for the test of tools/deploy/nginx.conf
# (tests/server/nginx.test.ts), which runs it as a plain process of its own, never as a service,
# and openssl, which makes that test's self-signed certificate (tools/deploy/scratch-nginx.ts).
# NGINX_PATH points at another nginx binary.
set -euo pipefail
[ -x "${NGINX_PATH:-/usr/sbin/nginx}" ] && command -v openssl >/dev/null 2>&1 && exit 0
bash "$(dirname "$0")/ensure-debian.sh" nginx nginx openssl openssl
# Should a service manager have started it all the same, stop that nginx (its pid file is the
# package's): the test needs no system nginx, and port 80 is not ours.
if [ -s /run/nginx.pid ]; then
  /usr/sbin/nginx -s quit || true
fi
