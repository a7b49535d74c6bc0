#!/usr/bin/env bash
# Issue 24: two CUDA builds of the multi-block solver on the same GPU node (a baseline commit's
# and a change's), on seed 001's NACA 0012 case, from the repository root:
#
#   bash perf/multigrid_ab_device.sh BASE_BINARY NEW_BINARY OUT
#
# For each binary, the level-2 mesh: single grid and the deck's W(2,2) over 4 levels
# (OUT/<base|new>-w4/), W(2,2) over 3 levels (OUT/<base|new>-w3/) and V(2,2) over 4 levels
# (OUT/<base|new>-v4/), each with perf/multigrid_naca.sh; then mesh levels 0 and 1 with NEW
# (OUT/new-levels01/). perf/multigrid_plots.py turns each folder into its JSON and PNG. Set
# LD_LIBRARY_PATH to the bundle's lib/ first.
set -uo pipefail
usage="usage: multigrid_ab_device.sh BASE_BINARY NEW_BINARY OUT"
base="${1:?$usage}"
new="${2:?$usage}"
out="${3:?$usage}"
mkdir -p "$out"
{
  echo "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $(nproc) cores"
  for which in base new; do
    binary=$base; [ $which = new ] && binary=$new
    echo "== $which: level 2, single grid and W(2,2) over 4 levels"
    bash perf/multigrid_naca.sh "$binary" "$out/$which-w4" 1 2
    echo "== $which: level 2, W(2,2) over 3 levels"
    SKIP_SINGLE=1 MULTIGRID_EXTRA="--set multigrid.levels=3" \
      bash perf/multigrid_naca.sh "$binary" "$out/$which-w3" 1 2
    echo "== $which: level 2, V(2,2) over 4 levels"
    SKIP_SINGLE=1 MULTIGRID_EXTRA="--set multigrid.cycle=v" \
      bash perf/multigrid_naca.sh "$binary" "$out/$which-v4" 1 2
  done
  echo "== new: levels 0 and 1"
  bash perf/multigrid_naca.sh "$new" "$out/new-levels01" 1 "0 1"
} 2>&1 | tee "$out/multigrid-ab.log"
