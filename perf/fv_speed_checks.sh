#!/usr/bin/env bash
# The speed goals of the finite-volume issue (6) on the GPU node, in one call (run there from the
# repository root; BUNDLE from perf/pack_gpu_bundle.sh, with --float for the float rows):
#
#   bash perf/fv_speed_checks.sh BUNDLE OUT
#
# 1. The split MUSCL-Hancock step (flat: two sweep kernels; team: the fused one-kernel step; HLLC
#    and exact, van Leer) through portaflow-bench on CUDA at 1e6 cells and 4096^2, with the
#    node's measured bandwidth and FP64 ceilings, double and float; then each flat sweep kernel
#    on its own (its own roofline), in its default form, as teams, and as walkers of N cells.
# 2. Seed 003's benchmark deck timed whole (portaflow-dump: solver set-up with the initial copy,
#    every step with its dt read-back, the final copy back; 1000 x 1000, CFL 0.95, T = 0.2) on
#    CUDA: flat and team, HLLC and exact, double and float; --steps 0 gives the fixed set-up
#    cost. The host threads (set-up, snapshot) are the node's cores.
# 3. CUDA against OpenMP after 100 steps of the flat kernel, digit by digit: the deck's ends, then
#    reflective and periodic ones along x; then the deck's ends at 2048^2, where the y walkers
#    (131,072) are past what one Kokkos reduction holds and fold their maxima a warp at a time;
#    then the flat step with the exact solver.
# 4. All the node's cores (OpenMP, pinned): the step and sweep kernels at 1e6 cells and the
#    whole run in double and float, flat and team, HLLC and exact.
# 0 (first): portaflow-bench --check-fast-math on CUDA.
# Writes OUT/fv-speed.json (whole runs, comparison), OUT/bench-*.json (kernels), OUT/fv-speed.log.
set -uo pipefail
bundle="$(cd "${1:?usage: fv_speed_checks.sh BUNDLE OUT}" && pwd)"
out="${2:?usage: fv_speed_checks.sh BUNDLE OUT}"
mkdir -p "$out"
cores=$(nproc)
work=$(mktemp -d)
log="$out/fv-speed.log"
lines="$work/lines.jsonl"
: >"$log"
: >"$lines"
source "$(dirname "${BASH_SOURCE[0]}")/lib/dump_runs.sh"
deck=inputs/fv/riemann_2d_seed003.yaml
steps=muscl_hancock2d.flat.hllc,muscl_hancock2d.team.hllc,muscl_hancock2d.flat.exact,muscl_hancock2d.team.exact
steps="$steps,muscl_hancock2d.flat.hllc.rough,muscl_hancock2d.flat.exact.rough,muscl_hancock2d.team.exact.rough"
sweeps=muscl_hancock2d.sweep_x.hllc,muscl_hancock2d.sweep_y.hllc,muscl_hancock2d.sweep_x.hllc.teams,muscl_hancock2d.sweep_y.hllc.teams,muscl_hancock2d.sweep_x.hllc.seg4,muscl_hancock2d.sweep_y.hllc.seg16,muscl_hancock2d.sweep_y.hllc.seg64
sweeps="$sweeps,muscl_hancock2d.sweep_x.hllc.teams.t64w62,muscl_hancock2d.sweep_x.hllc.teams.t128w126"
sweeps="$sweeps,muscl_hancock2d.sweep_x.hllc.teams.t256w254"
sweeps="$sweeps,muscl_hancock2d.sweep_x.hllc.rate,muscl_hancock2d.sweep_x.hllc.rate.teams"
sweeps="$sweeps,muscl_hancock2d.sweep_x.hllc.rows,muscl_hancock2d.sweep_x.hllc.rate.rows"
sweeps="$sweeps,muscl_hancock2d.sweep_x.hllc.rate.seg4,muscl_hancock2d.sweep_y.hllc.norate"
for tiles in 1 2 4 8 16; do sweeps="$sweeps,muscl_hancock2d.sweep_x.hllc.rows.t64n$tiles"; done
sweeps="$sweeps,muscl_hancock2d.sweep_x.hllc.rows.t128n0"
say "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $cores cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"

bench() {  # bench LABEL BINARY THREADS SIZES KERNELS
  local label=$1 bin=$2 threads=$3 sizes=$4 kernels=$5
  [ -x "$bundle/bin/$bin" ] || { say "skip $label: no $bin"; return; }
  say "bench $label"
  OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores timeout 240 \
    "$bundle/bin/$bin" --kernel "$kernels" --sizes "$sizes" --repeats 5 \
    --max-seconds-per-size 8 --json "$out/bench-$label.json" 2>&1 | tail -n 16 | tee -a "$log"
}

