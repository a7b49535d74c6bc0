#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/: the deck reader and the Plot3D reader) with Debian's clang
# and runs both at once for SECONDS each (default 60), from the seed corpora: every deck under
# inputs/ and fuzz/corpus/plot3d/ plus the shipped .xyz grids. Fails on any finding (crash,
# hang over 10 s, more than 2 GB, sanitizer report, or an error that is not a located InputError);
# the input that found it is saved under build/fuzz/findings/.
#   bash ci/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds="${1:-60}"
jobs="${PORTAFLOW_JOBS:-$(nproc)}"
bash ci/setup-deps.sh fuzz

build=build/fuzz
cmake -S fuzz -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  >"$build-configure.log" 2>&1 || { cat "$build-configure.log"; exit 1; }
cmake --build "$build" -j "$jobs"

# Seeds are read-only inputs; what the fuzzer learns goes to the working corpora (kept between
# runs on one machine, so each run starts where the last one stopped).
mkdir -p "$build/corpus-deck" "$build/corpus-plot3d" "$build/findings" "$build/seeds-deck"
find inputs -name '*.yaml' -exec cp {} "$build/seeds-deck/" \;
mkdir -p "$build/seeds-plot3d"
cp fuzz/corpus/plot3d/* "$build/seeds-plot3d/"
find inputs -name '*.xyz' -exec cp {} "$build/seeds-plot3d/" \;

run_target() {
  local target=$1
  "$build/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$build/findings/$target-" \
    "$build/corpus-${target%_fuzz}" "$build/seeds-${target%_fuzz}" >"$build/$target.log" 2>&1
}
echo "== fuzzing the deck reader and the Plot3D reader, ${seconds} s each (both at once)"
status=0
run_target deck_fuzz & deck_pid=$!
run_target plot3d_fuzz & plot3d_pid=$!
wait $deck_pid || status=1
wait $plot3d_pid || status=1
for target in deck_fuzz plot3d_fuzz; do
  runs=$(grep -m1 'stat::number_of_executed_units' "$build/$target.log" | awk '{print $2}')
  echo "$target: ${runs:-?} inputs in ${seconds} s; corpus $(ls "$build/corpus-${target%_fuzz}" | wc -l) files"
  if grep -qE 'FUZZ FINDING|ERROR: (AddressSanitizer|libFuzzer)|runtime error|SUMMARY: ' "$build/$target.log"; then
    status=1
    echo "$target: FINDING (log: $build/$target.log)"
    grep -E -m5 'FUZZ FINDING|ERROR:|runtime error|SUMMARY:|Test unit written' "$build/$target.log"
  fi
done
[ $status = 0 ] && echo "fuzz: no findings" || echo "fuzz: FAILED"
exit $status
