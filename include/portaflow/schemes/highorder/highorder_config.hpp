// The high-order family's deck options (schemes dg and cpr, seed 002), read by
// src/io/deck/read_highorder.cpp.
#pragma once

#include "portaflow/schemes/common/flux_kind.hpp"

namespace portaflow {

// The highest polynomial degree compiled. Raising it (P4, P5, ...) is the one change needed for
// higher orders: the kernels are instantiated for every degree up to it.
inline constexpr int kHighOrderMaxDegree = 3;

// Which element method: its solution points and its residual (seed 002, Fig. 1).
enum class HighOrderMethod {
  kDg,   // Gauss-Legendre solution points, weak form by quadrature at them (sec. 2.3, Fig. 1a)
  kCpr,  // Gauss-Lobatto solution points, flux reconstruction with the Radau correction (2.2, 1b)
};

// CPR's flux divergence at the solution points (Wang & Gao 2009, sec. 3): the chain rule
// A q_x + B q_y of seed 002 (conserves mass, not momentum and energy: the flux is nonlinear), or
// the derivative of the flux's interpolant (conservative; mathematically nodal DG, Huynh 2007).
enum class DivergenceKind { kChainRule, kFluxInterpolation };

struct HighOrderConfig {
  HighOrderMethod method = HighOrderMethod::kDg;
  int degree = 2;  // k of P_k: the solution is a polynomial of degree k in each direction
  FluxKind flux = FluxKind::kRusanov;
  DivergenceKind divergence = DivergenceKind::kChainRule;
  // Amplitude of the smooth warping of the element grid (mesh.warp, box_mesh.hpp's formula,
  // as a fraction of the domain size); 0 for straight square elements.
  double warp = 0;
};

}  // namespace portaflow
