#!/usr/bin/env bash
# Packs builds for the device node (no Kokkos, no VTK, no internet there) into one folder that
# perf/run_cases.py reads (--bundle). Run on the build machine, from anywhere in the checkout:
#
#   bash perf/pack_gpu_bundle.sh [--out DIR] [--xz] [--mpi] [--compile [--float]] [NAME=BUILD_DIR ...]
#
#   NAME=BUILD_DIR  a build to pack under NAME (a CMake build folder, binaries in BUILD_DIR/bin):
#                   e.g. cuda=build/cuda-hopper, before=/tmp/pf-before/build/cuda-hopper.
#                   Default: cuda=build/cuda-hopper openmp=build/openmp, and cuda-float=
#                   build/cuda-hopper-float openmp-float=build/openmp-float where they exist.
#   --out DIR       the bundle folder (default .device/bundle, ignored by git); emptied first
#   --xz            xz-compress binaries and libraries (about a quarter of the size; run_cases.py
#                   unpacks them on the node), so that several builds fit the 64 MiB carry limit
#   --mpi           add this machine's Open MPI runtime (mpirun and its libraries and plugins) as
#                   mpi/, for builds of the MPI presets: the device nodes have no MPI. run_cases.py
#                   points OPAL_PREFIX at it and runs "mpirun" from it
#   --compile       build the default builds first: bash ci/cuda-compile-check.sh cuda-hopper
#                   portaflow portaflow-bench portaflow-dump, and the openmp preset's same targets
#                   (--float: the cuda-hopper-float and openmp-float presets too)
#
# Layout (perf/README.md, "Bundles"):
#   NAME/portaflow, NAME/portaflow-bench, NAME/portaflow-dump   stripped (.xz with --xz)
#   NAME/BUILD.json        name, backend, precision, commit built, tree_dirty, preset, build folder
#   lib/                   the shared libraries the binaries need that a bare node lacks (libcudart
#                          of Debian's CUDA 11.8, libgomp, yaml-cpp, VTK...), libkernel_timer.so
#                          (perf/tools/kernel_timer.cpp, a Kokkos Tools library)
#   lib/fallback/          libstdc++ and libgcc_s of this machine, used only if the node's are older
#   mpi/                   (--mpi) Open MPI relocated: bin/mpirun, its install tree's lib/ and share/
#                          folders under their Debian paths, and deps/ (the plugins' libraries)
#   MANIFEST.json          schema portaflow-bundle/2: checkout commit, date, host, builds, files
# On the device: run(command="python3 perf/run_cases.py --bundle .device/bundle ...",
#                    carry=[".device/bundle"])
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out=.device/bundle
xz=0
compile=0
float=0
mpi=0
builds=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="${2:?--out needs a folder}"; shift ;;
    --xz) xz=1 ;;
    --compile) compile=1 ;;
    --float) float=1 ;;
    --mpi) mpi=1 ;;
    -h | --help) sed -n '2,29p' "$0"; exit 0 ;;
    *=*) builds+=("$1") ;;
    *) echo "pack_gpu_bundle: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
log() { printf '[pack %(%H:%M:%S)T] %s\n' -1 "$*"; }
targets=(portaflow portaflow-bench portaflow-dump)

if [ $compile = 1 ]; then
  bash ci/cuda-compile-check.sh cuda-hopper "${targets[@]}"
  bash ci/setup-deps.sh openmp
  presets=(openmp)
  [ $float = 1 ] && presets+=(openmp-float cuda-hopper-float)
  for preset in "${presets[@]}"; do
    log "build $preset: ${targets[*]}"
    cmake --preset "$preset" >"build-$preset-configure.log" 2>&1 || { cat "build-$preset-configure.log"; exit 1; }
    rm -f "build-$preset-configure.log"
    cmake --build --preset "$preset" -j "${PORTAFLOW_JOBS:-$(nproc)}" --target "${targets[@]}"
  done
fi

