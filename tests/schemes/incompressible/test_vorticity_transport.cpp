// The vorticity convection's two forms (transport/vorticity_transport.hpp): the flux form
// changes the total vorticity (the circulation) only through the boundary, the advective form
// does not conserve it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "portaflow/core/parallel.hpp"
#include "portaflow/schemes/incompressible/grid/boundary_layout.hpp"
#include "portaflow/schemes/incompressible/grid/node_grid.hpp"
#include "portaflow/schemes/incompressible/transport/vorticity_transport.hpp"

namespace portaflow::incompressible {
namespace {

constexpr double kPi = 3.14159265358979323846;

struct VorticityChange {
  double net = 0;       // sum of J d omega / dt over the interior: the total's rate of change
  double absolute = 0;  // sum of J |d omega / dt|: its scale
};

// A swirling, sheared stream through a non-orthogonal, non-uniform grid carrying a vortex
// patch (radius 0.3) that is zero within five nodes of the boundary, so no vorticity crosses it:
// the total's rate of change must be zero.
VorticityChange convection_of_a_patch(int order, ConvectionForm form) {
  const NodeGrid g = make_warped_square_grid(41, 0.05);
  // The cavity's layout: all four sides still walls (their corners' rule in the flux form).
  const ConvectionScheme convection{
      order, form, still_walls(make_boundary_layout(BoundarySpec{}, g.ni, g.nj), BoxWalls{})};
  NodeField psi("test.psi", g.nj, g.ni), omega("test.omega", g.nj, g.ni),
      rate("test.rate", g.nj, g.ni);
  const NodeField x = g.x, y = g.y, jacobian = g.jacobian;
  par_for(
      "test.fields", IndexBox2D{{0, g.nj}, {0, g.ni}}, KOKKOS_LAMBDA(const int j, const int i) {
        const double xi = x(j, i), yi = y(j, i);
        psi(j, i) = 0.3 * std::sin(kPi * xi) * std::sin(kPi * yi) + 0.8 * yi - 0.3 * xi * xi;
        const double r2 = (xi - 0.5) * (xi - 0.5) + (yi - 0.45) * (yi - 0.45);
        omega(j, i) = r2 < 0.09 ? std::cos(kPi * r2 / 0.18) * std::cos(kPi * r2 / 0.18) : 0.0;
      });
  vorticity_rate(g, psi, omega, 0, convection, rate);
  const auto interior = IndexBox2D{{1, g.nj - 1}, {1, g.ni - 1}};
  VorticityChange change;
  change.net = par_sum<double>(
      "test.net", interior,
      KOKKOS_LAMBDA(const int j, const int i, double& s) { s += jacobian(j, i) * rate(j, i); });
  change.absolute = par_sum<double>(
      "test.absolute", interior, KOKKOS_LAMBDA(const int j, const int i, double& s) {
        s += jacobian(j, i) * std::fabs(rate(j, i));
      });
  return change;
}

TEST(VorticityTransport, FluxFormConservesTheTotalVorticityAdvectiveFormDoesNot) {
  for (const int order : {1, 2}) {
    const VorticityChange flux = convection_of_a_patch(order, ConvectionForm::kConservative);
    const VorticityChange advective = convection_of_a_patch(order, ConvectionForm::kAdvective);
    const double flux_ratio = std::fabs(flux.net) / flux.absolute;
    const double advective_ratio = std::fabs(advective.net) / advective.absolute;
    std::printf(
        "[ convection ] order %d: |sum J domega/dt| / sum J |domega/dt|: flux form %.2e, "
        "advective form %.2e\n",
        order, flux_ratio, advective_ratio);
    EXPECT_GT(flux.absolute, 0.1);  // the patch really moves (about 0.8)
    EXPECT_LT(flux_ratio, 1e-13);
    // The advective form's imbalance is the truncation error's, far above round-off.
    EXPECT_GT(advective_ratio, 1e-5);
  }
}

}  // namespace
}  // namespace portaflow::incompressible
