// Reconstructed face states of one cell for the unsplit MUSCL scheme, pointwise: each
// conservative variable through the reconstruction type (muscl_reconstruction.hpp); a cell whose
// face states would be non-physical (rho <= 0 or p <= 0 next to a strong rarefaction) falls back
// to first order there, which the Riemann solvers accept. tvb = M h^2 (muscl_reconstruction.hpp).
#pragma once

#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/fv/muscl_hancock_point.hpp"
#include "portaflow/schemes/fv/muscl_reconstruction.hpp"

namespace portaflow::fv {

template <int Dim, class Reconstruction>
KOKKOS_INLINE_FUNCTION EvolvedFaces<Dim> reconstructed_faces(
    const typename physics::Euler<Dim>::State& previous,
    const typename physics::Euler<Dim>::State& centre,
    const typename physics::Euler<Dim>::State& next, Real tvb, const physics::IdealGas& gas) {
  using E = physics::Euler<Dim>;
  EvolvedFaces<Dim> f;
  for (int v = 0; v < E::kNumVars; ++v) {
    const FaceValues face = Reconstruction::faces(previous[v], centre[v], next[v], tvb);
    f.minus[v] = face.minus;
    f.plus[v] = face.plus;
  }
  if (!E::is_physical(f.minus, gas) || !E::is_physical(f.plus, gas)) f.minus = f.plus = centre;
  return f;
}

}  // namespace portaflow::fv
