#!/usr/bin/env bash
# The README's main command: installs what is missing, builds the openmp preset and runs the
# default deck (or the deck given as the first argument, with any further portaflow arguments).
#   bash ci/run-default.sh [DECK [--set key=value ...]]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
default_deck=inputs/cese/sod_thesis.yaml

bash ci/setup-deps.sh openmp
cmake --preset openmp >build-configure.log 2>&1 || { cat build-configure.log; exit 1; }
rm -f build-configure.log
cmake --build --preset openmp -j "${PORTAFLOW_JOBS:-$(nproc)}" --target portaflow
deck="${1:-$default_deck}"
[ $# -gt 0 ] && shift
exec build/openmp/bin/portaflow run "$deck" "$@"
