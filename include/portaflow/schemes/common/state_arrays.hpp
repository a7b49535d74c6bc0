// Copies a View to and from the raw bytes of a SolverState::Array (checkpoint and restart).
#pragma once

#include <cstring>
#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/core/types.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

template <class View>
SolverState::Array save_array(const std::string& name, const View& view) {
  auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), view);
  SolverState::Array a;
  a.name = name;
  for (unsigned r = 0; r < View::rank; ++r) a.extents.push_back(view.extent(r));
  a.bytes.resize(host.span() * sizeof(typename View::value_type));
  std::memcpy(a.bytes.data(), host.data(), a.bytes.size());
  return a;
}

template <class View>
void restore_array(const SolverState& state, const std::string& name, const View& view) {
  for (const auto& a : state.arrays) {
    if (a.name != name) continue;
    bool same = a.extents.size() == View::rank;
    for (unsigned r = 0; same && r < View::rank; ++r) same = a.extents[r] == view.extent(r);
    if (!same || a.bytes.size() != view.span() * sizeof(typename View::value_type))
      throw Error("checkpoint array '" + name + "' does not match this run's mesh or precision");
    auto host = Kokkos::create_mirror_view(view);
    std::memcpy(host.data(), a.bytes.data(), a.bytes.size());
    Kokkos::deep_copy(view, host);
    return;
  }
  throw Error("checkpoint has no array '" + name + "' (written by another scheme?)");
}

}  // namespace portaflow
