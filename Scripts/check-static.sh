#!/usr/bin/env bash
# Checks that a ninefold binary runs without the Swift toolchain: ldd must list no Swift
# runtime library (libswiftCore.so and the other libswift*.so, Foundation, libdispatch,
# libBlocksRuntime), which `swift build --static-swift-stdlib` links in, and the binary must
# start with an empty environment. Usage: Scripts/check-static.sh PATH-TO-NINEFOLD
set -euo pipefail

bin="${1:?usage: Scripts/check-static.sh PATH-TO-NINEFOLD}"
[ -x "$bin" ] || { echo "check-static: $bin is not an executable" >&2; exit 1; }

libraries="$(ldd "$bin")"
runtime="$(grep -E 'libswift[A-Za-z_]*\.so|libFoundation[A-Za-z]*\.so|libdispatch\.so|libBlocksRuntime\.so' <<<"$libraries" || true)"
if [ -n "$runtime" ]; then
  echo "check-static: $bin needs the Swift runtime at run time:" >&2
  echo "$runtime" >&2
  exit 1
fi
# Starts and answers with no PATH or LD_LIBRARY_PATH pointing at a toolchain.
version="$(env -i "$bin" --version)"
echo "check-static: $bin ($version) needs no Swift runtime library; it links $(wc -l <<<"$libraries") system libraries"
