#!/usr/bin/env bash
# Issue 24: where the GPU spends a multigrid cycle, from the repository root on the GPU node:
#
#   bash perf/multigrid_profile_device.sh BUNDLE OUT [NAME DECK CYCLES [--set KEY=VALUE ...] ;]...
#
# BUNDLE/bin/portaflow-cuda, and BUNDLE/lib/libkernel_timer.so built from
# perf/tools/kernel_timer.cpp (the node has no profiler). Each case runs a fixed number of
# cycles on NACA 0012 mesh level 2 twice: plain (its "done" line is the time) and under the
# timer (OUT/NAME.kernels: each kernel's device time, and the device's idle time between
# kernels). Without cases: the multigrid deck (100 cycles) and the single grid (2000).
# Everything lands in OUT/profile.log and OUT/*.kernels.
set -uo pipefail
usage="usage: multigrid_profile_device.sh BUNDLE OUT [NAME DECK CYCLES [--set K=V ...] ;]..."
bundle="$(cd "${1:?$usage}" && pwd)"
out="${2:?$usage}"
shift 2
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
[ $# -eq 0 ] && set -- multigrid naca0012_multigrid.yaml 100 \; single naca0012_level2.yaml 2000 \;

# profile NAME DECK CYCLES OPTIONS...
profile() {
  local name=$1 deck=$2 cycles=$3
  shift 3
  local run=(timeout 300 "$bundle/bin/portaflow-cuda" run "inputs/multiblock/$deck"
             --set mesh.level=2 --set time.max_cycles="$cycles" --set time.residual_drop=1e-30
             --set output.history_every=1000000 --set output.vtk=false "$@")
  "${run[@]}" --set output.dir="$out/run-$name" >"$out/$name.log" 2>&1
  echo "$name plain: $(grep -E '^done|non-physical' "$out/$name.log" | tail -n 1)"
  KOKKOS_PROFILE_LIBRARY="$bundle/lib/libkernel_timer.so" KERNEL_TIMER_OUT="$out/$name.kernels" \
    "${run[@]}" --set output.dir="$out/run-$name-timed" >"$out/$name-timed.log" 2>&1
  echo "$name timed: $(grep -E '^done|non-physical' "$out/$name-timed.log" | tail -n 1)"
  head -n 14 "$out/$name.kernels"
  tail -n 2 "$out/$name.kernels"
  rm -rf "$out/run-$name" "$out/run-$name-timed"
}

{
  echo "node: $(nvidia-smi -L 2>/dev/null | head -n 1)"
  while [ $# -gt 0 ]; do
    args=()
    while [ $# -gt 0 ] && [ "$1" != ";" ]; do args+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    [ ${#args[@]} -ge 3 ] && profile "${args[@]}"
  done
} 2>&1 | tee "$out/profile.log"
