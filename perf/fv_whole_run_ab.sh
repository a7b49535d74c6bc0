#!/usr/bin/env bash
# Seed 003's run timed whole (portaflow-dump) by two builds alternating on the GPU node, so that
# the node's host (which sets a whole run's pace beside the kernels: one dt read-back a step)
# does not pass for a code change; and repeats of runs whose first timing looked out of line.
# Run there from the repository root:
#
#   bash perf/fv_whole_run_ab.sh BUNDLE PREV OUT [ROUNDS]
#
# BUNDLE from perf/pack_gpu_bundle.sh [--float]; PREV holds dump-cuda-<name>.gz and
# dump-openmp-<name>.gz of the earlier build. ROUNDS (default 4) alternations of:
#   CUDA double, flat, HLLC (the headline run; goal < 0.1 s): earlier build, then this one;
# then twice each, this build: CUDA flat exact in double and float, and the node's cores,
# team with the exact solver, double and float.
# Writes OUT/whole-run-ab.json and OUT/whole-run-ab.log.
set -uo pipefail
bundle="$(cd "${1:?usage: fv_whole_run_ab.sh BUNDLE PREV OUT [ROUNDS]}" && pwd)"
prev="$(cd "${2:?usage: fv_whole_run_ab.sh BUNDLE PREV OUT [ROUNDS]}" && pwd)"
out="${3:?usage: fv_whole_run_ab.sh BUNDLE PREV OUT [ROUNDS]}"
rounds="${4:-4}"
here="$(dirname "${BASH_SOURCE[0]}")"
mkdir -p "$out"
cores=$(nproc)
work=$(mktemp -d)
log="$out/whole-run-ab.log"
lines="$work/lines.jsonl"
: >"$log"
: >"$lines"
source "$here/lib/dump_runs.sh"
deck=inputs/fv/riemann_2d_seed003.yaml
say "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $cores cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
unpack_prev_dumps "$prev"

for round in $(seq 1 "$rounds"); do
  for which in prev new; do
    bin=portaflow-dump-cuda
    [ $which = prev ] && bin=portaflow-dump-cuda-prev
    dump "seed003.flat.hllc.cuda.$which.$round" "$bin" "$cores" "$deck" /dev/null \
      --set fv.flux=hllc --set execution.kernel=flat
  done
done
for round in 1 2; do
  for precision in "" "-float"; do
    dump "seed003.flat.exact.cuda$precision.$round" "portaflow-dump-cuda$precision" "$cores" \
      "$deck" /dev/null --set fv.flux=exact --set execution.kernel=flat
  done
done
for round in 1 2; do
  for precision in "" "-float"; do
    dump "seed003.team.exact.openmp$cores$precision.$round" "portaflow-dump-openmp$precision" \
      "$cores" "$deck" /dev/null --set fv.flux=exact --set execution.kernel=team
  done
done
write_checks "$out/whole-run-ab.json"
remove_prev_dumps
rm -rf "$work"
