#!/usr/bin/env bash
# Side-by-side runs of an earlier build's portaflow-bench and the bundle's, in one call on the GPU
# node, so the node's call-to-call spread does not pass for a code change. Run there from the
# repository root:
#
#   bash perf/fv_ab_runs.sh BUNDLE PREV OUT
#
# PREV holds bench-cuda-<name>.gz files (each an earlier or variant build) and/or one
# bench-openmp-<commit>.gz (gzip keeps the carried tree under its limit). CUDA: the MUSCL-Hancock
# step and sweep kernels at 4096^2, each earlier build and the bundle's alternating, two rounds;
# OpenMP: perf/fv_cpu_ab.sh (three rounds, all cores, 1e6 cells).
# Writes OUT/gpu-ab.log, OUT/gpu-ab-*.json and OUT/cpu/.
set -uo pipefail
bundle="$(cd "${1:?usage: fv_ab_runs.sh BUNDLE PREV OUT}" && pwd)"
prev="$(cd "${2:?usage: fv_ab_runs.sh BUNDLE PREV OUT}" && pwd)"
out="${3:?usage: fv_ab_runs.sh BUNDLE PREV OUT}"
mkdir -p "$out"
work=$(mktemp -d)
log="$out/gpu-ab.log"
: >"$log"
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The steps, and their four sweep kernels: x then y with the maximum (even steps), y then x with
# it (odd ones).
kernels=muscl_hancock2d.flat.hllc,muscl_hancock2d.team.hllc,muscl_hancock2d.sweep_x.hllc
kernels="$kernels,muscl_hancock2d.sweep_y.hllc,muscl_hancock2d.sweep_x.hllc.rate"
kernels="$kernels,muscl_hancock2d.sweep_y.hllc.norate"
# FV_AB_KERNELS (comma-separated names) replaces that list, e.g. to add the exact-solver steps.
kernels="${FV_AB_KERNELS:-$kernels}"
known() {  # known BIN: those of $kernels that BIN has (an earlier build may lack new names)
  local names
  names=$("$1" --list-names 2>/dev/null)
  tr ',' '\n' <<<"$kernels" | grep -Fxf <(printf '%s\n' "$names") | paste -sd, -
}
unpack() {  # unpack PATTERN NAME: the earlier build beside the bundle's (its rpath finds lib/)
  local gz
  gz=$(ls "$prev"/$1 2>/dev/null | head -n 1)
  [ -n "$gz" ] || return 1
  gunzip -c "$gz" >"$2" && chmod +x "$2" && basename "$gz" .gz
}
# Every earlier CUDA build in PREV (bench-cuda-<name>.gz), each alternating with the bundle's.
for gz in "$prev"/bench-cuda-*.gz; do
  [ -e "$gz" ] || continue
  name=$(basename "$gz" .gz)
  gunzip -c "$gz" >"$bundle/bin/portaflow-bench-cuda-prev" &&
    chmod +x "$bundle/bin/portaflow-bench-cuda-prev"
  echo "earlier CUDA build: $name" | tee -a "$log"
  for round in 1 2; do
    for which in "$name" new; do
      bin="$bundle/bin/portaflow-bench-cuda"
      [ "$which" = new ] || bin="$bin-prev"
      tag="$which-$round"
      [ "$which" = new ] && tag="new-vs-$name-$round"
      echo "== $tag" | tee -a "$log"
      timeout 150 "$bin" --kernel "$(known "$bin")" --sizes 16777216 --repeats 5 \
        --max-seconds-per-size 4 --json "$out/gpu-ab-$tag.json" 2>&1 |
        grep -E '^muscl|rror' | tee -a "$log"
    done
  done
  rm -f "$bundle/bin/portaflow-bench-cuda-prev"
done
if unpack 'bench-openmp-*.gz' "$work/bench-old" >/dev/null; then
  cp "$bundle/bin/portaflow-bench-openmp" "$work/bench-new"
  cp -r "$bundle/lib" "$work/lib"
  bash "$(dirname "${BASH_SOURCE[0]}")/fv_cpu_ab.sh" "$work" "$out/cpu"
fi
rm -rf "$work"
