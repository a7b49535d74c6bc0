// Labelled parallel loops with half-open bounds (docs/architecture.md, Kernels). Nothing outside
// core spells a Kokkos range policy by hand: kernels call par_for / par_reduce with a label, so
// every kernel shows up by name in profiles, and the loop pattern per backend is chosen here once.
#pragma once

#include <exception>
#include <mutex>
#include <string>

#include "portaflow/core/types.hpp"

namespace portaflow {

// Half-open index range [begin, end).
struct IndexRange {
  Index begin = 0;
  Index end = 0;
  KOKKOS_INLINE_FUNCTION Index size() const { return end > begin ? end - begin : 0; }
};

// A 2D box of indices, j slowest: [j.begin, j.end) x [i.begin, i.end).
struct IndexBox2D {
  IndexRange j;
  IndexRange i;
  KOKKOS_INLINE_FUNCTION long long size() const {
    return static_cast<long long>(j.size()) * i.size();
  }
};

// A 3D box of indices, k slowest.
struct IndexBox3D {
  IndexRange k;
  IndexRange j;
  IndexRange i;
  KOKKOS_INLINE_FUNCTION long long size() const {
    return static_cast<long long>(k.size()) * j.size() * i.size();
  }
};

// Opens a named profiling region for the lifetime of the object (Kokkos tools show it).
class ProfilingRegion {
 public:
  explicit ProfilingRegion(const std::string& label) { Kokkos::Profiling::pushRegion(label); }
  ~ProfilingRegion() { Kokkos::Profiling::popRegion(); }
  ProfilingRegion(const ProfilingRegion&) = delete;
  ProfilingRegion& operator=(const ProfilingRegion&) = delete;
};

namespace detail {
// Every device policy asks for the light-weight launch. Without it Kokkos 3.4's CUDA backend
// passes a functor of 512 bytes or more (any kernel that captures a multi-block BlockTable)
// through constant memory, and each such launch first waits on the host for the previous one to
// finish (Kokkos_Cuda_KernelLaunch.hpp: cudaEventSynchronize(constantMemReusable)), so launches
// never queue ahead of the device. Light-weight passes functors below 4 KB as kernel arguments.
// Host backends ignore the hint.
using LightLaunch = Kokkos::Experimental::WorkItemProperty::HintLightWeight_t;
using Range1DPolicy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<Index>, LightLaunch>;
using Range2DPolicy =
    Kokkos::MDRangePolicy<ExecSpace,
                          Kokkos::Rank<2, Kokkos::Iterate::Right, Kokkos::Iterate::Right>,
                          Kokkos::IndexType<Index>, LightLaunch>;
using Range3DPolicy =
    Kokkos::MDRangePolicy<ExecSpace,
                          Kokkos::Rank<3, Kokkos::Iterate::Right, Kokkos::Iterate::Right>,
                          Kokkos::IndexType<Index>, LightLaunch>;

inline Range1DPolicy policy(const IndexRange& r) {
  return Range1DPolicy(r.begin, r.end > r.begin ? r.end : r.begin);
}
inline Range2DPolicy policy(const IndexBox2D& b) {
  return Range2DPolicy({b.j.begin, b.i.begin}, {b.j.begin + b.j.size(), b.i.begin + b.i.size()});
}
inline Range3DPolicy policy(const IndexBox3D& b) {
  return Range3DPolicy({b.k.begin, b.j.begin, b.i.begin},
                       {b.k.begin + b.k.size(), b.j.begin + b.j.size(), b.i.begin + b.i.size()});
}
}  // namespace detail

// f(i), f(j, i) or f(k, j, i) for every index of the range or box.
template <class Bounds, class Functor>
void par_for(const std::string& label, const Bounds& bounds, const Functor& f) {
  if (bounds.size() == 0) return;
  ProfilingRegion region(label);
  Kokkos::parallel_for(label, detail::policy(bounds), f);
}

// f(j, i) for every index of the box as one 1D range, row-major: on a GPU each thread block
// walks along rows (the "1D CTA" of Gohari et al. 2012), where par_for tiles the box into 2D
// blocks.
template <class Functor>
void par_for_flattened(const std::string& label, const IndexBox2D& box, const Functor& f) {
  if (box.size() == 0) return;
  const Index ni = box.i.size(), i0 = box.i.begin, j0 = box.j.begin;
  par_for(
      label, IndexRange{0, static_cast<Index>(box.size())},
      KOKKOS_LAMBDA(const Index k) { f(j0 + k / ni, i0 + k % ni); });
}

// Reduction with a Kokkos built-in reducer (Kokkos::Max<Real>, Kokkos::Sum<Real>, ...), whose
// result lands in `result` on the host. f(i, acc), f(j, i, acc) or f(k, j, i, acc).
template <class Functor, class Reducer>
void par_reduce(const std::string& label, const IndexRange& range, const Functor& f,
                const Reducer& reducer) {
  ProfilingRegion region(label);
  if (range.size() == 0) {
    reducer.init(reducer.reference());
    return;
  }
  Kokkos::parallel_reduce(label, detail::policy(range), f, reducer);
}

namespace detail {
// The exception of the lowest index thrown inside a host loop, passed on after the loop: what a
// serial loop would have thrown (an exception may not leave an OpenMP region).
class FirstException {
 public:
  void keep(Index index, std::exception_ptr error) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!error_ || index < index_) {
      index_ = index;
      error_ = error;
    }
  }
  void rethrow() const {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::mutex mutex_;
  Index index_ = 0;
  std::exception_ptr error_;
};
}  // namespace detail

