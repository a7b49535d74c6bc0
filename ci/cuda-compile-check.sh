#!/usr/bin/env bash
# Proves the CUDA backend builds from the same code: installs CUDA 11.8 (Debian non-free) and a
# Kokkos prefix for the preset, then configures and compiles it. Compile only: CI has no GPU.
#   bash ci/cuda-compile-check.sh [cuda-kepler|cuda-hopper] [TARGET ...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
preset="${1:-cuda-kepler}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(portaflow)

bash ci/setup-deps.sh "$preset"
echo "== $preset: configure"
cmake --preset "$preset" >"build-$preset-configure.log" 2>&1 ||
  { cat "build-$preset-configure.log"; exit 1; }
rm -f "build-$preset-configure.log"
echo "== $preset: build ${targets[*]}"
cmake --build --preset "$preset" -j "${PORTAFLOW_JOBS:-$(nproc)}" --target "${targets[@]}"
echo "== $preset: compiled ${targets[*]}"
