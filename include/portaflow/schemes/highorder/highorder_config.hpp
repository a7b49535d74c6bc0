// The high-order family's deck options (schemes dg, cpr, ndg and sd; Zimmerman et al. 2018), read
// by read_highorder_deck.cpp.
#pragma once

#include "portaflow/schemes/common/flux_kind.hpp"

namespace portaflow {

// The highest polynomial degree compiled. Raising it (P4, P5, ...) is the one change needed for
// higher orders: the kernels are instantiated for every degree up to it.
inline constexpr int kHighOrderMaxDegree = 3;

// Which element method: its solution points and its residual (Zimmerman et al. 2018, Fig. 1).
enum class HighOrderMethod {
  kDg,   // Gauss-Legendre solution points, weak form by quadrature at them (sec. 2.3, Fig. 1a)
  kCpr,  // Gauss-Lobatto solution points, flux reconstruction with the Radau correction (2.2, 1b)
  kNdg,  // Gauss-Lobatto solution points, strong form with differentiation and lifting matrices
         // (sec. 2.4, Hesthaven & Warburton): physical fluxes differentiated, metrics applied after
  kSd,   // Gauss-Legendre solution points, the flux a degree k + 1 polynomial through k + 2 flux
         // points per direction (sec. 2.5, Fig. 1c)
};

// Gauss-Lobatto solution points (cpr, ndg) or Gauss-Legendre ones (dg, sd).
constexpr bool has_lobatto_points(HighOrderMethod m) {
  return m == HighOrderMethod::kCpr || m == HighOrderMethod::kNdg;
}

// SD's k + 2 flux points per direction: the Gauss-Lobatto points (Zimmerman et al. 2018, Fig. 1c),
// or the element ends plus the k Gauss-Legendre points (Huynh 2007; Jameson 2010 proved this choice
// stable at every order).
enum class FluxPointKind { kLobatto, kLegendre };

// The troubled-cell limiter (Zimmerman et al. 2018, sec. 2.6) and the positivity safeguard.
struct LimiterConfig {
  // Minmod detection on element averages, then slope limiting of the troubled elements (eq. 35).
  bool troubled_cell = false;
  // An element is troubled where, at a face point, the trace differs from its minmod
  // reconstruction from the element averages by more than this (1e-3, as in Zimmerman et al. 2018).
  double threshold = 1e-3;
  // TVB relaxation of the detector: a face trace within M h^2 of the element mean (h^2 the
  // element's area) is not tested, so smooth extrema are left alone (element_limiter.hpp).
  double tvb_m = 0;
  // Zhang & Shu's scaling of each element's polynomial towards its mean so that no solution or
  // face point has density or pressure below a small positive floor.
  bool positivity = false;
};

// CPR's flux divergence at the solution points (Wang & Gao 2009, sec. 3): the chain rule
// A q_x + B q_y of Zimmerman et al. (2018) (conserves mass, not momentum and energy: the flux is
// nonlinear), or the derivative of the flux's interpolant (conservative; mathematically nodal DG,
// Huynh 2007).
enum class DivergenceKind { kChainRule, kFluxInterpolation };

struct HighOrderConfig {
  HighOrderMethod method = HighOrderMethod::kDg;
  int degree = 2;  // k of P_k: the solution is a polynomial of degree k in each direction
  FluxKind flux = FluxKind::kRusanov;
  DivergenceKind divergence = DivergenceKind::kChainRule;
  // Amplitude of the smooth warping of the element grid (mesh.warp, box_mesh.hpp's formula,
  // as a fraction of the domain size); 0 for straight square elements.
  double warp = 0;
  FluxPointKind flux_points = FluxPointKind::kLobatto;  // sd only
  LimiterConfig limiter;
};

}  // namespace portaflow
