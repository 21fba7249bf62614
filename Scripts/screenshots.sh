#!/usr/bin/env bash
# Renders every HTML report in a directory to PNG with headless Chromium, so a person can check
# how the reports look without opening a browser. Usage: Scripts/screenshots.sh [REPORTS] [OUT]
#
# Whole pages: Chromium's --screenshot captures only the window, so the window is made taller
# and wider than any report (SCREENSHOT_HEIGHT, SCREENSHOT_WIDTH) and ImageMagick then crops the
# image to the page's content (everything that differs from the page background) plus a margin.
set -euo pipefail

reports="${1:-reports}"
out="${2:-screenshots}"
width="${SCREENSHOT_WIDTH:-2000}"
height="${SCREENSHOT_HEIGHT:-12000}"
margin=24

browser=""
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then browser="$candidate"; break; fi
done
# ImageMagick's convert (or IM7's magick); a convert earlier in PATH that is not ImageMagick
# is passed over.
find_magick() {
  for candidate in /usr/bin/convert magick convert; do
    if "$candidate" -version 2>/dev/null | grep -q "^Version: ImageMagick"; then echo "$candidate"; return; fi
  done
}
magick="$(find_magick)"
if [ -z "$magick" ]; then
  echo "ImageMagick is missing; installing it with apt-get" >&2
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq imagemagick
  else sudo apt-get update -qq && sudo apt-get install -y -qq imagemagick; fi
  magick="$(find_magick)"
fi
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
  # (a layout of an IB file, reports/InterfaceBuilder/Demo.storyboard#Bnr-VC-001.html, becomes
  # InterfaceBuilder-Demo.storyboard-Bnr-VC-001.png; in the URL, # and spaces are escaped)
  name="${page#"$reports"/}"; name="${name%.html}"; name="${name//\//-}"; name="${name//#/-}"
  url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"; url="${url//%/%25}"; url="${url//#/%23}"; url="${url// /%20}"
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$profile" --force-device-scale-factor=1 \
    --window-size="$width,$height" --screenshot="$out/$name.png" \
    "$url" >/dev/null 2>&1
  # The content's bounding box (WxH+X+Y), found against the background colour, grown by a margin.
  read -r w h x y < <("$magick" "$out/$name.png" -bordercolor '#f4f5f8' -border 1 -fuzz 1% -trim \
    -format '%w %h %X %Y\n' info: | tr -d '+')
  x=$(( x - 1 - margin < 0 ? 0 : x - 1 - margin )); y=$(( y - 1 - margin < 0 ? 0 : y - 1 - margin ))
  if [ $(( y + h + 2 * margin )) -ge "$height" ] || [ $(( x + w + 2 * margin )) -ge "$width" ]; then
    echo "warning: $page may be larger than the ${width}x${height} window" >&2
  fi
  "$magick" "$out/$name.png" -crop "$(( w + 2 * margin ))x$(( h + 2 * margin ))+$x+$y" +repage "$out/$name.png"
  echo "$out/$name.png"
done
