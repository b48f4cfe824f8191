#!/usr/bin/env bash
# `npm run validate`: installs what its tests need on a Debian machine, when it is missing: Chromium,
# and for the scale-out, load balancer, shared cache, HTML validity and image tests the rest.
# `ensure-test-tools.sh chromium` installs Chromium and fonts alone, what `npm test` needs, as a desktop has
# (without root: `npx playwright install chromium`, docs/testing.md).
set -euo pipefail
need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
# Pages are measured as they render: without fonts, text has no width.
[ -d /usr/share/fonts/truetype/dejavu ] || need+=(fonts-dejavu-core)
[ -d /usr/share/fonts/truetype/liberation ] || need+=(fonts-liberation)
if [ "${1:-}" != chromium ]; then
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
# The load balancer in front of two instances in the rolling-restart test.
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || need+=(haproxy)
# The shared cache in front of two instances in the shared-cache test.
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
# The W3C Nu Html Checker (npm vnu-jar) runs on Java.
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
# The Docker image runs sharp under jemalloc; the production replay does too.
[ -e /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 ] || [ -e /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 ] || need+=(libjemalloc2)
fi
[ ${#need[@]} -eq 0 ] && exit 0

echo "Installing test tools: ${need[*]}"
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "Cannot install ${need[*]} here (Debian's package names): install them, then run" >&2
  echo "'npm run validate' again. A Chromium may also be Playwright's ('npx playwright install" >&2
  echo "chromium') or any other, named by CHROMIUM_PATH." >&2
  exit 1
fi
