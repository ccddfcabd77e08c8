#!/usr/bin/env bash
# Makes sure a Chromium for the dashboard's browser test is on this machine (run by `npm test`).
# Idempotent and quiet: nothing to do when CHROMIUM_PATH or /usr/bin/chromium exists. Otherwise
# installs Debian's `chromium` with apt-get, as root or through password-less sudo. Where neither
# works it says so and exits 0: the browser test then fails with the same explanation, loudly.
set -euo pipefail

if [[ -n "${CHROMIUM_PATH:-}" && -x "${CHROMIUM_PATH}" ]] || [[ -x /usr/bin/chromium ]]; then
  exit 0
fi

as_root=()
if [[ "$(id -u)" != "0" ]]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  else
    echo "ensure-chromium: /usr/bin/chromium is missing and this user cannot install it (not root, no password-less sudo)." >&2
    echo "ensure-chromium: install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH; the dashboard test will fail until then." >&2
    exit 0
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: /usr/bin/chromium is missing and apt-get is not available here." >&2
  echo "ensure-chromium: install Chromium yourself and set CHROMIUM_PATH; the dashboard test will fail until then." >&2
  exit 0
fi

echo "ensure-chromium: installing Debian's chromium for the dashboard test (once per machine)..." >&2
export DEBIAN_FRONTEND=noninteractive
log="$(mktemp)"
if ! { "${as_root[@]}" apt-get update -qq && "${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium; } >"$log" 2>&1; then
  tail -n 20 "$log" >&2
  echo "ensure-chromium: installing chromium failed (output above); the dashboard test will fail." >&2
  rm -f "$log"
  exit 0
fi
rm -f "$log"
echo "ensure-chromium: $(/usr/bin/chromium --version 2>/dev/null || echo 'chromium installed')" >&2
