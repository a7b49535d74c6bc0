# Sourced by the GPU-node scripts (multiblock_gpu_checks.sh, multiblock_3d_device.sh): a log and
# logged processes. The caller sets `bundle` (a packed bundle's folder), `log` (the log file) and
# `tag` (the prefix of its lines), then sources this file.
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
: >"$log"

# say TEXT: a timestamped line to stdout and the log.
say() { printf '[%s %(%H:%M:%S)T +%ds] %s\n' "$tag" -1 "$SECONDS" "$*" | tee -a "$log"; }

# run LABEL BINARY THREADS SECONDS ARGS...: one process, its output appended to the log.
run() {
  local label=$1 bin=$2 threads=$3 limit=$4
  shift 4
  [ -x "$bundle/bin/$bin" ] || { say "skip $label: no $bin"; return; }
  say "$label: $bin $*"
  OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores timeout "$limit" \
    "$bundle/bin/$bin" "$@" >>"$log" 2>&1 || say "$label: exit status $?"
}

say "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $(nproc) cores"