// f(i) for every index of the range on the host's threads: the once-per-run loops over every
// cell of a host mirror (set-up geometry, initial data, snapshots), which would otherwise be
// serial. An exception thrown by f is rethrown after the loop.
template <class Functor>
void host_par_for(const std::string& label, const IndexRange& range, const Functor& f) {
  if (range.size() == 0) return;
  ProfilingRegion region(label);
  detail::FirstException first;
  Kokkos::parallel_for(
      label, Kokkos::RangePolicy<HostExecSpace, Kokkos::IndexType<Index>>(range.begin, range.end),
      [&](const Index i) {
        try {
          f(i);
        } catch (...) {
          first.keep(i, std::current_exception());
        }
      });
  first.rethrow();
}

// par_for and par_reduce over a 1D range with CUDA launch bounds: at most kThreads per block and
// at least kMinBlocks blocks resident per multiprocessor, so the compiler caps the registers per
// thread (more resident warps to hide latency in long per-thread loops). Host backends ignore it.
template <unsigned kThreads, unsigned kMinBlocks, class Functor>
void par_for_bounded(const std::string& label, const IndexRange& range, const Functor& f) {
  if (range.size() == 0) return;
  ProfilingRegion region(label);
  using Policy = Kokkos::RangePolicy<ExecSpace, Kokkos::LaunchBounds<kThreads, kMinBlocks>,
                                     Kokkos::IndexType<Index>, detail::LightLaunch>;
  Kokkos::parallel_for(label, Policy(range.begin, range.end), f);
}

template <unsigned kThreads, unsigned kMinBlocks, class Functor, class Reducer>
void par_reduce_bounded(const std::string& label, const IndexRange& range, const Functor& f,
                        const Reducer& reducer) {
  ProfilingRegion region(label);
  if (range.size() == 0) {
    reducer.init(reducer.reference());
    return;
  }
  using Policy = Kokkos::RangePolicy<ExecSpace, Kokkos::LaunchBounds<kThreads, kMinBlocks>,
                                     Kokkos::IndexType<Index>, detail::LightLaunch>;
  Kokkos::parallel_reduce(label, Policy(range.begin, range.end), f, reducer);
}

