// The one place where Kokkos types are spelled out (docs/architecture.md, Kernels). Everything else
// in PortaFlow says Real, ExecSpace, Field2D, ScratchView2D ... so that a newer Kokkos (4.x) or a
// different precision changes this file only.
#pragma once

#include <Kokkos_Core.hpp>

namespace portaflow {

#if defined(PORTAFLOW_REAL_IS_FLOAT)
using Real = float;
inline constexpr const char* kPrecisionName = "float";
#else
using Real = double;
inline constexpr const char* kPrecisionName = "double";
#endif

// Cell and point indices. int keeps GPU index arithmetic in 32-bit registers; 2^31 cells per
// block is far beyond one GPU's memory for a 5-variable state.
using Index = int;

using ExecSpace = Kokkos::DefaultExecutionSpace;
using MemSpace = ExecSpace::memory_space;
using HostExecSpace = Kokkos::DefaultHostExecutionSpace;
using HostSpace = Kokkos::HostSpace;
using Layout = Kokkos::LayoutRight;

// Where a kernel leaves a scalar the host reads every step (a dt maximum): on a GPU, pinned host
// memory the kernel writes directly, so the host's read is a fence and a load, not a fence and a
// copy through the driver (cudaMemcpy's fixed cost is paid once per time step).
#ifdef KOKKOS_ENABLE_CUDA
using ReadbackSpace = Kokkos::CudaHostPinnedSpace;
#else
using ReadbackSpace = MemSpace;
#endif

// State arrays: the variable index is slowest and i fastest, so u(var, j, i) reads are unit-stride
// in i: coalesced on a GPU, vectorisable on a CPU.
template <class T>
using DeviceView = Kokkos::View<T, Layout, MemSpace>;
using Array1D = DeviceView<Real*>;     // (i)
using Field1D = DeviceView<Real**>;    // (var, i)
using Field2D = DeviceView<Real***>;   // (var, j, i)
using Field3D = DeviceView<Real****>;  // (var, k, j, i)

template <class ViewType>
using HostMirror = typename ViewType::HostMirror;

// Small fixed-size per-cell arrays (a state vector, a flux): live in registers inside kernels.
template <int N>
using Vec = Kokkos::Array<Real, N>;

// Team scratch-pad memory (shared memory on a GPU, a per-team buffer on a CPU).
using TeamPolicy = Kokkos::TeamPolicy<ExecSpace>;
using TeamMember = TeamPolicy::member_type;
using ScratchSpace = ExecSpace::scratch_memory_space;
template <class T>
using ScratchView = Kokkos::View<T, Layout, ScratchSpace, Kokkos::MemoryUnmanaged>;
using ScratchView1D = ScratchView<Real*>;
using ScratchView2D = ScratchView<Real**>;
using ScratchView3D = ScratchView<Real***>;

// Math functions: Kokkos 3.4 keeps them in Kokkos::Experimental, 3.7+ in Kokkos::.
namespace math {
#if KOKKOS_VERSION >= 30700
using Kokkos::exp;
using Kokkos::fabs;
using Kokkos::fmax;
using Kokkos::fmin;
using Kokkos::isfinite;
using Kokkos::log;
using Kokkos::pow;
using Kokkos::sin;
using Kokkos::sqrt;
#else
using Kokkos::Experimental::exp;
using Kokkos::Experimental::fabs;
using Kokkos::Experimental::fmax;
using Kokkos::Experimental::fmin;
using Kokkos::Experimental::isfinite;
using Kokkos::Experimental::log;
using Kokkos::Experimental::pow;
using Kokkos::Experimental::sin;
using Kokkos::Experimental::sqrt;
#endif
// +infinity, usable in device code on every backend.
KOKKOS_INLINE_FUNCTION constexpr double infinity() { return __builtin_huge_val(); }
}  // namespace math

// The backend's name as the user knows it ("OpenMP", "Serial", "Cuda").
inline const char* backend_name() { return ExecSpace::name(); }

}  // namespace portaflow
