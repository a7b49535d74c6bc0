#include "portaflow/schemes/incompressible/poisson_line_smoother.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "portaflow/core/device_copy.hpp"
#include "portaflow/core/parallel.hpp"

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
  auto line_of = [&](int row) { return along_j ? node_of(row) % ni : node_of(row) / ni; };
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
  s.forward_c = Vector("poisson.line_forward_c", m.rows);
  s.forward_d = Vector("poisson.line_forward_d", m.rows);
  return s;
}

void LineSmoother::correct(const Vector& r, const Vector& x, Real weight) const {
  const auto start = line_start;
  const auto rows = line_rows;
  const auto a = lower, b = diagonal, c = upper, cp = forward_c, dp = forward_d;
  par_for(
      "incompressible.line_smoother", IndexRange{0, lines}, KOKKOS_LAMBDA(const int line) {
        const int first = start(line), end = start(line + 1);
        Real c_previous = 0, d_previous = 0;
        for (int p = first; p < end; ++p) {
          const Real inverse = Real(1) / (b(p) - a(p) * c_previous);
          c_previous = c(p) * inverse;
          d_previous = (r(rows(p)) - a(p) * d_previous) * inverse;
          cp(p) = c_previous;
          dp(p) = d_previous;
        }
        Real next = 0;
        for (int p = end - 1; p >= first; --p) {
          next = dp(p) - cp(p) * next;
          x(rows(p)) += weight * next;
        }
      });
}

}  // namespace portaflow::incompressible