// 2D and 3D reductions run over the flattened box (a 1D range) rather than an MDRange: on the
// H200 the CE/SE 2D step with its dt reduction went from 2.75e9 to 4.76e9 cell-updates/s (4e6
// cells, same step kernel at 5.5e9) when its max-reduction was flattened.
template <class Functor, class Reducer>
void par_reduce(const std::string& label, const IndexBox2D& box, const Functor& f,
                const Reducer& reducer) {
  const Index ni = box.i.size(), i0 = box.i.begin, j0 = box.j.begin;
  par_reduce(
      label, IndexRange{0, static_cast<Index>(box.size())},
      KOKKOS_LAMBDA(Index k, typename Reducer::value_type & acc) {
        f(j0 + k / ni, i0 + k % ni, acc);
      },
      reducer);
}

template <class Functor, class Reducer>
void par_reduce(const std::string& label, const IndexBox3D& box, const Functor& f,
                const Reducer& reducer) {
  const Index ni = box.i.size(), nj = box.j.size();
  const Index i0 = box.i.begin, j0 = box.j.begin, k0 = box.k.begin;
  par_reduce(
      label, IndexRange{0, static_cast<Index>(box.size())},
      KOKKOS_LAMBDA(Index n, typename Reducer::value_type & acc) {
        f(k0 + n / (ni * nj), j0 + (n / ni) % nj, i0 + n % ni, acc);
      },
      reducer);
}

// Plain sum reduction into a scalar of type T.
template <class T, class Bounds, class Functor>
T par_sum(const std::string& label, const Bounds& bounds, const Functor& f) {
  T result{};
  par_reduce(label, bounds, f, Kokkos::Sum<T>(result));
  return result;
}

// Plain max reduction into a scalar of type T.
template <class T, class Bounds, class Functor>
T par_max(const std::string& label, const Bounds& bounds, const Functor& f) {
  T result{};
  par_reduce(label, bounds, f, Kokkos::Max<T>(result));
  return result;
}

// ---- Tiled team loops: one team per tile, with team scratch-pad memory --------------------
// A kernel that shares neighbour data (a stencil, CE/SE's point terms) loads its tile plus halo
// into scratch once, synchronises, and computes from there (the "overlapping blocks" of the CE/SE
// GPU thesis (2016) and of Blakely (LSC lecture)).

// A team policy of `teams` teams of team_size threads, or Kokkos::AUTO's size for 0; kThreads,
// kMinBlocks: CUDA launch bounds as for par_for_bounded (0, 0: none).
template <unsigned kThreads = 0, unsigned kMinBlocks = 0>
Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<kThreads, kMinBlocks>, detail::LightLaunch>
team_policy(Index teams, int team_size) {
  using Policy = Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<kThreads, kMinBlocks>,
                                    detail::LightLaunch>;
  return team_size > 0 ? Policy(teams, team_size) : Policy(teams, Kokkos::AUTO);
}

struct TileShape1D {
  Index i = 1;
};
struct TileShape2D {
  Index j = 1;
  Index i = 1;
};

// Bytes of team scratch for a ScratchView<Real**> of the given extents.
inline std::size_t scratch_bytes_2d(std::size_t extent0, std::size_t extent1) {
  return ScratchView2D::shmem_size(extent0, extent1);
}

// f(member, tile) for every tile of `range`, tile being the IndexRange of outputs it owns.
template <class Functor>
void par_for_tiles(const std::string& label, const IndexRange& range, TileShape1D tile,
                   std::size_t scratch_bytes, const Functor& f) {
  if (range.size() == 0) return;
  ProfilingRegion region(label);
  const Index tiles = (range.size() + tile.i - 1) / tile.i;
  TeamPolicy policy(tiles, Kokkos::AUTO);
  policy.set_scratch_size(0, Kokkos::PerTeam(scratch_bytes));
  const Index begin = range.begin, end = range.end, width = tile.i;
  Kokkos::parallel_for(
      label, policy, KOKKOS_LAMBDA(const TeamMember& member) {
        const Index first = begin + member.league_rank() * width;
        const Index last = first + width < end ? first + width : end;
        f(member, IndexRange{first, last});
      });
}

