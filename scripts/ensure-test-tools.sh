#!/usr/bin/env bash
# Installs what the browser, scale-out, load balancer and shared cache tests need on a Debian machine, when it is missing.
set -euo pipefail
need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
# The load balancer in front of two instances in the rolling-restart test.
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || need+=(haproxy)
# The shared cache in front of two instances in the shared-cache test.
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
# The W3C Nu Html Checker (npm vnu-jar) runs on Java.
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
# The Docker image runs sharp under jemalloc; the production replay does too.
[ -e /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 ] || [ -e /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 ] || need+=(libjemalloc2)
# Pages are measured as they render: without fonts, text has no width.
[ -d /usr/share/fonts/truetype/dejavu ] || need+=(fonts-dejavu-core)
[ -d /usr/share/fonts/truetype/liberation ] || need+=(fonts-liberation)
[ ${#need[@]} -eq 0 ] && exit 0

echo "Installing test tools: ${need[*]}"
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "Cannot install ${need[*]} here. Install Debian's 'chromium', 'redis-server', 'haproxy'," >&2
  echo "'nginx-light' and 'default-jre-headless' packages" >&2
  echo "(or set CHROMIUM_PATH to a Chromium binary), then run 'npm test' again." >&2
  exit 1
fi
