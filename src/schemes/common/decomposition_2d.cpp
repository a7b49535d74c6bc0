// Boxes of a 2D grid per rank (schemes/common/decomposition_2d.hpp).
#include "portaflow/schemes/common/decomposition_2d.hpp"

#include <limits>
#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/core/ranks.hpp"

namespace portaflow {

std::array<int, 2> run_rank_grid(Index nx, Index ny, const ExecutionConfig& execution) {
  const std::array<int, 2> asked = execution.rank_grid;
  if (asked[0] == 0)
    return ranks::count() == 1 ? std::array<int, 2>{1, 1} : rank_grid_2d(nx, ny, ranks::count());
  if (asked[0] * asked[1] != ranks::count())
    throw InputError(execution.rank_grid_at + ": error: key 'decomposition.ranks': [" +
                     std::to_string(asked[0]) + ", " + std::to_string(asked[1]) + "] is " +
                     std::to_string(asked[0] * asked[1]) + " ranks, but this run has " +
                     std::to_string(ranks::count()) +
                     " (mpirun -np); give px and py whose product is the rank count, or leave "
                     "the key out for the automatic split");
  return asked;
}

std::string describe_split(const RankBox2D& box, const ExecutionConfig& execution,
                           const char* unit) {
  if (ranks::count() == 1) return {};
  return "split over " + std::to_string(ranks::count()) +
         " ranks: " + std::to_string(box.ranks[0]) + " x " + std::to_string(box.ranks[1]) +
         " boxes of " + unit +
         (execution.rank_grid[0] > 0 ? ", as decomposition.ranks sets"
                                     : ", the fewest along the cuts");
}

RunConfig with_box_sides(RunConfig config, const RankBox2D& box) {
  config.boundary = box.boundary;
  return config;
}

SnapshotPart snapshot_part(Index nx, Index ny, const RankBox2D& box) {
  SnapshotPart part;
  part.rank = ranks::rank();
  part.whole = {nx, ny};
  for (int r = 0; r < ranks::count(); ++r) {
    const RankBox2D b = rank_box_2d(nx, ny, box.boundary, box.ranks, r, 0);
    part.boxes.push_back({b.first[0], b.first[1], b.cells[0], b.cells[1]});
  }
  return part;
}

std::array<int, 2> rank_grid_2d(Index nx, Index ny, int count) {
  std::array<int, 2> best{count, 1};
  long long best_halo = std::numeric_limits<long long>::max();
  for (int px = 1; px <= count; ++px) {
    if (count % px != 0) continue;
    const int py = count / px;
    // Cells along the cuts: px - 1 cuts of ny cells, py - 1 of nx.
    const long long halo =
        static_cast<long long>(px - 1) * ny + static_cast<long long>(py - 1) * nx;
    if (halo < best_halo) best_halo = halo, best = {px, py};
  }
  return best;
}

RankBox2D rank_box_2d(Index nx, Index ny, const BoundaryConfig& boundary,
                      const std::array<int, 2>& ranks, int rank, Index min_cells) {
  RankBox2D box;
  box.ranks = ranks;
  box.coords = {rank % ranks[0], rank / ranks[0]};
  box.boundary = boundary;
  const std::array<Index, 2> whole{nx, ny};
  for (int d = 0; d < 2; ++d) {
    const Index p = ranks[d], c = box.coords[d];
    const Index base = whole[d] / p, extra = whole[d] % p;
    box.cells[d] = base + (c < extra ? 1 : 0);
    box.first[d] = c * base + (c < extra ? c : extra);
    if (p > 1 && base < min_cells)
      throw InputError("the grid's " + std::to_string(whole[d]) + " cells along " +
                       (d == 0 ? "x" : "y") + " split over " + std::to_string(p) +
                       " ranks leave boxes of " + std::to_string(base) + " cells; at least " +
                       std::to_string(min_cells) +
                       " are needed (the scheme's ghost layers): use fewer ranks or more cells");
    if (p == 1) continue;
    const bool periodic = boundary.side[2 * d] == BoundaryKind::kPeriodic;
    const auto rank_at = [&](Index cd) {
      std::array<int, 2> at = box.coords;
      at[d] = static_cast<int>(cd);
      return at[1] * ranks[0] + at[0];
    };
    if (c > 0 || periodic) box.neighbours.side[2 * d] = rank_at((c + p - 1) % p);
    if (c < p - 1 || periodic) box.neighbours.side[2 * d + 1] = rank_at((c + 1) % p);
    for (int s = 2 * d; s < 2 * d + 2; ++s)
      if (box.neighbours.side[s] >= 0) box.boundary.side[s] = BoundaryKind::kNeighbour;
  }
  return box;
}

}  // namespace portaflow