// The tiles of a 2D box, row-major by league rank; edge tiles are cut to the box.
struct TileGrid2D {
  IndexBox2D box;
  TileShape2D tile;
  Index tiles_i = 0, tiles_j = 0;
  TileGrid2D(const IndexBox2D& b, TileShape2D t)
      : box(b),
        tile(t),
        tiles_i((b.i.size() + t.i - 1) / t.i),
        tiles_j((b.j.size() + t.j - 1) / t.j) {}
  Index count() const { return tiles_i * tiles_j; }
  KOKKOS_INLINE_FUNCTION IndexBox2D operator()(Index rank) const {
    const Index j0 = box.j.begin + (rank / tiles_i) * tile.j;
    const Index i0 = box.i.begin + (rank % tiles_i) * tile.i;
    return {{j0, j0 + tile.j < box.j.end ? j0 + tile.j : box.j.end},
            {i0, i0 + tile.i < box.i.end ? i0 + tile.i : box.i.end}};
  }
};

// f(member, tile) for every tile of `box`, tile being the IndexBox2D of outputs it owns.
template <class Functor>
void par_for_tiles(const std::string& label, const IndexBox2D& box, TileShape2D tile,
                   std::size_t scratch_bytes, const Functor& f) {
  if (box.size() == 0) return;
  ProfilingRegion region(label);
  const TileGrid2D tiles(box, tile);
  TeamPolicy policy(tiles.count(), Kokkos::AUTO);
  policy.set_scratch_size(0, Kokkos::PerTeam(scratch_bytes));
  Kokkos::parallel_for(
      label, policy,
      KOKKOS_LAMBDA(const TeamMember& member) { f(member, tiles(member.league_rank())); });
}

// par_for_tiles with a reduction: f(member, tile, acc) adds its tile's part to acc once per team
// (reduce over the team's threads first, e.g. with team_max, then update acc in a
// Kokkos::single(PerTeam)). The result lands where the reducer points (host or device).
// team_size: threads per team, 0 for Kokkos::AUTO (which maximises occupancy, not speed: see
// the MUSCL-Hancock fused step).
template <class Functor, class Reducer>
void par_reduce_tiles(const std::string& label, const IndexBox2D& box, TileShape2D tile,
                      std::size_t scratch_bytes, const Functor& f, const Reducer& reducer,
                      int team_size = 0) {
  ProfilingRegion region(label);
  const TileGrid2D tiles(box, tile);
  auto policy = team_policy(tiles.count(), team_size);
  policy.set_scratch_size(0, Kokkos::PerTeam(scratch_bytes));
  Kokkos::parallel_reduce(
      label, policy,
      KOKKOS_LAMBDA(const TeamMember& member, typename Reducer::value_type& acc) {
        f(member, tiles(member.league_rank()), acc);
      },
      reducer);
}

// f(member) for league ranks [0, teams), each team with scratch_bytes of team scratch: for
// tilings that are not one box (the tiles of several blocks, see multiblock/residual_team.cpp).
// team_size as for par_reduce_tiles; kThreads, kMinBlocks as for team_policy; scratch_level: where
// the scratch_bytes are (scratch_level_for).
template <unsigned kThreads = 0, unsigned kMinBlocks = 0, class Functor>
void par_for_teams(const std::string& label, Index teams, std::size_t scratch_bytes,
                   const Functor& f, int team_size = 0, int scratch_level = 0) {
  if (teams == 0) return;
  ProfilingRegion region(label);
  auto policy = team_policy<kThreads, kMinBlocks>(teams, team_size);
  policy.set_scratch_size(scratch_level, Kokkos::PerTeam(scratch_bytes));
  Kokkos::parallel_for(label, policy, f);
}

