#!/usr/bin/env bash
# One GPU-node call for the finite-volume issue's speed work: the A/B runs against earlier or
# variant builds (perf/fv_ab_runs.sh), then the speed checks (perf/fv_speed_checks.sh), with the
# results packed into one archive (the device tool returns a few files only). Run there from the
# repository root:
#
#   bash perf/fv_device_session.sh BUNDLE PREV OUT [ab|speed|all]
#
# BUNDLE is perf/pack_gpu_bundle.sh's folder, its binaries optionally gzipped (bin/*.gz, to keep
# the carried tree under its limit with PREV beside it); they are unpacked into a copy first.
# PREV as for fv_ab_runs.sh. The last argument picks the A/B runs, the speed checks or both (the
# default; with several earlier builds the two may not fit one 10-minute call). Writes
# OUT/fv-session.tar.gz (ab/, speed/) and OUT/session.log.
set -uo pipefail
src="$(cd "${1:?usage: fv_device_session.sh BUNDLE PREV OUT}" && pwd)"
prev="${2:?usage: fv_device_session.sh BUNDLE PREV OUT}"
out="${3:?usage: fv_device_session.sh BUNDLE PREV OUT}"
part="${4:-all}"
case "$part" in
  ab | speed | all) ;;
  *) echo "fv_device_session: part must be ab, speed or all" >&2; exit 2 ;;
esac
here="$(dirname "${BASH_SOURCE[0]}")"
mkdir -p "$out"
work=$(mktemp -d)
results="$work/results"
mkdir -p "$results"
log="$out/session.log"
cp -r "$src" "$work/bundle"
for gz in "$work"/bundle/bin/*.gz; do
  [ -e "$gz" ] || continue
  gunzip "$gz" && chmod +x "${gz%.gz}"
done
{
  echo "session start $(date -u +%FT%TZ) on $(nvidia-smi -L 2>/dev/null | head -n 1)"
  ls -l "$work/bundle/bin"
} | tee "$log"
if [ "$part" != speed ]; then
  bash "$here/fv_ab_runs.sh" "$work/bundle" "$prev" "$results/ab" 2>&1 | tee -a "$log"
fi
if [ "$part" != ab ]; then
  bash "$here/fv_speed_checks.sh" "$work/bundle" "$results/speed" 2>&1 | tee -a "$log"
fi
echo "session end $(date -u +%FT%TZ)" | tee -a "$log"
tar -C "$results" -czf "$out/fv-session.tar.gz" .
rm -rf "$work"
