#!/usr/bin/env bash
# Issue 24's single grid against multigrid on the GPU node, from the repository root, with a
# bundle packed by `perf/pack_gpu_bundle.sh --app`:
#
#   bash perf/multigrid_device.sh BUNDLE OUT cuda|cores|core [LEVELS]
#
# cuda: the CUDA build; cores: the OpenMP build on all the node's cores; core: on one core (the
# seed's Table 1 framing). Each runs perf/multigrid_naca.sh on the mesh levels LEVELS (default
# "0 1 2") into OUT/multigrid-<mode>/ and logs to OUT/multigrid-<mode>.log.
set -uo pipefail
usage="usage: multigrid_device.sh BUNDLE OUT cuda|cores|core [LEVELS]"
bundle="$(cd "${1:?$usage}" && pwd)"
out="${2:?$usage}"
mode="${3:?$usage}"
levels="${4:-0 1 2}"
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
case "$mode" in
  cuda) binary="$bundle/bin/portaflow-cuda"; threads=1 ;;
  cores) binary="$bundle/bin/portaflow-openmp"; threads=$(nproc) ;;
  core) binary="$bundle/bin/portaflow-openmp"; threads=1 ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
mkdir -p "$out"
{
  echo "node: $(nvidia-smi -L 2>/dev/null | head -n 1), $(nproc) cores; mode $mode, $threads thread(s)"
  bash perf/multigrid_naca.sh "$binary" "$out/multigrid-$mode" "$threads" "$levels"
} 2>&1 | tee "$out/multigrid-$mode.log"
