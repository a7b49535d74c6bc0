#!/usr/bin/env bash
# Installs everything PortaFlow needs, from Debian 12 (bookworm) only, idempotently.
#
#   ci/setup-deps.sh [CONFIG ...]     CONFIG: openmp (default) serial debug cuda-kepler cuda-hopper
#                                     (openmp-mpi, cuda-hopper-mpi: as openmp, cuda-hopper)
#                                     fuzz (clang and libFuzzer only: fuzz/, no Kokkos)
#                                     format (clang-format 14 only: ci/check-source.sh)
#
# 1. Debian binary packages (build tools, GoogleTest, Google Benchmark, yaml-cpp, VTK, ccache,
#    matplotlib); nvidia-cuda-toolkit 11.8 + g++-11 only when a cuda-* CONFIG is asked for.
# 2. Kokkos 3.4.01 and Kokkos-Kernels 3.4.01 taken from Debian's *source* package `trilinos`
#    (13.2.0; the binary libtrilinos-kokkos-dev is Serial-only), built into one cached prefix per
#    CONFIG: $PORTAFLOW_DEPS/kokkos-CONFIG (default PORTAFLOW_DEPS=/opt/portaflow-deps).
#    cuda-hopper gets ci/patches/kokkos-3.4-hopper90.patch (Kokkos 3.4 predates sm_90).
# Each step leaves a stamp, so a second run finishes in seconds.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
deps="${PORTAFLOW_DEPS:-/opt/portaflow-deps}"
jobs="${PORTAFLOW_JOBS:-$(nproc)}"
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(openmp)

log() { printf '[setup %(%H:%M:%S)T] %s\n' -1 "$*"; }
die() { printf 'setup-deps: error: %s\n' "$*" >&2; exit 1; }

want_cuda=0 want_fuzz=0 want_format=0 kokkos_configs=()
for c in "${configs[@]}"; do
  case "$c" in
    openmp | serial | debug) kokkos_configs+=("$c") ;;
    openmp-mpi) kokkos_configs+=(openmp) ;; # the MPI presets use the same Kokkos prefixes
    cuda-kepler | cuda-hopper) want_cuda=1 kokkos_configs+=("$c") ;;
    cuda-hopper-mpi) want_cuda=1 kokkos_configs+=(cuda-hopper) ;;
    fuzz) want_fuzz=1 ;;
    format) want_format=1 ;;
    *) die "unknown configuration '$c' (expected openmp, serial, debug, cuda-kepler, cuda-hopper, openmp-mpi, cuda-hopper-mpi, fuzz or format)" ;;
  esac
done

sudo_cmd=()
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || die "run as root (apt-get needs it) or install sudo"
  sudo_cmd=(sudo)
fi
as_root() { "${sudo_cmd[@]}" "$@"; }
export DEBIAN_FRONTEND=noninteractive

mkdir -p "$deps" 2>/dev/null || as_root mkdir -p "$deps"
[ -w "$deps" ] || as_root chown "$(id -u):$(id -g)" "$deps"

# --- 1. Debian sources: deb-src for trilinos; contrib/non-free for the CUDA toolkit -----------
sources=/etc/apt/sources.list.d/portaflow.sources
if [ ! -f "$sources" ]; then
  log "adding $sources (deb-src main; deb contrib non-free)"
  as_root tee "$sources" >/dev/null <<'EOF'
# Added by PortaFlow ci/setup-deps.sh: Kokkos comes from the trilinos source package,
# CUDA 11.8 from non-free.
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: contrib non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  rm -f "$deps/.apt-updated"
fi

host_pkgs=(build-essential cmake ninja-build git ccache pkg-config ca-certificates
  libgtest-dev libgmock-dev libbenchmark-dev libyaml-cpp-dev libvtk9-dev
  python3 python3-matplotlib python3-numpy dpkg-dev xz-utils
  libopenmpi-dev openmpi-bin) # the MPI presets (openmp-mpi, cuda-hopper-mpi)
cuda_pkgs=(nvidia-cuda-toolkit g++-11)
fuzz_pkgs=(clang libclang-rt-14-dev) # libFuzzer and the sanitizer runtimes are compiler-rt's
format_pkgs=(clang-format)            # Debian 12's is clang-format 14
pkgs=("${host_pkgs[@]}")
[ $want_cuda = 1 ] && pkgs+=("${cuda_pkgs[@]}")
[ $want_fuzz = 1 ] && pkgs+=("${fuzz_pkgs[@]}")
[ $want_format = 1 ] && pkgs+=("${format_pkgs[@]}")

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ ! -f "$deps/.apt-updated" ]; then
    log "apt-get update"
    as_root apt-get update -q
    touch "$deps/.apt-updated"
  fi
  log "installing ${#missing[@]} packages: ${missing[*]}"
  as_root apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# --- 2. Kokkos and Kokkos-Kernels sources from the trilinos source package -------------------
