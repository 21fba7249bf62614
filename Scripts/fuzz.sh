#!/usr/bin/env bash
# Builds and runs Ninefold's libFuzzer targets (Fuzz/Package.swift). Documentation/Reliability.md
# says what each target checks and records the campaigns run.
#
#   Scripts/fuzz.sh run SECONDS [TARGET…]   fuzz each target for SECONDS, then report
#   Scripts/fuzz.sh smoke SECONDS [TARGET…] replay every target's committed corpus and every
#                                           regression input, then fuzz each TARGET (default:
#                                           all) for SECONDS
#   Scripts/fuzz.sh replay                  replay only
#
# New corpus entries go to .build-fuzz/corpus/TARGET (not committed); the committed seeds are
# the repository's own documents and Fuzz/Corpus/TARGET. A crash is written to
# Fuzz/Crashes/TARGET/ and fails the run: fix it, then move the input to Fuzz/Regressions/TARGET/
# with a test, so every later smoke run replays it.
set -euo pipefail
cd "$(dirname "$0")/.."

SCRATCH=.build-fuzz
# Swift's own crash backtracer and AddressSanitizer's both want the crash; let libFuzzer's
# sanitizer report it.
export SWIFT_BACKTRACE=enable=no
TARGETS=(fuzz-scene-reader fuzz-interface-builder fuzz-pipeline fuzz-solver)
# FUZZ_RUNS=N stops a campaign after N executions (or at its time limit, whichever is first).
RUNS=${FUZZ_RUNS:+-runs=$FUZZ_RUNS}
# One unit (one input) taking longer than this is a hang and fails the run.
UNIT_TIMEOUT=${FUZZ_UNIT_TIMEOUT:-30}

build() {
  mkdir -p "$SCRATCH/logs"
  # Always from clean. SwiftPM keeps its build plan while the fuzz package's own manifest is
  # unchanged and does not notice a source file added to the main package (a path dependency
  # here), so a later build compiled the old file list ("cannot find … in scope", 2026-11-24);
  # and with the plan dropped, an incremental build after main's merges linked objects of two
  # layouts of one struct: every campaign then "crashed" on its first seed with a
  # heap-buffer-overflow appending a NinefoldValidation.ClassResult, which a clean build does
  # not have (2026-11-24, main at dac66f0). A clean build takes about a minute on this machine;
  # a false crash costs more.
  # `$SCRATCH/release` is SwiftPM's link to the platform's directory (x86_64-unknown-linux-gnu
  # here); the plan's description.json lives inside it.
  rm -f "$SCRATCH/release.yaml"
  if [ -e "$SCRATCH/release" ]; then rm -rf "$(readlink -f "$SCRATCH/release")"; fi
  if ! swift build --package-path Fuzz --scratch-path "$SCRATCH" -c release \
      -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld \
      >"$SCRATCH/logs/build.log" 2>&1; then
    grep -E 'error|warning' "$SCRATCH/logs/build.log" >&2 || tail -30 "$SCRATCH/logs/build.log" >&2
    echo "fuzz: the fuzz targets did not build (log: $SCRATCH/logs/build.log)" >&2
    exit 1
  fi
}

# The read-only seed directories of a target that exist: the repository's own documents and
# fixtures and the reader's committed corpus for the document targets, and the target's own.
seeds() {
  local target=$1 directories=()
  case $target in
    fuzz-scene-reader)
      directories=(Documents Documents/Broken Tests/NinefoldSceneTests/Malformed Tests/NinefoldReportsTests/Fixtures) ;;
    fuzz-pipeline)
      directories=(Documents Documents/Broken Tests/NinefoldSceneTests/Malformed Tests/NinefoldReportsTests/Fixtures
                   Fuzz/Corpus/fuzz-scene-reader Documents/InterfaceBuilder Tests/NinefoldInterfaceBuilderTests/Fixtures) ;;
    fuzz-interface-builder)
      directories=(Documents/InterfaceBuilder Tests/NinefoldInterfaceBuilderTests/Fixtures) ;;
  esac
  directories+=("Fuzz/Corpus/$target")
  for directory in "${directories[@]}"; do [ -d "$directory" ] && echo "$directory"; done
  return 0
}

