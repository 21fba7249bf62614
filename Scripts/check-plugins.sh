#!/usr/bin/env bash
# Tests Ninefold's SwiftPM plugins on the sample package Examples/PluginSample, as an iOS team
# would use them. Usage: Scripts/check-plugins.sh (make check-plugins).
#   1. the build-tool plugin lets GoodLayouts build (its layout is unique in every class);
#   2. it fails BrokenLayouts' build with ninefold's error at banner.xml:9:7, the constraint
#      left out of the conflict, in the compact width classes;
#   3. swift package ninefold-validate --target GoodLayouts exits 0;
#   4. swift package ninefold-validate (every target) fails and reports the same error.
set -uo pipefail

swift="${SWIFT:-swift}"
sample="$(pwd)/Examples/PluginSample"
scratch="$(pwd)/.build/plugin-sample"
log="$(mktemp -d)"
trap 'rm -rf "$log"' EXIT
error='banner.xml:9:7: error: [compact-any, compact-regular] conflict: 4 required constraints cannot hold together'
failed=0

# expect STATUS-WANTED NAME DESCRIPTION COMMAND…: runs the command with its output in a log,
# checks its exit status (0, or "fails" for any other) and, for failures wanted, the error line.
expect() {
  local wanted="$1" name="$2" description="$3"; shift 3
  "$@" >"$log/$name" 2>&1
  local status=$?
  local ok=1
  if [ "$wanted" = 0 ]; then [ "$status" -eq 0 ] || ok=0
  else [ "$status" -ne 0 ] && grep -qF "$error" "$log/$name" || ok=0; fi
  if [ "$ok" = 1 ]; then echo "ok: $description"
  else echo "FAILED: $description (exit status $status)" >&2; cat "$log/$name" >&2; failed=1; fi
}

expect 0 good "the build-tool plugin lets GoodLayouts build" \
  "$swift" build --package-path "$sample" --scratch-path "$scratch" --target GoodLayouts
expect fails broken "the build-tool plugin fails BrokenLayouts' build at banner.xml:9:7" \
  "$swift" build --package-path "$sample" --scratch-path "$scratch" --target BrokenLayouts
expect 0 command-good "swift package ninefold-validate --target GoodLayouts exits 0" \
  "$swift" package --package-path "$sample" --scratch-path "$scratch" ninefold-validate --target GoodLayouts
expect fails command-all "swift package ninefold-validate fails on the whole package and reports banner.xml:9:7" \
  "$swift" package --package-path "$sample" --scratch-path "$scratch" ninefold-validate
exit "$failed"
