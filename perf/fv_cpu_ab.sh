#!/usr/bin/env bash
# A/B of the MUSCL-Hancock 2D sweep kernels on the node's cores (OpenMP), two builds side by side
# on the same machine in the same call, so the node's run-to-run spread (it was ~15% between
# calls) does not pass for a code change. Run on the GPU node from the repository root:
#
#   bash perf/fv_cpu_ab.sh DIR OUT
#
# DIR holds bench-old and bench-new (portaflow-bench, OpenMP, of two commits), optionally
# bench-exp (a build whose LineTeams2D tile is read from PF_XW/PF_XD and PF_YW/PF_YD: a local
# experiment, never committed), and lib/ (the bundle's libraries). Writes OUT/ab.log and
# OUT/ab-*.json. The old and new builds alternate, three rounds, all cores, 1e6 cells.
set -uo pipefail
dir="$(cd "${1:?usage: fv_cpu_ab.sh DIR OUT}" && pwd)"
out="${2:?usage: fv_cpu_ab.sh DIR OUT}"
mkdir -p "$out"
export LD_LIBRARY_PATH="$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
"$dir/bench-new" --help >/dev/null 2>&1 ||
  export LD_LIBRARY_PATH="$dir/lib:$dir/lib/fallback${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
cores=$(nproc)
log="$out/ab.log"
kernels=muscl_hancock2d.flat.hllc,muscl_hancock2d.sweep_x.hllc,muscl_hancock2d.sweep_y.hllc,muscl_hancock2d.sweep_x.hllc.seg4,muscl_hancock2d.flat.exact
# FV_CPU_AB_KERNELS (comma-separated names) replaces that list.
kernels="${FV_CPU_AB_KERNELS:-$kernels}"
echo "node: $cores cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2); $(lscpu | grep -E 'L1d|L2' | tr -s ' ' | paste -sd ';')" | tee "$log"
run() {  # run LABEL BINARY KERNELS [ENV=VALUE ...]
  local label=$1 bin=$2 kernels=$3
  shift 3
  echo "== $label $*" | tee -a "$log"
  env "$@" OMP_NUM_THREADS="$cores" OMP_PROC_BIND=close OMP_PLACES=cores timeout 120 \
    "$dir/$bin" --kernel "$kernels" --sizes 1e6 --repeats 5 --max-seconds-per-size 4 \
    --json "$out/ab-$label.json" 2>&1 | grep -E '^muscl' | tee -a "$log"
}
for round in 1 2 3; do
  run "old-$round" bench-old "$kernels"
  run "new-$round" bench-new "$kernels"
done
if [ -x "$dir/bench-exp" ]; then
  for tile in "32 64" "64 8" "32 32" "16 64" "64 64" "32 128"; do
    set -- $tile
    run "y-$1x$2" bench-exp muscl_hancock2d.sweep_y.hllc PF_YW=$1 PF_YD=$2
  done
  for tile in "256 1" "128 1" "64 4" "512 1"; do
    set -- $tile
    run "x-$1x$2" bench-exp muscl_hancock2d.sweep_x.hllc PF_XW=$1 PF_XD=$2
  done
fi