dictionary() {
  case $1 in
    fuzz-scene-reader|fuzz-pipeline) echo "-dict=Fuzz/scene.dict" ;;
    fuzz-interface-builder) echo "-dict=Fuzz/interface-builder.dict" ;;
  esac
}

# Replays every committed seed and regression input once; any failure stops the run.
replay() {
  local target=$1 inputs=()
  for directory in $(seeds "$target") "Fuzz/Regressions/$target"; do
    [ -d "$directory" ] || continue
    while IFS= read -r -d '' file; do inputs+=("$file"); done < <(find "$directory" -maxdepth 1 -type f -print0 | sort -z)
  done
  printf '%-18s replaying %d inputs… ' "$target" "${#inputs[@]}"
  local log="$SCRATCH/logs/$target-replay.log"
  if setsid "$SCRATCH/release/$target" -timeout="$UNIT_TIMEOUT" -rss_limit_mb=2048 "${inputs[@]}" >"$log" 2>&1; then
    echo "ok"
  else
    echo "FAILED (see $log)"; tail -30 "$log" >&2; return 1
  fi
}

# Fuzzes one target for a bounded time and prints executions, coverage and crashes. libFuzzer
# runs in its own session (setsid) so that a crash report never reaches other processes.
fuzz() {
  local target=$1 seconds=$2
  local work="$SCRATCH/corpus/$target" crashes="Fuzz/Crashes/$target" log="$SCRATCH/logs/$target.log"
  mkdir -p "$work" "$crashes"
  local status=0
  # AddressSanitizer records a 30-frame stack for every allocation and free, a sixth of the
  # pipeline target's time; a campaign keeps 4 frames (detection is unchanged, only the
  # allocation and free stacks in a report are shorter). Every replay runs with the defaults,
  # so replaying a crash input gives the full report. Documentation/Reliability.md, "Throughput".
  # shellcheck disable=SC2046
  ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=4} setsid "$SCRATCH/release/$target" -max_total_time="$seconds" -timeout="$UNIT_TIMEOUT" -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$crashes/" $(dictionary "$target") $RUNS \
    "$work" $(seeds "$target") >"$log" 2>&1 || status=$?
  local executions coverage
  executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo "?")
  local found
  found=$(find "$crashes" -maxdepth 1 -type f | wc -l)
  printf '%-18s %4ss  executions %10s  coverage %6s edges  crashes %s\n' "$target" "$seconds" "$executions" \
    "$coverage" "$found"
  if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
    echo "fuzz: $target failed (exit $status); log: $log, inputs: $crashes/" >&2
    grep -A12 -m1 -E 'ERROR: |Fatal error|deadly signal|timeout' "$log" >&2 || tail -30 "$log" >&2
    return 1
  fi
}

mode=${1:-}
shift || true
mkdir -p "$SCRATCH/logs"
case $mode in
  run)
    seconds=${1:?seconds}; shift
    [ $# -gt 0 ] && TARGETS=("$@")
    build
    failed=0
    for target in "${TARGETS[@]}"; do fuzz "$target" "$seconds" || failed=1; done
    exit $failed ;;
  smoke)
    seconds=${1:?seconds}; shift
    fuzzed=("${TARGETS[@]}")
    [ $# -gt 0 ] && fuzzed=("$@")
    build
    failed=0
    for target in "${TARGETS[@]}"; do replay "$target" || failed=1; done
    for target in "${fuzzed[@]}"; do fuzz "$target" "$seconds" || failed=1; done
    exit $failed ;;
  replay)
    build
    failed=0
    for target in "${TARGETS[@]}"; do replay "$target" || failed=1; done
    exit $failed ;;
  *)
    sed -n '2,14p' "$0" >&2; exit 2 ;;
esac