if [ ${#builds[@]} = 0 ]; then
  for entry in cuda=build/cuda-hopper openmp=build/openmp cuda-float=build/cuda-hopper-float \
    openmp-float=build/openmp-float; do
    [ -d "${entry#*=}/bin" ] && builds+=("$entry")
  done
fi
[ ${#builds[@]} -gt 0 ] || { echo "pack_gpu_bundle: no builds (build/cuda-hopper, build/openmp missing; see --help)" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out/lib/fallback"

# cache_value BUILD_DIR KEY: a CMakeCache.txt entry's value.
cache_value() { [ -f "$1/CMakeCache.txt" ] && sed -n "s/^$2:[A-Z]*=//p" "$1/CMakeCache.txt" | head -n 1 || true; }

for entry in "${builds[@]}"; do
  name=${entry%%=*}
  dir=${entry#*=}
  bin="$dir/bin"
  [ -d "$bin" ] || bin="$dir"
  mkdir -p "$out/$name"
  packed=()
  for tool in "${targets[@]}"; do
    [ -f "$bin/$tool" ] || continue
    cp "$bin/$tool" "$out/$name/$tool"
    strip --strip-unneeded "$out/$name/$tool"
    packed+=("$tool")
  done
  [ ${#packed[@]} -gt 0 ] || { echo "pack_gpu_bundle: no ${targets[*]} in $bin" >&2; exit 1; }
  backend=openmp
  case "$(cache_value "$dir" CMAKE_CXX_COMPILER)" in *nvcc_wrapper*) backend=cuda ;; esac
  precision=$(cache_value "$dir" PORTAFLOW_PRECISION)
  # The commit built: BuildInfo's second string in the generated perf/build_info.cpp (build_info.cmake).
  info=$(sed -n '/BuildInfo info/,/};/p' "$dir/perf/build_info.cpp" 2>/dev/null || true)
  commit=$( (grep -o '"[^"]*"' <<<"$info" || true) | sed -n 2p | tr -d '"')
  dirty=$( (grep -Eo '^ *(true|false),' <<<"$info" || true) | head -n 1 | tr -dc 'a-z')
  cat >"$out/$name/BUILD.json" <<EOF
{"name": "$name", "backend": "$backend", "precision": "${precision:-double}",
 "commit": "${commit:-unknown}", "tree_dirty": ${dirty:-null}, "preset": "$(basename "$dir")",
 "build_dir": "$(cd "$dir" && pwd)", "tools": [$(printf '"%s",' "${packed[@]}" | sed 's/,$//')],
 "packed": "$(date -u +%Y-%m-%dT%H:%M:%SZ)"}
EOF
  log "$name: ${packed[*]} from $bin ($backend, ${precision:-double}, commit ${commit:-unknown})"

  # The libraries these binaries need that a bare node lacks, resolved as ldd sees them here.
  for binary in "$out/$name"/portaflow*; do
    if ldd "$binary" | grep -q 'not found'; then
      echo "pack_gpu_bundle: $binary has unresolved libraries here:" >&2
      ldd "$binary" | grep 'not found' >&2
      exit 1
    fi
    while read -r lib _ path _; do
      [ -n "${path:-}" ] && [ -e "$path" ] || continue
      case "$lib" in
        libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | ld-linux* | libcuda.so* | libnvidia*) ;;
        libstdc++.so.6 | libgcc_s.so.1) cp -L "$path" "$out/lib/fallback/$lib" ;;
        libcudart.so*)
          case "$(readlink -f "$path")" in
            /usr/local/*) echo "pack_gpu_bundle: $binary links $path, not Debian's CUDA 11.8 runtime" >&2; exit 1 ;;
          esac
          cp -L "$path" "$out/lib/$lib" ;;
        *) [ -e "$out/lib/$lib" ] || cp -L "$path" "$out/lib/$lib" ;;
      esac
    done < <(ldd "$binary" | grep '=>')
  done
done

# Open MPI as Debian installs it, moved under mpi/ so that OPAL_PREFIX=mpi finds its plugins
# (lib/x86_64-linux-gnu/openmpi/lib/openmpi3), help texts (share/openmpi) and PMIx's plugins.
if [ $mpi = 1 ]; then
  multiarch=$(gcc -print-multiarch)
  ompi=/usr/lib/$multiarch/openmpi
  [ -x "$(readlink -f /usr/bin/mpirun)" ] && [ -d "$ompi/lib" ] ||
    { echo "pack_gpu_bundle: --mpi needs Debian's Open MPI (openmpi-bin, libopenmpi-dev)" >&2; exit 1; }
  mkdir -p "$out/mpi/bin" "$out/mpi/lib/$multiarch" "$out/mpi/share" "$out/mpi/deps"
  cp -L "$(readlink -f /usr/bin/mpirun)" "$out/mpi/bin/mpirun"
  cp -L /usr/bin/orted "$out/mpi/bin/orted"  # what a rank started without mpirun launches
  cp -rL "$ompi" "$out/mpi/lib/$multiarch/openmpi"
  rm -rf "$out/mpi/lib/$multiarch/openmpi/include"
  [ -d "/usr/lib/$multiarch/pmix2" ] && cp -rL "/usr/lib/$multiarch/pmix2" "$out/mpi/lib/$multiarch/pmix2"
  rm -rf "$out/mpi/lib/$multiarch/pmix2/include"
  cp -rL /usr/share/openmpi "$out/mpi/share/openmpi"
  [ -d /usr/share/pmix ] && cp -rL /usr/share/pmix "$out/mpi/share/pmix"
  # Every library mpirun and the plugins load that a bare node lacks.
  while read -r lib path; do
    case "$lib" in
      libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | ld-linux* | libcuda.so* | libnvidia*) ;;
      *) [ -e "$out/lib/$lib" ] || [ -e "$out/mpi/deps/$lib" ] || cp -L "$path" "$out/mpi/deps/$lib" ;;
    esac
  done < <(find "$out/mpi/bin" "$out/mpi/lib" -type f \( -name 'mpirun' -o -name 'orted' -o -name '*.so*' \) \
             -exec ldd {} \; 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | sort -u)
  log "mpi: Open MPI $(ompi_info --version 2>/dev/null | head -n 1 | grep -o '[0-9.]*$') runtime, $(du -sh "$out/mpi" | cut -f1)"
fi

# Each kernel's device time through KOKKOS_PROFILE_LIBRARY (no Kokkos headers needed).
g++ -O2 -std=c++17 -shared -fPIC perf/tools/kernel_timer.cpp -o "$out/lib/libkernel_timer.so" -ldl
strip --strip-unneeded "$out"/lib/*.so* 2>/dev/null || true

if [ $xz = 1 ]; then
  log "xz-compressing binaries and libraries"
  find "$out" -type f \( -name 'portaflow*' -o -name '*.so*' \) -size +64k -print0 | xargs -0 -r xz -T0 -6
fi

checkout=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=false
[ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] && dirty=true
{
  printf '{\n  "schema": "portaflow-bundle/2",\n  "commit": "%s",\n  "tree_dirty": %s,\n' "$checkout" "$dirty"
  printf '  "built": "%s",\n  "build_host": "%s",\n  "xz": %s,\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
    "$(hostname)" "$([ $xz = 1 ] && echo true || echo false)"
  printf '  "builds": {'
  first=1
  for entry in "${builds[@]}"; do
    [ $first = 1 ] || printf ', '
    first=0
    printf '"%s": %s' "${entry%%=*}" "$(tr -d '\n' <"$out/${entry%%=*}/BUILD.json")"
  done
  printf '},\n  "files": [\n'
  first=1
  while read -r file; do
    [ $first = 1 ] || printf ',\n'
    first=0
    printf '    {"path": "%s", "bytes": %s}' "${file#"$out"/}" "$(stat -c %s "$file")"
  done < <(find "$out" -type f ! -name MANIFEST.json | sort)
  printf '\n  ]\n}\n'
} >"$out/MANIFEST.json"
python3 -c "import json, sys; json.load(open(sys.argv[1]))" "$out/MANIFEST.json"

bytes=$(du -sb "$out" | cut -f1)
log "bundle $out (checkout $checkout$([ $dirty = true ] && echo ', modified tree')): $(du -sh "$out" | cut -f1)"
(cd "$out" && find . -type f | sort | xargs ls -l | awk '{printf "  %9d  %s\n", $5, $9}')
[ "$bytes" -lt $((60 * 1024 * 1024)) ] ||
  echo "pack_gpu_bundle: $bytes bytes: over 60 MiB, the device tool carries 64 MiB with the tree (--xz, fewer builds)" >&2
echo "on the device, from the repository root: python3 perf/run_cases.py --bundle $out --out \$OUT --pack --budget 540 CASES"
