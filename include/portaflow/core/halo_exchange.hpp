// Ghost layers filled from the neighbouring ranks of a run decomposed into boxes of a 2D grid
// (docs/mpi.md): each side that faces another rank receives that rank's `ghosts` cells next to
// the shared side. One message per neighbour rank and direction, packed and unpacked by kernels
// on the device; staged through host memory (page-locked under CUDA), since Debian's MPI is not
// CUDA-aware.
#pragma once

#include <array>
#include <memory>

#include "portaflow/core/types.hpp"

namespace portaflow {

// The rank across each side (x_min, x_max, y_min, y_max), or -1 where the side is the domain's
// boundary (or a periodic side this rank wraps to itself).
struct HaloNeighbours2D {
  std::array<int, 4> side{-1, -1, -1, -1};
  bool any() const { return side[0] >= 0 || side[1] >= 0 || side[2] >= 0 || side[3] >= 0; }
};

class HaloExchange2D {
 public:
  HaloExchange2D() = default;  // no neighbours: exchange() does nothing
  // For fields (component, j, i) of `components` with `ghosts` layers around nx x ny cells.
  HaloExchange2D(const HaloNeighbours2D& neighbours, Index components, Index ghosts, Index nx,
                 Index ny);

  // Fills the ghost layers of `u` on the sides along `dir` (0: x, over the interior rows; 1: y,
  // over the interior columns) that face another rank. Every rank calls it for the same fields
  // in the same order. Corners::kFilled (y only) sends whole ghost rows, the ghost columns too:
  // after the x sides are filled (by this exchange and the boundary conditions) that gives the
  // corners a one-rank run has, for schemes whose stencils reach diagonally.
  enum class Corners { kLeft, kFilled };
  void exchange(const Field2D& u, int dir, Corners corners = Corners::kLeft) {
    start(u, dir, corners);
    finish();
  }
  // The same in two halves, so that exchanges that do not depend on each other travel at once
  // (the x and y strips of fields no corner of which is read): start() packs and posts the
  // messages, finish() waits for every exchange started and unpacks each into the `u` given to
  // its start(). Every rank starts them in the same order; one per direction at a time.
  void start(const Field2D& u, int dir, Corners corners = Corners::kLeft);
  void finish();
  // Wall time spent in exchange() so far (packing, messages, unpacking).
  double seconds() const { return seconds_; }

 private:
  HaloNeighbours2D neighbours_;
  Index components_ = 0, ghosts_ = 0, nx_ = 0, ny_ = 0;
  // Per side: what goes to the rank across it and what comes from it.
  std::array<DeviceView<Real*>, 4> send_, receive_;
  std::array<Kokkos::View<Real*, Layout, ReadbackSpace>, 4> send_host_, receive_host_;
  double seconds_ = 0;
  // The exchanges in flight between start() and finish(), per direction (field, strips and MPI
  // requests; defined in halo_exchange.cpp, where MPI is seen). Empty when none is.
  struct InFlight;
  std::array<std::shared_ptr<InFlight>, 2> in_flight_;
  void finish(InFlight& flight);
};

}  // namespace portaflow
