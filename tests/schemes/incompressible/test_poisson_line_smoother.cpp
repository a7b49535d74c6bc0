// The line smoother of `line_multigrid` (poisson_line_smoother.hpp): on the airfoil's C-grid (wake
// cut, shared twin rows, Neumann outflow rows) each i line and each j line must be solved exactly:
// after a half-sweep from x_in, the correction x_out - x_in put through every row's own and
// in-line neighbours' terms of the Poisson matrix gives back the residual b - A x_in. The in-line
// neighbours are found here from the nodes' (j, i), not from the builder's order; along j the
// two columns that meet at a wake-cut node are one line through it.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "portaflow/schemes/incompressible/poisson/poisson_line_smoother.hpp"
#include "portaflow/schemes/incompressible/poisson/poisson_matrix.hpp"
#include "portaflow/schemes/incompressible/problems/flow_setup.hpp"
#include "schemes/scheme_test_support.hpp"

namespace portaflow::incompressible {
namespace {

TEST(PoissonLineSmoother, SolvesEveryLinesTridiagonalPartExactly) {
  const RunConfig config = test::deck_config(
      "incompressible/naca0012_re5000.yaml",
      {"mesh.airfoil_intervals=32", "mesh.wake_intervals=8", "mesh.normal_intervals=24",
       "mesh.wall_spacing=0.01", "mesh.far_field_chords=5", "mesh.generated_on=host"});
  const FlowSetup setup = make_flow_setup(config);
  const PoissonDomain domain = make_poisson_domain(setup.grid, setup.spec, FreeStream{1, 1, 0});
  const PoissonMatrix m = assemble_poisson_matrix(domain);
  const int ni = setup.grid.ni;
  const auto node_of = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m.node_of);
  const auto row_of = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m.row_of);
  const auto row_map =
      Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m.matrix.graph.row_map);
  const auto entries =
      Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m.matrix.graph.entries);
  const auto values = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m.matrix.values);

  std::mt19937 random(7);
  std::uniform_real_distribution<double> uniform(-1, 1);
  Vector b("test.b", m.rows), x_in("test.x_in", m.rows), x_out("test.x_out", m.rows);
  auto b_host = Kokkos::create_mirror_view(b);
  auto x_in_host = Kokkos::create_mirror_view(x_in);
  for (int k = 0; k < m.rows; ++k) {
    b_host(k) = uniform(random);
    x_in_host(k) = uniform(random);
  }
  Kokkos::deep_copy(b, b_host);
  Kokkos::deep_copy(x_in, x_in_host);
  std::vector<double> residual(m.rows);  // b - A x_in, on the host
  for (int k = 0; k < m.rows; ++k) {
    residual[k] = b_host(k);
    for (auto e = row_map(k); e < row_map(k + 1); ++e)
      residual[k] -= values(e) * x_in_host(entries(e));
  }

  for (const LineDirection direction : {LineDirection::kI, LineDirection::kJ}) {
    const LineSmoother lines = build_line_smoother(m, ni, direction);
    // Every column holds a j line; the two columns that meet at a wake-cut node share one (the
    // upper side's cut nodes are twins: their row is the owner's).
    int twins = 0;
    for (int i = 0; i < ni; ++i) twins += row_of(0, i) >= 0 && node_of(row_of(0, i)) != i;
    EXPECT_GT(twins, 4);
    if (direction == LineDirection::kJ) EXPECT_EQ(lines.lines, ni - twins);
    lines.relax(m.matrix, b, x_in, x_out, Real(1));
    const auto x_out_host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x_out);
    const auto correction = [&](int k) { return x_out_host(k) - x_in_host(k); };
    double worst = 0, largest = 0;
    for (int k = 0; k < m.rows; ++k) {
      const int j = node_of(k) / ni, i = node_of(k) % ni;
      // The rows of this node's in-line neighbours (-1: none, or a Dirichlet node).
      auto row_at = [&](int jj, int ii) {
        if (jj < 0 || jj >= setup.grid.nj || ii < 0 || ii >= ni) return -1;
        const int row = row_of(jj, ii);
        // A twin on the cut has its owner's row, which lies on another line.
        return row >= 0 && node_of(row) == jj * ni + ii ? row : -1;
      };
      // Along j the cut's row continues across the cut: its neighbour below is (1, ni - 1 - i),
      // and the upper side's rows reach the cut through their twin's row.
      const auto j_row = [&](int jj, int ii) {
        return jj < 0 || jj >= setup.grid.nj ? -1 : row_of(jj, ii);
      };
      const int before = direction == LineDirection::kJ
                             ? (j == 0 ? j_row(1, ni - 1 - i) : j_row(j - 1, i))
                             : row_at(j, i - 1);
      const int after = direction == LineDirection::kJ ? j_row(j + 1, i) : row_at(j, i + 1);
      double t_x = 0;
      for (auto e = row_map(k); e < row_map(k + 1); ++e) {
        const int c = entries(e);
        if (c == k || c == before || c == after) t_x += values(e) * correction(c);
      }
      worst = std::fmax(worst, std::fabs(t_x - residual[k]));
      largest = std::fmax(largest, std::fabs(residual[k]));
    }
    // Relative to the largest residual: the wall rows' coefficients are ~1e4 (thin cells).
    EXPECT_LT(worst, 1e-13 * largest) << (direction == LineDirection::kJ ? "j" : "i") << " lines";
  }
}

}  // namespace
}  // namespace portaflow::incompressible