# 0. The sweeps' fast reciprocal and square root against 1 / x and sqrt(x) on the GPU.
say "fast math check (CUDA)"
timeout 120 "$bundle/bin/portaflow-bench-cuda" --check-fast-math 2>&1 | tee -a "$log"

# 1. Kernels on CUDA.
for precision in "" "-float"; do
  bench "cuda$precision" "portaflow-bench-cuda$precision" "$cores" 1e6,16777216 "$steps,$sweeps"
done

# 2. Whole runs on CUDA.
dump seed003.setup-only.cuda portaflow-dump-cuda "$cores" "$deck" /dev/null --steps 0 \
  --set fv.flux=hllc --set execution.kernel=flat
for precision in "" "-float"; do
  for flux in hllc exact; do
    for kernel in flat team; do
      dump "seed003.$kernel.$flux.cuda$precision" "portaflow-dump-cuda$precision" "$cores" "$deck" \
        /dev/null --set "fv.flux=$flux" --set "execution.kernel=$kernel"
    done
  done
done

# The headline run (flat, HLLC, double) twice more, for its spread.
for repeat in 2 3; do
  dump "seed003.flat.hllc.cuda.repeat$repeat" portaflow-dump-cuda "$cores" "$deck" /dev/null \
    --set fv.flux=hllc --set execution.kernel=flat
done

# 3. CUDA against OpenMP, flat kernel, 100 steps.
dump compare.flat.cuda portaflow-dump-cuda "$cores" "$deck" "$work/flat-cuda.csv" --steps 100 \
  --set fv.flux=hllc --set execution.kernel=flat
dump "compare.flat.openmp$cores" portaflow-dump-openmp "$cores" "$deck" "$work/flat-omp.csv" \
  --steps 100 --set fv.flux=hllc --set execution.kernel=flat
compare muscl_hancock_flat "$work/flat-cuda.csv" "$work/flat-omp.csv"
# The same with reflective and with periodic ends along x: the x sweep's boundary rules.
for ends in reflective periodic; do
  for backend in cuda openmp; do
    dump "compare.flat.x_$ends.$backend" "portaflow-dump-$backend" "$cores" "$deck" \
      "$work/flat-x-$ends-$backend.csv" --steps 100 --set fv.flux=hllc --set execution.kernel=flat \
      --set "boundary.x_min=$ends" --set "boundary.x_max=$ends"
  done
  compare "muscl_hancock_flat_x_$ends" "$work/flat-x-$ends-cuda.csv" "$work/flat-x-$ends-openmp.csv"
done
for backend in cuda openmp; do
  dump "compare.flat.2048.$backend" "portaflow-dump-$backend" "$cores" "$deck" \
    "$work/flat-2048-$backend.csv" --steps 100 --set fv.flux=hllc --set execution.kernel=flat \
    --set "mesh.cells=[2048, 2048]"
done
compare muscl_hancock_flat_2048 "$work/flat-2048-cuda.csv" "$work/flat-2048-openmp.csv"

# The exact solver (its powers are exp(log) on the GPU, pow on the CPU): 100 flat steps.
for backend in cuda openmp; do
  dump "compare.flat.exact.$backend" "portaflow-dump-$backend" "$cores" "$deck" \
    "$work/flat-exact-$backend.csv" --steps 100 --set fv.flux=exact --set execution.kernel=flat
done
compare muscl_hancock_flat_exact "$work/flat-exact-cuda.csv" "$work/flat-exact-openmp.csv"

# 4. All the node's cores: the kernels, and seed 003's run whole in double and float, flat and
#    team, HLLC and exact (the issue's matrix, as on CUDA above).
bench "openmp$cores" portaflow-bench-openmp "$cores" 1e6 "$steps,$sweeps"
for precision in "" "-float"; do
  for flux in hllc exact; do
    for kernel in flat team; do
      dump "seed003.$kernel.$flux.openmp$cores$precision" "portaflow-dump-openmp$precision" \
        "$cores" "$deck" /dev/null --set "fv.flux=$flux" --set "execution.kernel=$kernel"
    done
  done
done
dump "seed003.flat.hllc.openmp$cores.repeat2" portaflow-dump-openmp "$cores" "$deck" /dev/null \
  --set fv.flux=hllc --set execution.kernel=flat

write_checks "$out/fv-speed.json"
