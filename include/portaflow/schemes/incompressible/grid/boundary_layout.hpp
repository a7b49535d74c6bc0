// What the stream-function/vorticity solver does at each boundary node of its grid, for the three
// flows it knows (incompressible_config.hpp):
//   cavity      four no-slip walls (the lid moving), psi = 0 on all of them;
//   airfoil     a C-grid (node_grid.hpp): j = 0 is the wall (psi = psi_wall) between the trailing
//               edge nodes and the wake cut outside them (a periodic seam, solved like interior
//               nodes); j = nj - 1 the far field (uniform stream: psi = psi_inf, omega = 0);
//               i = 0 and ni - 1 the outflow (psi_xi and omega_xi those of the free stream: 0);
//   flat_plate  inflow i = 0 (psi = psi_inf, omega = 0); j = 0 the symmetry line before and
//               after the plate (psi = 0, omega = 0) and the plate's no-slip wall; the top
//               j = nj - 1 lets the displacement out (psi_eta that of the free stream,
//               omega = 0); outflow i = ni - 1 as for the airfoil.
// psi_inf = U (y cos alpha - x sin alpha). The rules are stored per node on the device, so one
// kernel applies them all; the Poisson matrix takes its rows from them (poisson_matrix.hpp).
#pragma once

#include <array>
#include <cstdint>

#include "portaflow/schemes/incompressible/grid/node_grid.hpp"
#include "portaflow/schemes/incompressible/incompressible_config.hpp"

namespace portaflow::incompressible {

enum PsiRule : std::int8_t {
  kPsiSolve = 0,  // the Poisson equation (interior nodes, the cut's owner nodes)
  kPsiFixed,      // Dirichlet: kept as initialised (walls, far field, inflow, symmetry)
  kPsiNeumann,    // psi = psi(link) + psi_inf - psi_inf(link) (outflow, top of the plate)
  kPsiTwin,       // the cut's upper side: psi(link), the same node
};
enum OmegaRule : std::int8_t {
  kOmegaTransport = 0,  // the vorticity transport equation
  kOmegaFixed,          // kept (0: far field, inflow, symmetry)
  kOmegaCopy,           // omega(link) (outflow)
  kOmegaWall,           // no-slip wall formula; link = the wall's side: 0 west (into the grid
                        // along +i), 1 east (-i), 2 south (+j), 3 north (-j)
  kOmegaTwin,           // omega(link), the cut's owner
};

// The flow's boundaries in index terms, scaled by coarsen() for the Poisson multigrid levels.
struct BoundarySpec {
  IncompressibleProblem problem = IncompressibleProblem::kLidDrivenCavity;
  int seam = 0;                        // airfoil: the lower trailing-edge node's i
  int plate_begin = 0, plate_end = 0;  // flat plate: the wall's first and last i on j = 0
  // A spec for every other node; false when an index above is odd (cannot coarsen).
  bool can_coarsen() const { return seam % 2 == 0 && plate_begin % 2 == 0 && plate_end % 2 == 0; }
  BoundarySpec coarsen() const {
    BoundarySpec c = *this;
    c.seam /= 2;
    c.plate_begin /= 2;
    c.plate_end /= 2;
    return c;
  }
};

// Each no-slip wall side's velocity (u, v), sides numbered as kOmegaWall's link.
struct BoxWalls {
  // Kokkos::Array, not std::array: kernels read it, and std::array's operator[] is a host
  // function (on the GPU it read zeros; CMakeLists.txt now makes such calls an error).
  Kokkos::Array<Kokkos::Array<Real, 2>, 4> velocity{};
};

struct FreeStream {
  Real speed = 1, cos_alpha = 1, sin_alpha = 0;
  KOKKOS_INLINE_FUNCTION Real psi(Real x, Real y) const {
    return speed * (y * cos_alpha - x * sin_alpha);
  }
};

struct BoundaryLayout {
  DeviceView<std::int8_t**> psi_rule, omega_rule;  // (j, i)
  DeviceView<int**> link;                          // a node j * ni + i, or the wall's side
};

BoundaryLayout make_boundary_layout(const BoundarySpec& spec, int ni, int nj);

// psi on the kPsiNeumann and kPsiTwin nodes from the nodes they follow.
void apply_psi_rules(const NodeGrid& grid, const BoundaryLayout& layout, const FreeStream& stream,
                     const NodeField& psi);

// 1 on the nodes of the no-slip walls that do not move (the lid does), else 0.
DeviceView<std::int8_t**> still_walls(const BoundaryLayout& layout, const BoxWalls& walls);

// omega on every node whose rule is not transport or fixed: the walls (Thom's or Jensen's
// formula, vorticity_transport.hpp; `walls` gives each side's velocity), copies and twins.
void apply_omega_rules(const NodeGrid& grid, const BoundaryLayout& layout, const BoxWalls& walls,
                       WallVorticityKind kind, const NodeField& psi, const NodeField& omega);

// u = psi_y, v = -psi_x at every node: central differences inside and across the wake cut,
// second-order one-sided on the other boundaries, and the wall's own velocity on a wall; at a
// wall's first node the slope across it is taken by arc length (exact for psi quadratic in the
// wall distance, as it is next to a no-slip wall), so that u there over its distance gives the
// wall shear the vorticity gives.
void velocities(const NodeGrid& grid, const BoundaryLayout& layout, const BoxWalls& walls,
                const NodeField& psi, const NodeField& u, const NodeField& v);

}  // namespace portaflow::incompressible
