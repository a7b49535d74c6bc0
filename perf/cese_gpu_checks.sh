#!/usr/bin/env bash
# CE/SE checks that need the GPU node (issue 3), run there from the repository root:
#
#   bash perf/cese_gpu_checks.sh BUNDLE OUT
#
# 1. CUDA and OpenMP results of the same deck after 100 steps, double precision, compared digit
#    by digit (perf/compare_dumps.py): the 2D four-quadrant problem (eq. 5.1, 500 x 500) and the
#    thesis' 1D Sod (N = 4000). The thesis reports 10 agreeing digits between its GPU and CPU codes.
# 2. The thesis' own timing setups, whole run (allocation, initial copy, every step with its dt
#    read-back, final copy back), CUDA and OpenMP with all the node's cores, double and float:
#    2D: 500 x 500, CFL 0.5, t_end 2.0 (sec. 5.2.2); 1D: Sod tube with growing N (sec. 5.1.2).
# Writes OUT/cese-checks.json (one object: the dump lines, the comparisons) and OUT/cese-checks.log.
set -uo pipefail
bundle="$(cd "${1:?usage: cese_gpu_checks.sh BUNDLE OUT}" && pwd)"
out="${2:?usage: cese_gpu_checks.sh BUNDLE OUT}"
mkdir -p "$out"
cores=$(nproc)
work=$(mktemp -d)
log="$out/cese-checks.log"
lines="$work/lines.jsonl"
: >"$log"
: >"$lines"
source "$(dirname "${BASH_SOURCE[0]}")/lib/dump_runs.sh"

say "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $cores cores"

# 1. CUDA vs OpenMP, 100 steps, double.
for case in "riemann_2d_thesis:cese/riemann_2d_thesis.yaml" "sod_thesis:cese/sod_thesis.yaml"; do
  name=${case%%:*}
  deck=inputs/${case#*:}
  dump "compare.$name.cuda" portaflow-dump-cuda 1 "$deck" "$work/$name-cuda.csv" --steps 100
  dump "compare.$name.openmp$cores" portaflow-dump-openmp "$cores" "$deck" "$work/$name-omp.csv" --steps 100
  compare "$name" "$work/$name-cuda.csv" "$work/$name-omp.csv"
done

# 2. The thesis' timing setups.
for precision in "" "-float"; do
  dump "thesis2d.cuda$precision" "portaflow-dump-cuda$precision" 1 inputs/cese/riemann_2d_thesis.yaml "$work/t.csv"
  dump "thesis2d.openmp$cores$precision" "portaflow-dump-openmp$precision" "$cores" inputs/cese/riemann_2d_thesis.yaml "$work/t.csv"
  for n in 1000 10000 100000; do
    dump "thesis1d.N$n.cuda$precision" "portaflow-dump-cuda$precision" 1 inputs/cese/sod_thesis.yaml "$work/t.csv" --set "mesh.cells=$n"
    dump "thesis1d.N$n.openmp$cores$precision" "portaflow-dump-openmp$precision" "$cores" inputs/cese/sod_thesis.yaml "$work/t.csv" --set "mesh.cells=$n"
  done
done

write_checks "$out/cese-checks.json"
