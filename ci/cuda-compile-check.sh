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
log="build-$preset-build.log"
cmake --build --preset "$preset" -j "${PORTAFLOW_JOBS:-$(nproc)}" --target "${targets[@]}" 2>&1 |
  tee "$log"
# nvcc only warns (#20011-D) when device code calls a host function, and the kernel then does
# nothing on the GPU (it happened to a kernel's member function without KOKKOS_INLINE_FUNCTION):
# such a warning fails the check.
if grep -q "#20011-D" "$log"; then
  echo "== $preset: device code calls host functions (nvcc warning #20011-D):"
  grep -o "calling a __host__ function.*" "$log" | sort -u | head -n 20
  exit 1
fi
rm -f "$log"
echo "== $preset: compiled ${targets[*]}"
