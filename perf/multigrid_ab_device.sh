#!/usr/bin/env bash
# Issue 24: two builds of the multi-block solver on the same GPU node (a baseline commit's and a
# change's), on seed 001's NACA 0012 multigrid deck at mesh level 2, from the repository root:
#
#   bash perf/multigrid_ab_device.sh BUNDLE BASE_SUFFIX OUT
#
# BUNDLE/bin holds portaflow-cuda and portaflow-openmp (the change) and the same names with
# BASE_SUFFIX appended (the baseline, e.g. "-old"). CUDA runs alternate base, new, base, new
# (OUT/cuda-<base|new>-<1|2>/); then one run each on all the node's cores (OUT/cores-<base|new>/).
# Multigrid only, the deck as it is (perf/multigrid_naca.sh). perf/multigrid_plots.py turns each
# folder into its JSON and PNG.
set -uo pipefail
usage="usage: multigrid_ab_device.sh BUNDLE BASE_SUFFIX OUT"
bundle="$(cd "${1:?$usage}" && pwd)"
suffix="${2:?$usage}"
out="${3:?$usage}"
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
{
  echo "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $(nproc) cores"
  for k in 1 2; do
    for which in base new; do
      binary="$bundle/bin/portaflow-cuda"; [ $which = base ] && binary="$binary$suffix"
      echo "== CUDA $which ($k)"
      SKIP_SINGLE=1 bash perf/multigrid_naca.sh "$binary" "$out/cuda-$which-$k" 1 2
    done
  done
  for which in base new; do
    binary="$bundle/bin/portaflow-openmp"; [ $which = base ] && binary="$binary$suffix"
    echo "== $(nproc) cores $which"
    SKIP_SINGLE=1 bash perf/multigrid_naca.sh "$binary" "$out/cores-$which" "$(nproc)" 2
  done
} 2>&1 | tee "$out/multigrid-ab.log"
