#!/usr/bin/env bash
# The README's test command: installs what is missing (ci/setup-deps.sh), builds the openmp and
# serial presets and runs the GoogleTest suites on both host backends with CTest; then the
# openmp-mpi preset and its runs over ranks.
#   bash ci/test.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs="${PORTAFLOW_JOBS:-$(nproc)}"

bash ci/setup-deps.sh openmp serial

summary=build/test-summary.txt
mkdir -p build
: >"$summary"
status=0
for preset in openmp serial; do
  echo "== $preset: configure and build"
  cmake --preset "$preset" >"build/configure-$preset.log" 2>&1 ||
    { cat "build/configure-$preset.log"; exit 1; }
  cmake --build --preset "$preset" -j "$jobs"
  echo "== $preset: tests"
  set +e
  # One test at a time for OpenMP: two tests each spinning two threads on two cores slow each
  # other down many times over. The serial backend runs two at once.
  ctest_jobs=$([ "$preset" = serial ] && echo "$jobs" || echo 1)
  ctest --preset "$preset" -j "$ctest_jobs" 2>&1 | tee "build/ctest-$preset.log"
  rc=${PIPESTATUS[0]}
  set -e
  [ "$rc" = 0 ] || status=1
  echo "$preset: $(grep -E 'tests passed|tests failed' "build/ctest-$preset.log" | tail -n 1)" >>"$summary"
done

# Runs over ranks (tests/mpi/): the openmp-mpi preset builds the command with MPI and those tests
# only; mpirun oversubscribes the cores.
echo "== openmp-mpi: configure and build"
cmake --preset openmp-mpi >"build/configure-openmp-mpi.log" 2>&1 ||
  { cat "build/configure-openmp-mpi.log"; exit 1; }
cmake --build --preset openmp-mpi -j "$jobs"
echo "== openmp-mpi: tests"
set +e
ctest --preset openmp-mpi 2>&1 | tee "build/ctest-openmp-mpi.log"
rc=${PIPESTATUS[0]}
set -e
[ "$rc" = 0 ] || status=1
echo "openmp-mpi: $(grep -E 'tests passed|tests failed' "build/ctest-openmp-mpi.log" | tail -n 1)" >>"$summary"

# One closing line over the backends, in the plain "N passed, N failed" form.
passed=0 failed=0
for preset in openmp serial openmp-mpi; do
  line=$(grep -E 'tests failed out of' "build/ctest-$preset.log" | tail -n 1)
  total=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")
  bad=$(sed -E 's/.* ([0-9]+) tests failed.*/\1/' <<<"$line")
  passed=$((passed + total - bad)) failed=$((failed + bad))
done
echo "Test summary (openmp + serial backends, runs over MPI ranks):"
cat "$summary"
echo "$passed passed, $failed failed" | tee -a "$summary"
exit $status
