#!/usr/bin/env bash
# Finite-volume checks that need the GPU node (issue 6), run there from the repository root:
#
#   bash perf/fv_gpu_checks.sh BUNDLE OUT
#
# 1. CUDA and OpenMP results after 100 steps, double, digit by digit: seed 003's benchmark deck
#    (split MUSCL-Hancock, fused team kernel, HLLC) and the unsplit muscl scheme on the same data.
# 2. Seed 003's benchmark timed whole (allocation, initial copy, every step with its dt read-back,
#    final copy back; 1000 x 1000, CFL 0.95, van Leer, T = 0.2): CUDA and all the node's cores,
#    double and float, team and flat kernels, exact and HLLC solvers. The seed: 5.08 s on a
#    Tesla K20c in float (exact solver).
# 3. The unsplit muscl scheme on the same data (minmod, HLLC, CFL 0.4: about 2200 steps of three
#    stages), CUDA whole; the cores for the first 200 steps (a whole run takes minutes there).
# 4. The team kernel's tile on CUDA (double, HLLC): execution.tile [tx, ty] within 40 KB of scratch.
# Writes OUT/fv-checks.json and OUT/fv-checks.log.
set -uo pipefail
bundle="$(cd "${1:?usage: fv_gpu_checks.sh BUNDLE OUT}" && pwd)"
out="${2:?usage: fv_gpu_checks.sh BUNDLE OUT}"
mkdir -p "$out"
cores=$(nproc)
work=$(mktemp -d)
log="$out/fv-checks.log"
lines="$work/lines.jsonl"
: >"$log"
: >"$lines"
source "$(dirname "${BASH_SOURCE[0]}")/lib/dump_runs.sh"

deck=inputs/fv/riemann_2d_seed003.yaml
unsplit=(--set scheme=muscl --set fv.limiter=minmod --set fv.flux=hllc --set time.cfl=0.4)
say "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $cores cores"

# 1. CUDA vs OpenMP after 100 steps.
dump compare.muscl_hancock.cuda portaflow-dump-cuda 1 "$deck" "$work/mh-cuda.csv" --steps 100 --set fv.flux=hllc
dump "compare.muscl_hancock.openmp$cores" portaflow-dump-openmp "$cores" "$deck" "$work/mh-omp.csv" --steps 100 --set fv.flux=hllc
compare muscl_hancock "$work/mh-cuda.csv" "$work/mh-omp.csv"
dump compare.muscl.cuda portaflow-dump-cuda 1 "$deck" "$work/m-cuda.csv" --steps 100 "${unsplit[@]}"
dump "compare.muscl.openmp$cores" portaflow-dump-openmp "$cores" "$deck" "$work/m-omp.csv" --steps 100 "${unsplit[@]}"
compare muscl "$work/m-cuda.csv" "$work/m-omp.csv"

# 2. Seed 003's benchmark, whole runs.
for precision in "" "-float"; do
  for flux in hllc exact; do
    for kernel in team flat; do
      set_args=(--set "fv.flux=$flux" --set "execution.kernel=$kernel")
      dump "seed003.$kernel.$flux.cuda$precision" "portaflow-dump-cuda$precision" 1 "$deck" "$work/t.csv" "${set_args[@]}"
      dump "seed003.$kernel.$flux.openmp$cores$precision" "portaflow-dump-openmp$precision" "$cores" "$deck" "$work/t.csv" "${set_args[@]}"
    done
  done
done

# 3. The unsplit scheme on the same data.
for precision in "" "-float"; do
  dump "seed003.muscl.cuda$precision" "portaflow-dump-cuda$precision" 1 "$deck" "$work/t.csv" "${unsplit[@]}"
  dump "seed003.muscl.200steps.openmp$cores$precision" "portaflow-dump-openmp$precision" "$cores" "$deck" "$work/t.csv" --steps 200 "${unsplit[@]}"
done

# 4. Tiles of the fused team kernel.
for tile in "16, 8" "32, 4" "16, 12" "8, 16"; do
  dump "seed003.team.hllc.tile[$tile].cuda" portaflow-dump-cuda 1 "$deck" "$work/t.csv" --set fv.flux=hllc --set "execution.tile=[$tile]"
done

write_checks "$out/fv-checks.json"