// The team scratch level for `bytes` a team: 0 (shared memory on a GPU) where they fit, else 1
// (global memory). A kernel allocates from member.team_scratch(that level).
inline int scratch_level_for(std::size_t bytes) {
  return bytes <= static_cast<std::size_t>(TeamPolicy::scratch_size_max(0)) ? 0 : 1;
}

// par_for_teams with a reduction: f(member, acc) adds its team's part to acc once per team
// (team_max first, then a Kokkos::single(PerTeam) update); the result lands where the reducer
// points (host or device). scratch_level: where the scratch_bytes are (scratch_level_for).
template <unsigned kThreads = 0, unsigned kMinBlocks = 0, class Functor, class Reducer>
void par_reduce_teams(const std::string& label, Index teams, std::size_t scratch_bytes,
                      const Functor& f, const Reducer& reducer, int team_size = 0,
                      int scratch_level = 0) {
  ProfilingRegion region(label);
  if (teams == 0) {
    reducer.init(reducer.reference());
    return;
  }
  auto policy = team_policy<kThreads, kMinBlocks>(teams, team_size);
  policy.set_scratch_size(scratch_level, Kokkos::PerTeam(scratch_bytes));
  Kokkos::parallel_reduce(label, policy, f, reducer);
}

// The maximum of f(k) for k in [0, n) over the team's threads, known to every thread.
template <class T, class Functor>
KOKKOS_INLINE_FUNCTION T team_max(const TeamMember& member, Index n, const Functor& f) {
  T result{};
  Kokkos::parallel_reduce(
      Kokkos::TeamThreadRange(member, n),
      [&](Index k, T& acc) {
        const T value = f(k);
        if (value > acc) acc = value;
      },
      Kokkos::Max<T>(result));
  return result;
}

// f(k) for k in [0, n), spread over the team's threads.
template <class Functor>
KOKKOS_INLINE_FUNCTION void team_for(const TeamMember& member, Index n, const Functor& f) {
  Kokkos::parallel_for(Kokkos::TeamThreadRange(member, n), f);
}

KOKKOS_INLINE_FUNCTION void team_barrier(const TeamMember& member) { member.team_barrier(); }

// A team-scratch array of rows (var, p), read and written as shared memory on a CUDA device.
// A scratch View's pointer may lie in level 0 (shared) or level 1 (global) scratch, so the
// compiler makes every access a generic load or store and rebuilds the generic address of the
// shared window around each (sm_90 SASS: LD/ST and ~35 uniform instructions a tile); indexed
// from the kernel's dynamic shared memory by offset, the accesses are LDS/STS with 32-bit
// addresses (H200: the MUSCL-Hancock x sweep as rows went from 3.82e10 to 4.23e10 cell-updates/s
// with this and pointer-stepped global loads). Only for level-0 scratch. Elsewhere the View.
struct TeamSlab {
#ifdef __CUDA_ARCH__
  int offset = 0;  // of the View's first element from the start of dynamic shared memory
  int stride = 0;  // between rows
  __device__ explicit TeamSlab(const ScratchView2D& view) {
    extern __shared__ Real portaflow_team_slab_base[];
    offset = static_cast<int>(view.data() - portaflow_team_slab_base);
    stride = static_cast<int>(view.stride(0));
  }
  __device__ Real& operator()(int row, int p) const {
    extern __shared__ Real portaflow_team_slab_base[];
    return portaflow_team_slab_base[offset + row * stride + p];
  }
#else
  ScratchView2D view;
  explicit TeamSlab(const ScratchView2D& scratch) : view(scratch) {}
  Real& operator()(int row, int p) const { return view(row, p); }
#endif
};

