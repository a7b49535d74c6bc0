# Shared by the GPU-node check scripts (perf/*_gpu_checks.sh): source it after setting
#   bundle (the bundle folder), log (the log file), lines (a JSON-lines file), work (a temp dir).
# dump LABEL BINARY THREADS DECK OUTFILE [args...]: one portaflow-dump run (perf/dump_main.cpp),
# its JSON line appended to $lines as {"label": ..., "run": ...}.
# compare NAME A.csv B.csv: digit-by-digit agreement (perf/compare_dumps.py) into $work.
# write_checks TARGET: every run and comparison into one JSON file.
# unpack_prev_dumps PREV: an earlier build's PREV/dump-cuda-<name>.gz and dump-openmp-<name>.gz
# as $bundle/bin/portaflow-dump-{cuda,openmp}-prev (their rpath finds the bundle's lib/);
# remove_prev_dumps takes them away again.
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
say() { printf '[checks %(%H:%M:%S)T +%ds] %s\n' -1 "$SECONDS" "$*" | tee -a "$log"; }

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

compare() {
  local name=$1 a=$2 b=$3
  [ -f "$a" ] && [ -f "$b" ] || { say "compare $name: missing dump"; return; }
  python3 "$(dirname "${BASH_SOURCE[0]}")/../compare_dumps.py" "$a" "$b" \
    --json "$work/compare-$name.json" | tee -a "$log"
}

write_checks() {
  python3 - "$lines" "$work" "$1" <<'PY'
import glob, json, os, sys
lines, work, target = sys.argv[1:4]
runs = [json.loads(l) for l in open(lines) if l.strip()]
comparisons = {}
for f in sorted(glob.glob(os.path.join(work, "compare-*.json"))):
    comparisons[os.path.basename(f)[len("compare-"):-len(".json")]] = json.load(open(f))
json.dump({"runs": runs, "cuda_vs_openmp": comparisons}, open(target, "w"), indent=1)
print("wrote", target)
PY
}

unpack_prev_dumps() {
  local backend gz
  for backend in cuda openmp; do
    gz=$(ls "$1"/dump-$backend-*.gz 2>/dev/null | head -n 1)
    [ -n "$gz" ] || continue
    gunzip -c "$gz" >"$bundle/bin/portaflow-dump-$backend-prev" &&
      chmod +x "$bundle/bin/portaflow-dump-$backend-prev"
    say "earlier $backend dump: $(basename "$gz" .gz)"
  done
}

remove_prev_dumps() { rm -f "$bundle"/bin/portaflow-dump-*-prev; }
