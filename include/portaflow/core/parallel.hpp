// Labelled parallel loops with half-open bounds (STYLE.md, practice 2). Nothing outside core
// spells a Kokkos range policy by hand: kernels call par_for / par_reduce with a label, so every
// kernel shows up by name in profiles, and the loop pattern per backend is chosen here once.
#pragma once

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
using Range1DPolicy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<Index>>;
using Range2DPolicy =
    Kokkos::MDRangePolicy<ExecSpace, Kokkos::Rank<2, Kokkos::Iterate::Right, Kokkos::Iterate::Right>,
                          Kokkos::IndexType<Index>>;
using Range3DPolicy =
    Kokkos::MDRangePolicy<ExecSpace, Kokkos::Rank<3, Kokkos::Iterate::Right, Kokkos::Iterate::Right>,
                          Kokkos::IndexType<Index>>;

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

// Reduction with a Kokkos built-in reducer (Kokkos::Max<Real>, Kokkos::Sum<Real>, ...), whose
// result lands in `result` on the host. f(i, acc), f(j, i, acc) or f(k, j, i, acc).
template <class Bounds, class Functor, class Reducer>
void par_reduce(const std::string& label, const Bounds& bounds, const Functor& f,
                const Reducer& reducer) {
  ProfilingRegion region(label);
  if (bounds.size() == 0) {
    reducer.init(reducer.reference());
    return;
  }
  Kokkos::parallel_reduce(label, detail::policy(bounds), f, reducer);
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

}  // namespace portaflow
