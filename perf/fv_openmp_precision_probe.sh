#!/usr/bin/env bash
# Why the fused team step with the exact solver ran 2.3x slower in float than in double on the
# GPU node's 16 Xeon cores (seed 003 whole: 30 s against 13 s; flat and HLLC were not slower in
# float, and on the 2-core AMD build machine float is within 10% of double): the first STEPS
# steps of seed 003 on one core and the whole run on all cores, float and double, team and
# flat, so that arithmetic (the same ratio on one core) and contention between threads (a ratio
# growing with threads) can be told apart; with bin/portaflow-dump-openmp-float-prev in the
# bundle, an earlier float build beside the bundle's (8f7437b, which flushes float subnormals
# to zero, against 65a916a: perf/results/SUMMARY.md). Run on the GPU node from the repository
# root:
#
#   bash perf/fv_openmp_precision_probe.sh BUNDLE OUT [STEPS]
#
# Writes OUT/precision-probe.json and OUT/precision-probe.log.
set -uo pipefail
bundle="$(cd "${1:?usage: fv_openmp_precision_probe.sh BUNDLE OUT [STEPS]}" && pwd)"
out="${2:?usage: fv_openmp_precision_probe.sh BUNDLE OUT [STEPS]}"
steps="${3:-40}"
here="$(dirname "${BASH_SOURCE[0]}")"
mkdir -p "$out"
cores=$(nproc)
work=$(mktemp -d)
log="$out/precision-probe.log"
lines="$work/lines.jsonl"
: >"$log"
: >"$lines"
source "$here/lib/dump_runs.sh"
deck=inputs/fv/riemann_2d_seed003.yaml
say "node: $cores cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
# One core: the first STEPS steps; all cores: the whole run. Each OpenMP dump of the bundle:
# double, float, and float-prev where present (an earlier float build, to compare with).
for threads in 1 "$cores"; do
  limit=(--steps "$steps")
  label=".steps$steps"
  [ "$threads" = 1 ] || { limit=(); label=""; }
  for kernel in team flat; do
    for precision in "" "-float" "-float-prev"; do
      [ -x "$bundle/bin/portaflow-dump-openmp$precision" ] || continue
      dump "seed003.$kernel.exact.openmp$threads$precision$label" \
        "portaflow-dump-openmp$precision" "$threads" "$deck" /dev/null "${limit[@]}" \
        --set fv.flux=exact --set "execution.kernel=$kernel"
    done
  done
done
write_checks "$out/precision-probe.json"
rm -rf "$work"
