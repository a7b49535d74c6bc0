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
  const auto row_of = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m.row_of);
  // node_of is j * ni + i. An i line is the rows of one j in increasing i. A j line is the rows of
  // one i in increasing j; on the airfoil's C-grid the j lines of the columns i and ni - 1 - i that
  // meet at a wake-cut node are one line, from the upper side's far field down to the cut and up
  // the lower side: the lines then follow the strong coupling across the thin wake cells, and the
  // preconditioner is mirror symmetric (the upper side's twins share the owner's row, so a j line
  // that stopped at the cut would exist on one side only; that broke a symmetric flow's symmetry
  // at the solver's tolerance). A row's place on its line: (line, position), neighbours one
  // position apart.
  const bool along_j = direction == LineDirection::kJ;
  const auto twin_column = [&](int i) {  // column i's cut node is the twin of column ni - 1 - i's
    const int row = row_of(0, i);
    return row >= 0 && node_of(row) != i;
  };
  auto line_of = [&](int row) {
    const int node = node_of(row), j = node / ni, i = node % ni;
    if (!along_j) return j;
    return twin_column(i) ? ni - 1 - i : i;
  };
  auto position_of = [&](int row) {
    const int node = node_of(row), j = node / ni, i = node % ni;
    if (!along_j) return i;
    return twin_column(i) ? -j : j;
  };
  std::vector<int> order(m.rows);
  for (int k = 0; k < m.rows; ++k) order[k] = k;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return line_of(a) != line_of(b) ? line_of(a) < line_of(b) : position_of(a) < position_of(b);
  });
  std::vector<int> start{0};
  std::vector<Real> lower(m.rows, 0), diagonal(m.rows, 0), upper(m.rows, 0);
  const auto next_on_line = [&](int a, int b) {
    return line_of(a) == line_of(b) && position_of(b) == position_of(a) + 1;
  };
  for (int p = 0; p < m.rows; ++p) {
    const int row = order[p];
    if (p > 0 && line_of(order[p - 1]) != line_of(row)) start.push_back(p);
    const int below = p > 0 && next_on_line(order[p - 1], row) ? order[p - 1] : -1;
    const int above = p + 1 < m.rows && next_on_line(row, order[p + 1]) ? order[p + 1] : -1;
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
