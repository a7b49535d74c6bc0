#!/usr/bin/env bash
# Runs the benchmarks ON the GPU node (DESIGN.md §7): a bare Linux machine with an NVIDIA GPU,
# no Kokkos, no internet. From the repository root:
#
#   bash perf/gpu_run.sh BUNDLE OUT        e.g. bash perf/gpu_run.sh .device/bundle "$OUT"
#
# BUNDLE is the folder perf/pack_gpu_bundle.sh made. In one call, in this order:
#   1. the node's description (nvidia-smi -L and --query-gpu, CPU model, cores, OS);
#   2. every CUDA binary of the bundle: its ceilings, then every registered kernel over the sizes;
#   3. every OpenMP binary with OMP_NUM_THREADS = 1 2 4 8 16 (those the node has), pinned with
#      OMP_PROC_BIND=close OMP_PLACES=cores, each thread count with its own ceilings;
#   4. everything merged (perf/merge_results.py, python3 standard library only) into ONE file,
#      OUT/<gpu>-<YYYYMMDD>-<commit>.json (e.g. h200-20261121-931ffea.json), with the console log
#      beside it (.log). Commit it under perf/results/; plot it with perf/plot_results.py.
#
# Time: the whole script keeps within PORTAFLOW_GPU_RUN_SECONDS (default 360 s of measuring,
# well inside an 8-minute slot). Each run gets an equal share of what is left; within a run the
# timed work per batch (--target-seconds, at most 0.2 s) and the cap per (kernel, size)
# (--max-seconds-per-size) shrink as kernels are added, so a size too slow for its share (1e8
# cells on one core) is skipped and recorded as skipped, not left to overrun. Each run also has
# a hard timeout; a run that hits it keeps the records it wrote (the bench rewrites its JSON
# after each record).
#
# Environment: PORTAFLOW_GPU_RUN_SECONDS (360), PORTAFLOW_GPU_RUN_SIZES (1e4,1e5,1e6,1e7,1e8),
# PORTAFLOW_GPU_RUN_THREADS ("1 2 4 8 16"), PORTAFLOW_GPU_RUN_REPEATS (5),
# PORTAFLOW_GPU_RUN_KERNELS (all), PORTAFLOW_COMMIT (overrides the commit built in).
# Exit status: 0 all runs good; 3 a benchmark is broken (NaN, a kernel failed, a run crashed);
# 1 no results at all. Timings never fail it.
set -uo pipefail

bundle="${1:?usage: bash perf/gpu_run.sh BUNDLE OUT}"
out="${2:?usage: bash perf/gpu_run.sh BUNDLE OUT}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bundle="$(cd "$bundle" && pwd)" || { echo "gpu_run: no bundle folder '$1'" >&2; exit 1; }
mkdir -p "$out" && out="$(cd "$out" && pwd)"

budget="${PORTAFLOW_GPU_RUN_SECONDS:-360}"
sizes="${PORTAFLOW_GPU_RUN_SIZES:-1e4,1e5,1e6,1e7,1e8}"
threads_wanted="${PORTAFLOW_GPU_RUN_THREADS:-1 2 4 8 16}"
repeats="${PORTAFLOW_GPU_RUN_REPEATS:-5}"
kernels="${PORTAFLOW_GPU_RUN_KERNELS:-all}"

work="$(mktemp -d "${TMPDIR:-/tmp}/portaflow-gpu-run.XXXXXX")"
log_file="$work/gpu_run.log"
: >"$log_file"
log() { printf '[gpu_run %(%H:%M:%S)T +%ds] %s\n' -1 "$SECONDS" "$*" | tee -a "$log_file"; }
status=0

# --- libraries: the bundle's, and its fallback libstdc++ only if the node's is too old -------
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
binaries=()
for b in "$bundle"/bin/portaflow-bench-cuda "$bundle"/bin/portaflow-bench-cuda-float \
  "$bundle"/bin/portaflow-bench-openmp "$bundle"/bin/portaflow-bench-openmp-float; do
  [ -x "$b" ] && binaries+=("$b")
