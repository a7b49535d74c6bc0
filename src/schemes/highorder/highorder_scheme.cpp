// The high-order family's descriptors.
#include "portaflow/schemes/highorder/highorder_scheme.hpp"

#include "portaflow/schemes/highorder/highorder_config.hpp"

namespace portaflow::highorder {

namespace {

template <HighOrderMethod Method>
void read(DeckReader& deck, RunConfig& config) {
  read_deck(deck, config, Method);
}

template <HighOrderMethod Method>
const ChoiceTable& choices_of() {
  return choices(Method);
}

}  // namespace

const std::vector<SchemeDescriptor>& schemes() {
  using M = HighOrderMethod;
  static const std::vector<SchemeDescriptor> list{
      {"dg", Dimensions::k2D,
       "discontinuous Galerkin on quadrilaterals, P1-P3: Gauss-Legendre points, weak form by "
       "quadrature, Rusanov/HLLC face flux, SSP-RK3 (Zimmerman et al. 2018, sec. 2.3)",
       "Discontinuous Galerkin on a structured grid of (optionally warped) quadrilaterals: the "
       "solution a tensor polynomial of degree 1-3 held at Gauss-Legendre points, the weak form "
       "integrated by the same quadrature, a Rusanov or HLLC flux at element faces, three-stage "
       "SSP Runge-Kutta; the minmod troubled-cell limiter and Zhang & Shu's positivity scaling "
       "for discontinuous problems (Zimmerman et al. 2018, secs. 2.3 and 2.6).",
       read<M::kDg>, choices_of<M::kDg>, OutputKind::kElements,
       PORTAFLOW_SOLVER_FACTORY(make_solver)},
      {"cpr", Dimensions::k2D,
       "correction procedure via reconstruction (flux reconstruction) on quadrilaterals, P1-P3: "
       "Gauss-Lobatto points, Radau correction, chain-rule divergence (Zimmerman et al. 2018, "
       "sec. 2.2)",
       "The correction procedure via reconstruction (Huynh 2007; Wang & Gao 2009) on "
       "quadrilaterals at degree 1-3: Gauss-Lobatto solution points, the Radau correction "
       "functions carrying the face flux jumps into the element, and the flux divergence by the "
       "chain rule (as Zimmerman et al. 2018, sec. 2.2) or by differentiating the flux's "
       "interpolant (conservative).",
       read<M::kCpr>, choices_of<M::kCpr>, OutputKind::kElements,
       PORTAFLOW_SOLVER_FACTORY(make_solver)},
      {"ndg", Dimensions::k2D,
       "nodal discontinuous Galerkin in strong form on quadrilaterals, P1-P3: Gauss-Lobatto "
       "points, differentiation and lifting matrices (Zimmerman et al. 2018, sec. 2.4)",
       "Nodal discontinuous Galerkin in strong form (Hesthaven & Warburton 2008) at degree 1-3: "
       "Gauss-Lobatto solution points, the physical fluxes differentiated by the nodal "
       "differentiation matrices, face flux jumps lifted back into the element (Zimmerman et al. "
       "2018, sec. 2.4).",
       read<M::kNdg>, choices_of<M::kNdg>, OutputKind::kElements,
       PORTAFLOW_SOLVER_FACTORY(make_solver)},
      {"sd", Dimensions::k2D,
       "spectral difference on quadrilaterals, P1-P3: Gauss-Legendre solution points, "
       "Gauss-Lobatto flux points (Zimmerman et al. 2018, sec. 2.5)",
       "The spectral difference method (Kopriva & Kolias 1996) at degree 1-3: Gauss-Legendre "
       "solution points, the flux a polynomial of one degree more through k + 2 flux points per "
       "direction (Gauss-Lobatto, as Zimmerman et al. 2018, sec. 2.5, or the element ends and "
       "the Gauss-Legendre points, Huynh's stable choice), common fluxes at the element faces.",
       read<M::kSd>, choices_of<M::kSd>, OutputKind::kElements,
       PORTAFLOW_SOLVER_FACTORY(make_solver)},
  };
  return list;
}

}  // namespace portaflow::highorder
