#!/usr/bin/env bash
# The README's main command: installs what is missing, builds the openmp preset and runs the
# default deck into output/cese/sod_thesis, replacing an earlier run's outputs there (or the deck
# given as the first argument, with any further portaflow arguments, e.g. --overwrite).
#   bash ci/run-default.sh [DECK [--set key=value ...]]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
default_deck=inputs/cese/sod_thesis.yaml

bash ci/setup-deps.sh openmp
cmake --preset openmp >build-configure.log 2>&1 || { cat build-configure.log; exit 1; }
rm -f build-configure.log
cmake --build --preset openmp -j "${PORTAFLOW_JOBS:-$(nproc)}" --target portaflow
if [ $# -eq 0 ]; then
  # The main job, rerun as often as you like: each run replaces the last one's outputs.
  exec build/openmp/bin/portaflow run "$default_deck" --overwrite
fi
deck=$1
shift
exec build/openmp/bin/portaflow run "$deck" "$@"
