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
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
cores=$(nproc)
work=$(mktemp -d)
log="$out/cese-checks.log"
lines="$work/lines.jsonl"
: >"$log"
: >"$lines"
say() { printf '[cese %(%H:%M:%S)T +%ds] %s\n' -1 "$SECONDS" "$*" | tee -a "$log"; }

# dump LABEL BINARY THREADS DECK OUTFILE [args...]: one portaflow-dump run, its JSON line kept.
dump() {
  local label=$1 bin=$2 threads=$3 deck=$4 file=$5
  shift 5
  [ -x "$bundle/bin/$bin" ] || { say "skip $label: no $bin"; return; }
  local line
  line=$(OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores timeout 150 \
    "$bundle/bin/$bin" "$deck" "$file" "$@" 2>>"$log" | tail -n 1)
  if [ -z "$line" ]; then
    say "$label: FAILED or timed out"
    return
  fi
  say "$label: $line"
  printf '{"label": "%s", "run": %s}\n' "$label" "$line" >>"$lines"
}

say "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $cores cores"

# 1. CUDA vs OpenMP, 100 steps, double.
for case in "riemann_2d_thesis:cese/riemann_2d_thesis.yaml" "sod_thesis:cese/sod_thesis.yaml"; do
  name=${case%%:*}
  deck=inputs/${case#*:}
  dump "compare.$name.cuda" portaflow-dump-cuda 1 "$deck" "$work/$name-cuda.csv" --steps 100
  dump "compare.$name.openmp$cores" portaflow-dump-openmp "$cores" "$deck" "$work/$name-omp.csv" --steps 100
  if [ -f "$work/$name-cuda.csv" ] && [ -f "$work/$name-omp.csv" ]; then
    python3 perf/compare_dumps.py "$work/$name-cuda.csv" "$work/$name-omp.csv" \
      --json "$work/compare-$name.json" | tee -a "$log"
  fi
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

python3 - "$lines" "$work" "$out/cese-checks.json" <<'PY'
import glob, json, os, sys
lines, work, target = sys.argv[1:4]
runs = [json.loads(l) for l in open(lines) if l.strip()]
comparisons = {}
for f in sorted(glob.glob(os.path.join(work, "compare-*.json"))):
    comparisons[os.path.basename(f)[len("compare-"):-len(".json")]] = json.load(open(f))
json.dump({"runs": runs, "cuda_vs_openmp_after_100_steps": comparisons}, open(target, "w"), indent=1)
print("wrote", target)
PY
