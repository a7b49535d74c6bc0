#!/usr/bin/env bash
# Issue 26's runs on the GPU node, from the repository root, with a bundle packed by
# `bash perf/pack_gpu_bundle.sh` (portaflow-dump for CUDA and OpenMP):
#
#   bash perf/highorder_ii_device.sh BUNDLE OUT radial|work_units
#
# radial: Toro's radial explosion (inputs/highorder/radial_<method>_p<k>.yaml, limiter and
#   positivity on) for dg, cpr, ndg, sd at seed 002's sizes, P1 at 160k and 640k DoF (200^2 and
#   400^2 elements), P2 at 360k and 1440k DoF (the same elements), CUDA, each checked by
#   perf/radial_check.py against the 1D radial reference (fronts, symmetry, smallest density and
#   pressure); a run that goes non-physical at any step stops with its message. Then Table 4's
#   maximum CFL at P1, 160k DoF: the largest of 0.6, 0.5, 0.4, 0.3, 0.25, 0.2, 0.15, 0.1 at which the
#   run completes with its fronts within two elements, its density below 1.2 (the initial
#   maximum is 1: above it an oscillation grew) and its mirror symmetries within 1e-6 (round-off
#   grows to 1e-10 at stable CFLs; an instability amplifies it) -> OUT/radial-checks.json.
# work_units: perf/work_unit_study.py device -> OUT/work-units.json.
set -uo pipefail
bundle="$(cd "${1:?usage: highorder_ii_device.sh BUNDLE OUT radial|work_units}" && pwd)"
out="${2:?usage: highorder_ii_device.sh BUNDLE OUT radial|work_units}"
mode="${3:?usage: highorder_ii_device.sh BUNDLE OUT radial|work_units}"
mkdir -p "$out"
work=$(mktemp -d)
log="$out/highorder-ii-$mode.log"
lines="$work/lines.jsonl"
: >"$log"
: >"$lines"
source "$(dirname "${BASH_SOURCE[0]}")/lib/dump_runs.sh"
say "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $(nproc) cores, mode $mode"

if [ "$mode" = work_units ]; then
  python3 perf/work_unit_study.py device "$bundle" "$out" --cores "$(nproc)" 2>&1 | tee -a "$log"
  say "done"
  exit 0
fi

checks="$work/checks.jsonl"
: >"$checks"
dump reference portaflow-dump-openmp "$(nproc)" inputs/fv/radial_explosion_reference.yaml "$work/reference.csv" \
  --set mesh.cells=4000
# radial_run LABEL DECK ELEMENTS [--set ...]: dump on CUDA and check it.
radial_run() {
  local label=$1 deck=$2 n=$3
  shift 3
  rm -f "$work/$label.csv"
  dump "$label" portaflow-dump-cuda 1 "$deck" "$work/$label.csv" --set "mesh.cells=[$n,$n]" "$@"
  [ -s "$work/$label.csv" ] || { printf '{"label": "%s", "check": null}\n' "$label" >>"$checks"; return 1; }
  local line
  line=$(python3 perf/radial_check.py "$work/$label.csv" "$work/reference.csv" "$n" 2>>"$log" | tail -n 1)
  say "check $label: $line"
  printf '{"label": "%s", "check": %s}\n' "$label" "${line:-null}" >>"$checks"
  rm -f "$work/$label.csv"
  python3 -c "import json,sys; c=json.loads(sys.argv[1]); sys.exit(0 if c['fronts_within_two_elements'] and c['max_density'] < 1.2 and c['asymmetry_axes'] < 1e-6 and c['asymmetry_diagonal'] < 1e-6 else 1)" "$line" 2>/dev/null
}
for m in dg cpr ndg sd; do
  for k in 1 2; do
    for n in 200 400; do radial_run "radial.$m.p$k.$n" "inputs/highorder/radial_${m}_p$k.yaml" "$n"; done
  done
done
for m in dg cpr ndg sd; do
  for cfl in 0.6 0.5 0.4 0.3 0.25 0.2 0.15 0.1; do
    if radial_run "maxcfl.$m.p1.$cfl" "inputs/highorder/radial_${m}_p1.yaml" 200 --set "time.cfl=$cfl"; then
      say "maximum CFL $m P1 160k DoF: $cfl"
      break
    fi
  done
done
python3 - "$lines" "$checks" "$out/radial-checks.json" <<'PY'
import json, sys
runs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
checks = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
json.dump({"runs": runs, "checks": checks}, open(sys.argv[3], "w"), indent=1)
print("wrote", sys.argv[3])
PY
say "done"
