#!/usr/bin/env bash
# Several CUDA builds of the multi-block solver on the same GPU node, on the level-2 NACA 0012
# mesh of seed 001's case, from the repository root:
#
#   bash perf/multiblock_builds_device.sh OUT NAME=BINARY [NAME=BINARY ...]
#
# Runs the single grid (inputs/multiblock/naca0012_level2.yaml, to its 1e-10 drop) with every
# build in turn, twice over (so run-to-run spread shows beside the builds' differences), then
# the deck's W(2,2) multigrid once per build. One line per run in OUT/builds.log: build, run,
# cycles and seconds. Set LD_LIBRARY_PATH to the bundle's lib/ first.
set -uo pipefail
usage="usage: multiblock_builds_device.sh OUT NAME=BINARY [NAME=BINARY ...]"
out="${1:?$usage}"
shift
[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
mkdir -p "$out"
run() {  # name binary deck label
  "$2" run "$3" --set mesh.level=2 --set output.dir="$out/run" --set output.vtk=false \
    --set output.history_every=1 --overwrite >"$out/last.log" 2>&1
  echo "$1 $4: $(grep -E '^done' "$out/last.log")"
}
{
  echo "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $(nproc) cores"
  for pass in 1 2; do
    for entry in "$@"; do
      run "${entry%%=*}" "${entry#*=}" inputs/multiblock/naca0012_level2.yaml "single grid (pass $pass)"
    done
  done
  for entry in "$@"; do
    run "${entry%%=*}" "${entry#*=}" inputs/multiblock/naca0012_multigrid.yaml "W(2,2) x 4"
  done
  rm -rf "$out/run" "$out/last.log"
} 2>&1 | tee "$out/builds.log"
