// A uniform 2D grid split into boxes, one per rank (docs/mpi.md): px x py ranks, rank
// cy * px + cx holding box (cx, cy); boxes along a direction differ by at most one cell. The
// rank grid is the one whose boxes share the fewest faces (least halo to exchange), unless the
// caller names it.
#pragma once

#include <array>
#include <string>

#include "portaflow/config/run_config.hpp"
#include "portaflow/core/halo_exchange.hpp"
#include "portaflow/core/types.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow {

struct RankBox2D {
  std::array<int, 2> ranks{1, 1};                 // ranks along x and y
  std::array<int, 2> coords{0, 0};                // this box's place among them
  std::array<Index, 2> first{0, 0}, cells{0, 0};  // first cell (whole-grid index), cells
  HaloNeighbours2D neighbours;
  // The box's sides: the deck's condition on the domain's boundary; kNeighbour where another
  // rank's box lies across (a periodic side included, when the period spans several ranks).
  BoundaryConfig boundary;
};

// The rank grid for `count` ranks over nx x ny cells: px * py = count, fewest halo cells.
std::array<int, 2> rank_grid_2d(Index nx, Index ny, int count);

// The rank grid of this run: the deck's decomposition.ranks when it sets one (InputError,
// naming the deck's line, when its product is not the run's rank count), else rank_grid_2d.
std::array<int, 2> run_rank_grid(Index nx, Index ny, const ExecutionConfig& execution);

// The run log's line on a split over several ranks ("split over 4 ranks: 1 x 4 boxes of cells,
// as decomposition.ranks sets"); empty on one rank. `unit`: "cells", "elements".
std::string describe_split(const RankBox2D& box, const ExecutionConfig& execution,
                           const char* unit);

// `config` with the box's sides as its boundary (kNeighbour where another rank lies across).
RunConfig with_box_sides(RunConfig config, const RankBox2D& box);

// What a snapshot of a decomposed run carries (SnapshotPart): this rank, and every rank's box of
// the nx x ny grid split as `box` is.
SnapshotPart snapshot_part(Index nx, Index ny, const RankBox2D& box);

// Rank `rank`'s box of the grid split over `ranks`. Throws InputError when a box would have
// fewer than `min_cells` cells along a split direction (the halo comes from its interior).
RankBox2D rank_box_2d(Index nx, Index ny, const BoundaryConfig& boundary,
                      const std::array<int, 2>& ranks, int rank, Index min_cells);

}  // namespace portaflow
