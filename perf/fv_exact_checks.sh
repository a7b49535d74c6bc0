#!/usr/bin/env bash
# The exact Riemann solver's speed on the GPU node, against an earlier build, in one call (run
# there from the repository root; BUNDLE from perf/pack_gpu_bundle.sh [--float]):
#
#   bash perf/fv_exact_checks.sh BUNDLE PREV OUT
#
# PREV holds the earlier build, gzipped: bench-cuda-<name>.gz, bench-openmp-<name>.gz,
# dump-cuda-<name>.gz and dump-openmp-<name>.gz (portaflow-bench and portaflow-dump).
# 0. portaflow-bench --check-fast-math on CUDA (pow_positive against pow among them).
# 1. The MUSCL-Hancock steps with the exact solver (flat and team) on seed 003's data and on
#    the rough data where every face is a Riemann problem, the HLLC flat step beside them:
#    CUDA at 4096^2 (perf/fv_ab_runs.sh: the two builds alternating, two rounds) and the node's
#    cores at 1e6 cells (perf/fv_cpu_ab.sh, three rounds).
# 2. Seed 003's run timed whole (portaflow-dump) with the exact solver: CUDA double, flat and
#    team, the two builds alternating, two rounds; CUDA float (this build); all cores, flat and
#    team (this build) and flat (the earlier one).
# 3. CUDA against OpenMP after 100 flat steps with the exact solver, digit by digit.
# Writes OUT/exact-checks.json (whole runs, comparison), OUT/ab/ (kernel A/B), OUT/exact.log.
set -uo pipefail
bundle="$(cd "${1:?usage: fv_exact_checks.sh BUNDLE PREV OUT}" && pwd)"
prev="$(cd "${2:?usage: fv_exact_checks.sh BUNDLE PREV OUT}" && pwd)"
out="${3:?usage: fv_exact_checks.sh BUNDLE PREV OUT}"
here="$(dirname "${BASH_SOURCE[0]}")"
mkdir -p "$out"
cores=$(nproc)
work=$(mktemp -d)
log="$out/exact.log"
lines="$work/lines.jsonl"
: >"$log"
: >"$lines"
source "$here/lib/dump_runs.sh"
deck=inputs/fv/riemann_2d_seed003.yaml
say "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $cores cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"

unpack_prev_dumps "$prev"

say "fast math check (CUDA)"
timeout 120 "$bundle/bin/portaflow-bench-cuda" --check-fast-math 2>&1 | tee -a "$log"

exact=muscl_hancock2d.flat.exact,muscl_hancock2d.team.exact
exact="$exact,muscl_hancock2d.flat.exact.rough,muscl_hancock2d.team.exact.rough"
say "kernel A/B (CUDA 4096^2, then $cores cores at 1e6)"
FV_AB_KERNELS="$exact,muscl_hancock2d.flat.hllc,muscl_hancock2d.flat.hllc.rough" \
  FV_CPU_AB_KERNELS="$exact,muscl_hancock2d.flat.hllc" \
  bash "$here/fv_ab_runs.sh" "$bundle" "$prev" "$out/ab" 2>&1 | tee -a "$log"

for round in 1 2; do
  for kernel in flat team; do
    for which in prev new; do
      bin=portaflow-dump-cuda
      [ $which = prev ] && bin=portaflow-dump-cuda-prev
      dump "seed003.$kernel.exact.cuda.$which.$round" "$bin" "$cores" "$deck" /dev/null \
        --set fv.flux=exact --set "execution.kernel=$kernel"
    done
  done
done
for kernel in flat team; do
  dump "seed003.$kernel.exact.cuda-float" portaflow-dump-cuda-float "$cores" "$deck" /dev/null \
    --set fv.flux=exact --set "execution.kernel=$kernel"
done

dump compare.flat.exact.cuda portaflow-dump-cuda "$cores" "$deck" "$work/exact-cuda.csv" \
  --steps 100 --set fv.flux=exact --set execution.kernel=flat
dump "compare.flat.exact.openmp$cores" portaflow-dump-openmp "$cores" "$deck" \
  "$work/exact-omp.csv" --steps 100 --set fv.flux=exact --set execution.kernel=flat
compare muscl_hancock_flat_exact "$work/exact-cuda.csv" "$work/exact-omp.csv"

# All cores: this build flat and team, the earlier one flat (the kernel A/B above has both).
for run in flat.new team.new flat.prev; do
  kernel=${run%.*}
  bin=portaflow-dump-openmp
  [ "${run#*.}" = prev ] && bin=portaflow-dump-openmp-prev
  dump "seed003.$kernel.exact.openmp$cores.${run#*.}" "$bin" "$cores" "$deck" /dev/null \
    --set fv.flux=exact --set "execution.kernel=$kernel"
done

write_checks "$out/exact-checks.json"
remove_prev_dumps
rm -rf "$work"
