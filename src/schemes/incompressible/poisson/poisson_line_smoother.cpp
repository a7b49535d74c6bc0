#include "portaflow/schemes/incompressible/poisson/poisson_line_smoother.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "portaflow/core/device_copy.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/numerics/tridiagonal.hpp"

namespace portaflow::incompressible {

LineSmoother build_line_smoother(const PoissonMatrix& m, int ni, LineDirection direction) {
  const auto node_of = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m.node_of);
  const auto row_map =
      Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m.matrix.graph.row_map);
  const auto entries =
      Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m.matrix.graph.entries);
  const auto values = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m.matrix.values);
  // node_of is j * ni + i. A j line is the rows of one i in increasing j (neighbours ni apart in
  // node number), an i line those of one j in increasing i (neighbours 1 apart).
  const bool along_j = direction == LineDirection::kJ;
  const int step = along_j ? ni : 1;
  // Rows on j = 0 (only the airfoil's wake cut has them) are lines of one row each along j: a j
  // line through the cut's owner row would have no mirror image (the upper side's twins share
  // that row), and the preconditioner would break the flow's mirror symmetry at the solver's
  // tolerance (CL 1e-8 at zero incidence instead of round-off).
  auto line_of = [&](int row) {
    const int node = node_of(row), j = node / ni, i = node % ni;
    if (!along_j) return j;
    return j == 0 ? ni + i : i;
  };
  std::vector<int> order(m.rows);
  for (int k = 0; k < m.rows; ++k) order[k] = k;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return line_of(a) != line_of(b) ? line_of(a) < line_of(b) : node_of(a) < node_of(b);
  });
  std::vector<int> start{0};
  std::vector<Real> lower(m.rows, 0), diagonal(m.rows, 0), upper(m.rows, 0);
  for (int p = 0; p < m.rows; ++p) {
    const int row = order[p];
    const int node = node_of(row), line = line_of(row);
    if (p > 0 && line_of(order[p - 1]) != line) start.push_back(p);
    const bool same_line_below = p > 0 && line_of(order[p - 1]) == line;
    const bool same_line_above = p + 1 < m.rows && line_of(order[p + 1]) == line;
    const int below = same_line_below && node_of(order[p - 1]) == node - step ? order[p - 1] : -1;
    const int above = same_line_above && node_of(order[p + 1]) == node + step ? order[p + 1] : -1;
    for (auto e = row_map(row); e < row_map(row + 1); ++e) {
      const int column = entries(e);
      if (column == row)
        diagonal[p] += values(e);
      else if (column == below)
        lower[p] += values(e);
      else if (column == above)
        upper[p] += values(e);
    }
  }
  start.push_back(m.rows);
  LineSmoother s;
  s.lines = static_cast<int>(start.size()) - 1;
  s.line_start = copy_to_device("poisson.line_start", start);
  s.line_rows = copy_to_device("poisson.line_rows", order);
  s.lower = copy_to_device("poisson.line_lower", lower);
  s.diagonal = copy_to_device("poisson.line_diagonal", diagonal);
  s.upper = copy_to_device("poisson.line_upper", upper);
  for (int line = 0; line < s.lines; ++line)
    s.longest = std::max(s.longest, start[line + 1] - start[line]);
  return s;
}

void LineSmoother::relax(const SparseMatrix& matrix, const Vector& b, const Vector& x_in,
                         const Vector& x_out, Real weight) const {
  using Lines = tridiagonal::ScratchLines<1>;
  const auto start = line_start;
  const auto rows = line_rows;
  const auto a = lower, d = diagonal, c = upper;
  const auto row_map = matrix.graph.row_map;
  const auto columns = matrix.graph.entries;
  const auto values = matrix.values;
  const int most = longest;
  const std::size_t bytes = scratch_bytes_2d(2 * Lines::rows(), static_cast<std::size_t>(most));
  const int level = scratch_level_for(bytes);
  par_for_teams(
      "incompressible.line_relax", lines, bytes,
      KOKKOS_LAMBDA(const TeamMember& member) {
        const Lines line{ScratchView2D(member.team_scratch(level), 2 * Lines::rows(), most)};
        const int first = start(member.league_rank());
        const int n = start(member.league_rank() + 1) - first;
        // The line's residuals, each row divided by its diagonal: cyclic reduction needs it,
        // Thomas takes it too.
        team_for(member, n, [&](Index index) {
          const int q = static_cast<int>(index), p = first + q, row = rows(p);
          Real residual = b(row);
          for (auto e = row_map(row); e < row_map(row + 1); ++e)
            residual -= values(e) * x_in(columns(e));
          line.rhs(0, q) = residual / d(p);
          tridiagonal::set_unit_row(line, q, a(p), d(p), c(p));
        });
        team_barrier(member);
        const Lines solved = tridiagonal::solve_in_team(member, line, n);
        team_for(member, n, [&](Index index) {
          const int q = static_cast<int>(index), row = rows(first + q);
          x_out(row) = x_in(row) + weight * solved.solution(0, q);
        });
      },
      tridiagonal::team_size_for_lines(most), level);
}

}  // namespace portaflow::incompressible