done
[ ${#binaries[@]} -gt 0 ] || { log "no portaflow-bench-* binaries in $bundle/bin"; exit 1; }
if ! "${binaries[0]}" --version >/dev/null 2>"$work/version.err"; then
  log "the binaries do not start with the node's libraries ($(head -c 300 "$work/version.err")); trying the bundle's libstdc++"
  export LD_LIBRARY_PATH="$bundle/lib:$bundle/lib/fallback${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
for b in "${binaries[@]}"; do
  if ! "$b" --version >>"$log_file" 2>&1; then
    log "$(basename "$b") does not start:"
    ldd "$b" 2>&1 | tee -a "$log_file"
    exit 1
  fi
done

# --- the node ---------------------------------------------------------------------------------
node="$work/node"
mkdir -p "$node"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi -L >"$node/nvidia-smi-L.txt" 2>&1 || true
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.memory,power.limit,pcie.link.gen.max \
    --format=csv >"$node/nvidia-smi-query.csv" 2>&1 || true
else
  echo "nvidia-smi not found" >"$node/nvidia-smi-L.txt"
fi
(lscpu 2>/dev/null || cat /proc/cpuinfo) >"$node/lscpu.txt"
nproc >"$node/nproc.txt"
hostname >"$node/hostname.txt"
uname -r >"$node/kernel.txt"
grep -h '^PRETTY_NAME=' /etc/os-release 2>/dev/null | cut -d= -f2- | tr -d '"' >"$node/os.txt"
[ -f "$bundle/MANIFEST.json" ] && cp "$bundle/MANIFEST.json" "$node/bundle-manifest.json"
log "node: $(hostname), $(nproc) logical CPUs, $(head -n 1 "$node/nvidia-smi-L.txt")"

cores=$(nproc)
threads=()
for t in $threads_wanted; do [ "$t" -le "$cores" ] && threads+=("$t"); done

# --- the runs ---------------------------------------------------------------------------------
runs=()  # "binary|label|threads" (threads empty for CUDA)
for b in "${binaries[@]}"; do
  name="$(basename "$b")"
  variant="${name#portaflow-bench-}"  # cuda, cuda-float, openmp, openmp-float
  if [[ $variant == cuda* ]]; then
    runs+=("$b|$variant|")
  else
    for t in "${threads[@]}"; do runs+=("$b|$variant$t|$t"); done
  fi
done
kernel_count=$("${binaries[0]}" --list-names | wc -l)
[ "$kernels" = all ] || kernel_count=$(tr ',' '\n' <<<"$kernels" | grep -c .)
size_count=$(tr ',' '\n' <<<"$sizes" | grep -c .)
log "${#runs[@]} runs x $kernel_count kernels x $size_count sizes, budget ${budget}s"

start=$SECONDS
results=()
for k in "${!runs[@]}"; do
  IFS='|' read -r binary label nthreads <<<"${runs[$k]}"
  left=$((budget - (SECONDS - start)))
  runs_left=$((${#runs[@]} - k))
  share=$((left / runs_left))
  [ $share -ge 15 ] || share=15
  # About 8 s of each run go to the ceilings; the rest is shared by the (kernel, size) pairs.
  read -r cap target < <(awk -v s="$share" -v n="$((kernel_count * size_count))" -v r="$repeats" \
    'BEGIN { c = (s - 8) / n; if (c < 0.5) c = 0.5; t = c / (r + 3); if (t > 0.2) t = 0.2;
             if (t < 0.01) t = 0.01; printf "%.2f %.3f\n", c, t }')
  json="$work/run-$label.json"
  environment=(env)
  [ -n "$nthreads" ] && environment+=(OMP_NUM_THREADS="$nthreads" OMP_PROC_BIND=close OMP_PLACES=cores)
  log "run $label: share ${share}s, --max-seconds-per-size $cap --target-seconds $target"
  timeout -k 10 $((share * 2 + 30)) "${environment[@]}" "$binary" --kernel "$kernels" \
    --sizes "$sizes" --repeats "$repeats" --target-seconds "$target" \
    --max-seconds-per-size "$cap" --label "$label" --json "$json" 2>&1 | tee -a "$log_file"
  rc=${PIPESTATUS[0]}
  if [ "$rc" != 0 ]; then
    log "run $label exited with status $rc$([ "$rc" = 124 ] && echo ' (timed out: its records so far are kept)')"
    status=3
    echo "$label exited with status $rc" >>"$work/problems.txt"
  fi
  [ -f "$json" ] && results+=("$json")
done

# --- one file ---------------------------------------------------------------------------------
if [ ${#results[@]} = 0 ]; then
  log "no results"
  cp "$log_file" "$out/gpu_run-failed.log"
  exit 1
fi
if merged=$(python3 "$here/merge_results.py" --node "$node" --problems "$work/problems.txt" \
  --out-dir "$out" --elapsed "$((SECONDS - start))" --budget "$budget" "${results[@]}"); then
  log "merged into $merged ($(du -h "$merged" | cut -f1))"
  cp "$log_file" "${merged%.json}.log"
else
  log "merging failed; the per-run files are kept in $out/raw/"
  mkdir -p "$out/raw" && cp "${results[@]}" "$node"/* "$out/raw/" 2>/dev/null
  cp "$log_file" "$out/raw/gpu_run.log"
  status=1
fi
rm -rf "$work"
exit $status
