#!/usr/bin/env bash
# CI's CPU-vs-GPU scaling report: a short OpenMP measurement on this machine (1 and 2
# threads, small sizes, a few seconds) printed beside the latest GPU-node results committed in
# perf/results/, each row labelled with where and when it was measured, with GPU/CPU ratios.
#
#   bash ci/scaling_report.sh
#
# Builds nothing if build/openmp/bin/portaflow-bench exists (ci/test.sh made it); otherwise
# builds that one target in the openmp preset. A report: it exits non-zero only for a broken
# benchmark (the bench exits non-zero, a NaN, a missing or invalid results file), never on a
# timing. On a busy 2-core machine the numbers are noisy; that is expected and not an error.
# Environment: PORTAFLOW_REPORT_SIZES (1e4,1e5,1e6), PORTAFLOW_REPORT_THREADS ("1 2"),
# PORTAFLOW_BENCH (another portaflow-bench binary to run instead).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bench="${PORTAFLOW_BENCH:-build/openmp/bin/portaflow-bench}"
if [ ! -x "$bench" ]; then
  echo "== scaling report: $bench missing; building it (openmp preset)"
  if [ ! -f build/openmp/CMakeCache.txt ]; then
    cmake --preset openmp >build/configure-openmp-bench.log 2>&1 ||
      { cat build/configure-openmp-bench.log; exit 1; }
  fi
  cmake --build --preset openmp -j "${PORTAFLOW_JOBS:-$(nproc)}" --target portaflow-bench || exit 1
fi

sizes="${PORTAFLOW_REPORT_SIZES:-1e4,1e5,1e6}"
work="$(mktemp -d "${TMPDIR:-/tmp}/portaflow-scaling.XXXXXX")"
trap 'rm -rf "$work"' EXIT
status=0
runs=()
for t in ${PORTAFLOW_REPORT_THREADS:-1 2}; do
  json="$work/ci-omp$t.json"
  # Short on purpose: 128 MiB STREAM arrays (still far beyond a CI machine's cache), 3 repeats,
  # 0.05 s batches, at most 1 s of timed work per size.
  OMP_NUM_THREADS=$t OMP_PROC_BIND=close OMP_PLACES=cores "$bench" --kernel all --sizes "$sizes" \
    --repeats 3 --target-seconds 0.05 --max-seconds-per-size 1 --stream-elements '2^24' \
    --ceiling-repeats 3 --fma-seconds 0.02 --label "ci-omp$t" --json "$json" --quiet \
    >"$work/bench-$t.log" 2>&1
  rc=$?
  if [ $rc != 0 ]; then
    echo "scaling report: BROKEN BENCHMARK: portaflow-bench with $t threads exited with status $rc:" >&2
    cat "$work/bench-$t.log" >&2
    status=1
  fi
  [ -f "$json" ] && runs+=("$json")
done
if [ ${#runs[@]} = 0 ]; then
  echo "scaling report: BROKEN BENCHMARK: no results file was written" >&2
  exit 1
fi
python3 perf/report.py scaling --results-dir perf/results "${runs[@]}" || status=1
exit $status
