#!/usr/bin/env bash
# Renders every HTML report in a directory to PNG with headless Chromium, so a person can check
# how the reports look without opening a browser. Usage: Scripts/screenshots.sh [REPORTS] [OUT]
set -euo pipefail

reports="${1:-reports}"
out="${2:-screenshots}"
width="${SCREENSHOT_WIDTH:-1400}"

browser=""
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then browser="$candidate"; break; fi
done
if [ -z "$browser" ]; then
  echo "chromium is missing; installing it with apt-get" >&2
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium; fi
  browser=chromium
fi

mapfile -t pages < <(find "$reports" -name '*.html' | sort)
if [ ${#pages[@]} -eq 0 ]; then
  echo "no HTML reports in $reports (run make demo first)" >&2
  exit 1
fi

mkdir -p "$out"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
for page in "${pages[@]}"; do
  # reports/Broken/conflict.html -> screenshots/Broken-conflict.png
  name="${page#"$reports"/}"; name="${name%.html}"; name="${name//\//-}"
  # Tall enough for a full 3×3 matrix and its findings; the page background fills the rest.
  height=2000
  [ "$name" = index ] && height=1000
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$profile" --force-device-scale-factor=1 \
    --window-size="$width,$height" --screenshot="$out/$name.png" \
    "file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")" >/dev/null 2>&1
  echo "$out/$name.png"
done