src="$deps/src"
if [ ${#kokkos_configs[@]} -gt 0 ] && [ ! -f "$src/.extracted" ]; then
  [ -f "$deps/.apt-updated" ] || { as_root apt-get update -q; touch "$deps/.apt-updated"; }
  log "fetching the trilinos source package (about 166 MB)"
  rm -rf "$src" "$deps/dl"
  mkdir -p "$deps/dl" "$src"
  (cd "$deps/dl" && apt-get source --download-only -q trilinos)
  tarball=$(ls "$deps"/dl/trilinos_*.orig.tar.* | head -n 1)
  [ -n "$tarball" ] || die "apt-get source trilinos gave no orig tarball"
  log "extracting packages/kokkos and packages/kokkos-kernels from $(basename "$tarball")"
  tar -xf "$tarball" -C "$src" --strip-components=2 --wildcards \
    '*/packages/kokkos/*' '*/packages/kokkos-kernels/*'
  grep -q 'set(Kokkos_VERSION_MINOR 4)' "$src/kokkos/CMakeLists.txt" || die "unexpected Kokkos version"
  rm -rf "$deps/dl"
  touch "$src/.extracted"
fi

# --- 3. one Kokkos + Kokkos-Kernels prefix per configuration ----------------------------------
build_kokkos() {
  local cfg=$1 prefix="$deps/kokkos-$1"
  local stamp="$prefix/.portaflow-stamp"
  local patch="$here/patches/kokkos-3.4-hopper90.patch"
  local key="$cfg|v3"
  case "$cfg" in cuda-*) key="$cfg|v4" ;; esac # v4: cuBLAS/cuSPARSE TPLs off (below)
  [ "$cfg" = cuda-hopper ] && key="$key|$(sha1sum "$patch" | cut -c1-12)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ]; then
    log "kokkos-$cfg: cached in $prefix"
    return
  fi
  local work="$deps/build-$cfg"
  rm -rf "$work" "$prefix"
  mkdir -p "$work"
  cp -a "$src/kokkos" "$work/kokkos-src"
  local opts=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix"
    -DCMAKE_CXX_STANDARD=17 -DKokkos_ENABLE_SERIAL=ON -DBUILD_SHARED_LIBS=OFF
    -DKokkos_ENABLE_TESTS=OFF -DKokkos_ENABLE_EXAMPLES=OFF)
  local cxx=g++
  case "$cfg" in
    openmp) opts+=(-DKokkos_ENABLE_OPENMP=ON) ;;
    serial) ;;
    debug) opts+=(-DKokkos_ENABLE_OPENMP=ON -DKokkos_ENABLE_DEBUG=ON
      -DKokkos_ENABLE_DEBUG_BOUNDS_CHECK=ON -DCMAKE_BUILD_TYPE=Debug) ;;
    cuda-kepler | cuda-hopper)
      opts+=(-DKokkos_ENABLE_OPENMP=ON -DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON)
      if [ "$cfg" = cuda-kepler ]; then
        opts+=(-DKokkos_ARCH_KEPLER35=ON)
      else
        (cd "$work/kokkos-src" && patch -p1 -s <"$patch")
        opts+=(-DKokkos_ARCH_HOPPER90=ON)
      fi
      cxx="$src/kokkos/bin/nvcc_wrapper" # a path that outlives the build folder
      # Debian's CUDA 11.8 lives in /usr; a CUDA preinstalled elsewhere (e.g. /usr/local/cuda,
      # often first on PATH) must not be picked up by nvcc_wrapper or CMake's CUDAToolkit.
      export NVCC_WRAPPER_DEFAULT_COMPILER=g++-11 CUDA_ROOT=/usr PATH="/usr/bin:$PATH"
      ;;
  esac
  log "kokkos-$cfg: configuring and building Kokkos 3.4.01 (about a minute on 2 cores)"
  cmake -S "$work/kokkos-src" -B "$work/kokkos" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
    "${opts[@]}" >"$work/kokkos-configure.log" 2>&1 ||
    { tail -n 40 "$work/kokkos-configure.log"; die "Kokkos configure failed ($cfg)"; }
  cmake --build "$work/kokkos" -j "$jobs" >"$work/kokkos-build.log" 2>&1 ||
    { tail -n 40 "$work/kokkos-build.log"; die "Kokkos build failed ($cfg)"; }
  cmake --install "$work/kokkos" >/dev/null
  # No cuBLAS/cuSPARSE TPLs: with them KokkosBlas calls on CUDA go to libcublas.so.11, which the
  # GPU node does not have (and is too big to carry); Kokkos-Kernels' own kernels are used.
  log "kokkos-$cfg: configuring and building Kokkos-Kernels 3.4.01 (ETI off)"
  cmake -S "$src/kokkos-kernels" -B "$work/kernels" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" -DKokkos_ROOT="$prefix" \
    -DKokkosKernels_INST_DOUBLE=OFF -DKokkosKernels_INST_ORDINAL_INT=OFF \
    -DKokkosKernels_INST_OFFSET_INT=OFF -DKokkosKernels_INST_OFFSET_SIZE_T=OFF \
    -DKokkosKernels_INST_LAYOUTLEFT=OFF -DKokkosKernels_ADD_DEFAULT_ETI=OFF \
    -DKokkosKernels_ENABLE_TESTS=OFF -DKokkosKernels_ENABLE_EXAMPLES=OFF \
    -DKokkosKernels_ENABLE_TPL_CUBLAS=OFF -DKokkosKernels_ENABLE_TPL_CUSPARSE=OFF \
    >"$work/kernels-configure.log" 2>&1 ||
    { tail -n 40 "$work/kernels-configure.log"; die "Kokkos-Kernels configure failed ($cfg)"; }
  cmake --build "$work/kernels" -j "$jobs" >"$work/kernels-build.log" 2>&1 ||
    { tail -n 40 "$work/kernels-build.log"; die "Kokkos-Kernels build failed ($cfg)"; }
  cmake --install "$work/kernels" >/dev/null
  rm -rf "$work"
  echo "$key" >"$stamp"
  log "kokkos-$cfg: installed in $prefix"
}

for c in ${kokkos_configs[@]+"${kokkos_configs[@]}"}; do build_kokkos "$c"; done
log "dependencies ready for: ${configs[*]} (prefixes under $deps)"
