#!/usr/bin/env bash
# The debug preset (Kokkos bounds checks, AddressSanitizer + UndefinedBehaviorSanitizer, -O0)
# over the fast part of the suite: every test but those in ci/debug-slow-tests.txt. Any sanitizer
# report fails the run (halt_on_error), as does a bounds-check abort or a failed test; the tests
# that run the portaflow command run the instrumented one.
#   bash ci/debug-check.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs="${PORTAFLOW_JOBS:-$(nproc)}"
bash ci/setup-deps.sh debug

mkdir -p build
echo "== debug: configure and build (ASan + UBSan + Kokkos bounds checks)"
cmake --preset debug >build/configure-debug.log 2>&1 || { cat build/configure-debug.log; exit 1; }
cmake --build --preset debug -j "$jobs"

slow=$(grep -v '^#' ci/debug-slow-tests.txt | grep -v '^$' | paste -sd: -)
echo "== debug: tests under the sanitizers ($(grep -cv '^#' ci/debug-slow-tests.txt) slow ones left out)"
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:abort_on_error=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export OMP_NUM_THREADS=2 OMP_PROC_BIND=false
set +e
build/debug/bin/portaflow_tests --gtest_brief=1 --gtest_filter="-$slow" 2>&1 | tee build/debug-tests.log
status=${PIPESTATUS[0]}
set -e
if grep -qE '^(==[0-9]+==ERROR|SUMMARY: (Address|UndefinedBehavior|Leak)Sanitizer)|runtime error:' build/debug-tests.log; then
  echo "debug: a sanitizer report is in build/debug-tests.log"
  status=1
fi
echo "debug: $(grep -E '^\[  PASSED  \]|^\[  FAILED  \]' build/debug-tests.log | tr '\n' ' ')"
exit "$status"