// Copies from global memory into a TeamSlab that land while the thread goes on computing: on a
// CUDA device of compute capability 8.0 or later, cp.async (asynchronous copies into shared
// memory, grouped by commit and waited for by group); elsewhere plain copies, so commit and wait
// do nothing. A team prefetches its next tile this way while it works on the current one, which
// keeps that tile's loads in flight without holding registers for them (H200, MUSCL-Hancock x
// sweep as rows, HLLC, 4096^2: 4.42e10 cell-updates/s against 4.23e10 loading each tile when it
// starts, perf/results/SUMMARY.md). The copied values may be read, by any thread of the team,
// only after wait() and then a team barrier.
struct SlabPrefetch {
  // slot = *source, asynchronously.
  KOKKOS_INLINE_FUNCTION static void copy(Real& slot, const Real* source) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned address = static_cast<unsigned>(__cvta_generic_to_shared(&slot));
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(address), "l"(source),
                 "n"(sizeof(Real))
                 : "memory");
#else
    slot = *source;
#endif
  }
  // Closes the group of the copies issued since the last commit.
  KOKKOS_INLINE_FUNCTION static void commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
  }
  // Waits until at most kPending of this thread's committed groups are still in flight.
  template <int kPending>
  KOKKOS_INLINE_FUNCTION static void wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending) : "memory");
#endif
  }
};

// Register exchange between the 32 lanes of a CUDA warp, for kernels over a range whose
// consecutive indices are consecutive lanes (Kokkos' CUDA range policy: blockDim.x = 1, a block a
// multiple of 32 threads, so index t runs on lane t % 32 when the range starts at 0). up: lane l
// gets lane (l - 1) mod 32's value, lane 0 lane 31's; down the other way; max: the largest value
// of the warp on every lane. All 32 lanes must call them together. CUDA device code only:
// elsewhere there is no warp to exchange with, and up and down abort.
struct WarpRotate {
  static constexpr int kLanes = 32;

  template <class T>
  KOKKOS_INLINE_FUNCTION static T up(T value, int lane) {
    return from_lane(value, (lane + kLanes - 1) & (kLanes - 1));
  }
  template <class T>
  KOKKOS_INLINE_FUNCTION static T down(T value, int lane) {
    return from_lane(value, (lane + 1) & (kLanes - 1));
  }
  // The largest of the 32 lanes' values, on every lane.
  KOKKOS_INLINE_FUNCTION static double max(double value) {
#if defined(__CUDA_ARCH__)
    for (int offset = kLanes / 2; offset > 0; offset >>= 1) {
      const double other = __shfl_xor_sync(0xffffffffu, value, offset);
      value = other > value ? other : value;
    }
#endif
    return value;
  }

 private:
  template <class T>
  KOKKOS_INLINE_FUNCTION static T from_lane(T value, int source) {
#if defined(__CUDA_ARCH__)
    return __shfl_sync(0xffffffffu, value, source);
#else
    (void)source;
    Kokkos::abort("WarpRotate is for CUDA device code only");
    return value;
#endif
  }
};

}  // namespace portaflow

namespace portaflow {

// A fixed number of sums reduced in one pass (residual norms per equation, force components),
// usable with Kokkos::Sum<SumArray<T, N>>. The volatile overloads are what Kokkos 3.x joins with.
template <class T, int N>
struct SumArray {
  T value[N];
  KOKKOS_INLINE_FUNCTION SumArray() {
    for (int i = 0; i < N; ++i) value[i] = 0;
  }
  KOKKOS_INLINE_FUNCTION SumArray& operator+=(const SumArray& other) {
    for (int i = 0; i < N; ++i) value[i] += other.value[i];
    return *this;
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile SumArray& other) volatile {
    for (int i = 0; i < N; ++i) value[i] += other.value[i];
  }
};

}  // namespace portaflow

namespace Kokkos {
template <class T, int N>
struct reduction_identity<portaflow::SumArray<T, N>> {
  KOKKOS_FORCEINLINE_FUNCTION static portaflow::SumArray<T, N> sum() {
    return portaflow::SumArray<T, N>();
  }
};
}  // namespace Kokkos
