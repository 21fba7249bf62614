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
check() {
  if "$@"; then echo "ok: $description"; return 0; fi
  echo "FAILED: $description" >&2; failed=1; return 1
}

description="the build-tool plugin lets GoodLayouts build"
check "$swift" build --package-path "$sample" --scratch-path "$scratch" --target GoodLayouts >"$log/good" 2>&1 \
  || cat "$log/good" >&2

description="the build-tool plugin fails BrokenLayouts' build at banner.xml:9:7"
! "$swift" build --package-path "$sample" --scratch-path "$scratch" --target BrokenLayouts >"$log/broken" 2>&1
check grep -qF "$error" "$log/broken" || cat "$log/broken" >&2

description="swift package ninefold-validate --target GoodLayouts exits 0"
check "$swift" package --package-path "$sample" --scratch-path "$scratch" ninefold-validate --target GoodLayouts \
  >"$log/command-good" 2>&1 || cat "$log/command-good" >&2

description="swift package ninefold-validate fails on the whole package and reports banner.xml:9:7"
"$swift" package --package-path "$sample" --scratch-path "$scratch" ninefold-validate >"$log/command-all" 2>&1
status=$?
check test "$status" -ne 0
check grep -qF "$error" "$log/command-all" || cat "$log/command-all" >&2

exit "$failed"
