#!/usr/bin/env bash
# High-order element checks that need the GPU node (issues 22, 26), run there from the repository root
# with a bundle packed by `bash perf/pack_gpu_bundle.sh`:
#
#   bash perf/highorder_gpu_checks.sh BUNDLE OUT
#
# 1. CUDA against OpenMP (all cores), double: dg, cpr, ndg and sd at P1-P3 on the shipped vortex
#    decks (cpr P2 and dg P2 also on the warped grid), sd P2 with the limiter on the radial explosion, 100 steps each with portaflow-dump, compared
#    point by point (perf/compare_dumps.py: agreeing digits per field) -> OUT/highorder-checks.json
# 2. Kernel rates: every highorder.* kernel (one SSP-RK3 stage, flat and team; ndg and sd flat) and the muscl
#    reference (muscl2d.muscl3_rusanov, per cell-stage) with the bandwidth and FP64 ceilings
#    measured in the same process, CUDA and OpenMP on all cores
#    -> OUT/highorder-bench-cuda.json, OUT/highorder-bench-openmp<cores>.json.
set -uo pipefail
bundle="$(cd "${1:?usage: highorder_gpu_checks.sh BUNDLE OUT}" && pwd)"
out="${2:?usage: highorder_gpu_checks.sh BUNDLE OUT}"
mkdir -p "$out"
cores=$(nproc)
work=$(mktemp -d)
log="$out/highorder-checks.log"
lines="$work/lines.jsonl"
: >"$log"
: >"$lines"
source "$(dirname "${BASH_SOURCE[0]}")/lib/dump_runs.sh"

say "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $cores cores"

# 1. CUDA and OpenMP agree.
decks=()
for m in dg cpr; do
  for k in 1 2 3; do decks+=("vortex_${m}_p$k"); done
  decks+=("vortex_warped_${m}_p2")
done
for m in ndg sd; do
  for k in 1 2 3; do decks+=("vortex_${m}_p$k"); done
done
decks+=(radial_sd_p2)
for name in "${decks[@]}"; do
  deck=inputs/highorder/$name.yaml
  dump "compare.$name.cuda" portaflow-dump-cuda 1 "$deck" "$work/$name-cuda.csv" --steps 100
  dump "compare.$name.openmp$cores" portaflow-dump-openmp "$cores" "$deck" "$work/$name-omp.csv" --steps 100
  compare "$name" "$work/$name-cuda.csv" "$work/$name-omp.csv"
done
write_checks "$out/highorder-checks.json"

# 2. Kernel rates.
kernels=muscl2d.muscl3_rusanov
for m in dg cpr; do
  for k in 1 2 3; do kernels+=",highorder.${m}_p$k.flat,highorder.${m}_p$k.team"; done
done
for m in ndg sd; do
  for k in 1 2 3; do kernels+=",highorder.${m}_p$k.flat"; done
done
bench() {
  local label=$1 bin=$2 threads=$3 sizes=$4
  [ -x "$bundle/bin/$bin" ] || { say "skip $label: no $bin"; return; }
  say "bench $label"
  OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores timeout 280 \
    "$bundle/bin/$bin" --kernel "$kernels" --sizes "$sizes" --ceiling --repeats 3 \
    --max-seconds-per-size 3 --json "$out/highorder-bench-$label.json" --label "$label" >>"$log" 2>&1 ||
    say "bench $label: exit status $?"
}
bench cuda portaflow-bench-cuda 1 1e5,1e6,4e6
bench "openmp$cores" portaflow-bench-openmp "$cores" 1e5,1e6
say "done"
