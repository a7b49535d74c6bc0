// The batched tridiagonal solves (numerics/tridiagonal.hpp) against a dense Gaussian elimination
// with partial pivoting: Thomas on the host, and on the backend's teams both the solve each
// backend runs (solve_in_team: Thomas on a one-thread team, cyclic reduction on a wider one) and
// cyclic reduction itself, on lines of many lengths (powers of two and their neighbours, where
// cyclic reduction's strides end) with two right-hand sides.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "portaflow/core/parallel.hpp"
#include "portaflow/numerics/tridiagonal.hpp"

namespace portaflow {
namespace {

constexpr int kRhs = 2;

// One system: sub a, diagonal b, super c, right-hand sides d[v] (row-major by q).
struct Line {
  std::vector<double> a, b, c;
  std::vector<double> d[kRhs];
};

// Diagonally dominant rows of random sign: the systems the callers solve (residual smoothing,
// grid relaxation, Poisson lines) are diagonally dominant too.
Line random_line(int n, std::mt19937& random) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  Line line;
  for (int q = 0; q < n; ++q) {
    const double a = q > 0 ? unit(random) : 0.0, c = q < n - 1 ? unit(random) : 0.0;
    const double margin = 0.25 + 0.5 * (unit(random) + 1);
    line.a.push_back(a);
    line.c.push_back(c);
    line.b.push_back((unit(random) < 0 ? -1 : 1) * (std::abs(a) + std::abs(c) + margin));
    for (auto& d : line.d) d.push_back(10 * unit(random));
  }
  return line;
}

// The reference: the full matrix eliminated with partial pivoting.
std::vector<double> dense_solve(const Line& line, int v) {
  const int n = static_cast<int>(line.b.size());
  std::vector<double> m(static_cast<std::size_t>(n) * (n + 1), 0.0);
  auto at = [&](int r, int col) -> double& {
    return m[static_cast<std::size_t>(r) * (n + 1) + col];
  };
  for (int q = 0; q < n; ++q) {
    if (q > 0) at(q, q - 1) = line.a[q];
    at(q, q) = line.b[q];
    if (q < n - 1) at(q, q + 1) = line.c[q];
    at(q, n) = line.d[v][q];
  }
  for (int k = 0; k < n; ++k) {
    int pivot = k;
    for (int r = k + 1; r < n; ++r)
      if (std::abs(at(r, k)) > std::abs(at(pivot, k))) pivot = r;
    for (int col = 0; col <= n; ++col) std::swap(at(k, col), at(pivot, col));
    for (int r = k + 1; r < n; ++r) {
      const double factor = at(r, k) / at(k, k);
      for (int col = k; col <= n; ++col) at(r, col) -= factor * at(k, col);
    }
  }
  std::vector<double> x(n);
  for (int r = n - 1; r >= 0; --r) {
    double sum = at(r, n);
    for (int col = r + 1; col < n; ++col) sum -= at(r, col) * x[col];
    x[r] = sum / at(r, r);
  }
  return x;
}

// The largest difference from the reference over the largest reference value.
double relative_error(const std::vector<double>& x, const std::vector<double>& reference) {
  double difference = 0, largest = 0;
  for (std::size_t q = 0; q < x.size(); ++q) {
    difference = std::max(difference, std::abs(x[q] - reference[q]));
    largest = std::max(largest, std::abs(reference[q]));
  }
  return difference / largest;
}

const std::vector<int> kLengths{1,  2,  3,   4,   5,   7,   8,   9,   31, 32,
                                33, 64, 100, 127, 128, 129, 255, 256, 257};

// A host system over a Line, with its own pivots and solution (thomas' System concept).
struct HostSystem {
  static constexpr int kRightHandSides = kRhs;
  Line* line;
  std::vector<double>* pivots;
  std::vector<double>* reduced_rhs;  // kRhs rows of n
  std::vector<double>* x;            // kRhs rows of n
  int n;
  double sub(int q) const { return line->a[q]; }
  double super(int q) const { return line->c[q]; }
  double diagonal(int q) const { return line->b[q]; }
  double rhs(int v, int q) const { return line->d[v][q]; }
  double& pivot(int q) const { return (*pivots)[q]; }
  double& reduced(int v, int q) const {
    return (*reduced_rhs)[static_cast<std::size_t>(v) * n + q];
  }
  void set_solution(int v, int q, double value) const {
    (*x)[static_cast<std::size_t>(v) * n + q] = value;
  }
};

TEST(Tridiagonal, ThomasMatchesDenseSolve) {
  std::mt19937 random(20261127);
  for (int n : kLengths) {
    Line line = random_line(n, random);
    std::vector<double> pivots(n), reduced(kRhs * n), x(kRhs * n);
    tridiagonal::thomas(HostSystem{&line, &pivots, &reduced, &x, n}, n);
    for (int v = 0; v < kRhs; ++v) {
      const std::vector<double> solved(x.begin() + v * n, x.begin() + (v + 1) * n);
      EXPECT_LT(relative_error(solved, dense_solve(line, v)), 1e-13)
          << "n = " << n << ", v = " << v;
    }
  }
}

enum class TeamSolve { kBackendChoice, kCyclicReduction };

// Every line of kLengths solved by one team each on the default backend; the solutions by line.
std::vector<std::vector<double>> solve_on_teams(const std::vector<Line>& lines, TeamSolve how) {
  using Lines = tridiagonal::ScratchLines<kRhs, double>;
  const int count = static_cast<int>(lines.size());
  int longest = 1;
  for (const Line& line : lines) longest = std::max(longest, static_cast<int>(line.b.size()));
  // (line, row, q): sub, diagonal, super, right-hand sides.
  DeviceView<double***> rows("rows", count, Lines::rows(), longest);
  DeviceView<double***> solution("solution", count, kRhs, longest);
  DeviceView<int*> length("length", count);
  auto host_rows = Kokkos::create_mirror_view(rows);
  auto host_length = Kokkos::create_mirror_view(length);
  for (int l = 0; l < count; ++l) {
    const Line& line = lines[l];
    host_length(l) = static_cast<int>(line.b.size());
    for (int q = 0; q < host_length(l); ++q) {
      host_rows(l, Lines::kSub, q) = line.a[q];
      host_rows(l, Lines::kDiagonal, q) = line.b[q];
      host_rows(l, Lines::kSuper, q) = line.c[q];
      for (int v = 0; v < kRhs; ++v) host_rows(l, Lines::kRhs + v, q) = line.d[v][q];
    }
  }
  Kokkos::deep_copy(rows, host_rows);
  Kokkos::deep_copy(length, host_length);
  const std::size_t bytes = ScratchView<double**>::shmem_size(2 * Lines::rows(), longest);
  const bool cyclic = how == TeamSolve::kCyclicReduction;
  par_for_teams(
      "test.tridiagonal_lines", count, bytes,
      KOKKOS_LAMBDA(const TeamMember& member) {
        const int l = member.league_rank(), n = length(l);
        const Lines line{ScratchView<double**>(member.team_scratch(0), 2 * Lines::rows(), longest)};
        // Rows scaled to a unit diagonal, as the callers do for cyclic reduction.
        team_for(member, n, [&](Index index) {
          const int q = static_cast<int>(index);
          const double inverse = 1.0 / rows(l, Lines::kDiagonal, q);
          for (int v = 0; v < kRhs; ++v) line.rhs(v, q) = rows(l, Lines::kRhs + v, q) * inverse;
          tridiagonal::set_unit_row(line, q, rows(l, Lines::kSub, q), rows(l, Lines::kDiagonal, q),
                                    rows(l, Lines::kSuper, q));
        });
        team_barrier(member);
        const Lines solved = cyclic ? tridiagonal::cyclic_reduction(member, line, n)
                                    : tridiagonal::solve_in_team(member, line, n);
        team_for(member, n, [&](Index q) {
          for (int v = 0; v < kRhs; ++v)
            solution(l, v, q) = solved.solution(v, static_cast<int>(q));
        });
      },
      tridiagonal::team_size_for_lines(longest));
  auto host_solution = Kokkos::create_mirror_view_and_copy(HostSpace(), solution);
  std::vector<std::vector<double>> out;
  for (int l = 0; l < count; ++l)
    for (int v = 0; v < kRhs; ++v) {
      std::vector<double> x;
      for (int q = 0; q < host_length(l); ++q) x.push_back(host_solution(l, v, q));
      out.push_back(x);
    }
  return out;
}

void expect_team_solves_match_dense(TeamSolve how) {
  std::mt19937 random(1965);
  std::vector<Line> lines;
  for (int n : kLengths) lines.push_back(random_line(n, random));
  const auto solutions = solve_on_teams(lines, how);
  for (std::size_t l = 0; l < lines.size(); ++l)
    for (int v = 0; v < kRhs; ++v)
      EXPECT_LT(relative_error(solutions[l * kRhs + v], dense_solve(lines[l], v)), 1e-13)
          << "n = " << lines[l].b.size() << ", v = " << v;
}

TEST(Tridiagonal, BackendTeamSolveMatchesDenseSolve) {
  expect_team_solves_match_dense(TeamSolve::kBackendChoice);
}

TEST(Tridiagonal, CyclicReductionMatchesDenseSolve) {
  expect_team_solves_match_dense(TeamSolve::kCyclicReduction);
}

// The check can fail: a wrong coefficient in one row moves the solution far past the tolerance.
TEST(Tridiagonal, ADifferentSystemIsNoticed) {
  std::mt19937 random(7);
  Line line = random_line(33, random);
  Line changed = line;
  changed.b[16] *= 1.01;
  EXPECT_GT(relative_error(dense_solve(changed, 0), dense_solve(line, 0)), 1e-6);
  std::vector<Line> lines{changed};
  EXPECT_GT(
      relative_error(solve_on_teams(lines, TeamSolve::kCyclicReduction)[0], dense_solve(line, 0)),
      1e-6);
}

}  // namespace
}  // namespace portaflow
