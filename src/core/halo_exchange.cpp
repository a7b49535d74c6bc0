// Halo exchange of a 2D decomposition (core/halo_exchange.hpp).
#include "portaflow/core/halo_exchange.hpp"

#include <memory>
#include <string>
#include <utility>

#include "portaflow/core/error.hpp"
#include "portaflow/core/mpi_buffers.hpp"
#include "portaflow/core/parallel.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/core/timer.hpp"

#ifdef PORTAFLOW_WITH_MPI
#include <mpi.h>
#endif

namespace portaflow {

namespace {
// Side s of direction d: 2 d (low) or 2 d + 1 (high).
constexpr int side_of(int dir, bool high) { return 2 * dir + (high ? 1 : 0); }

// Element k of a strip of `lines` lines x g layers per component: its component, line (a row of
// an x strip, a column of a y strip) and layer. What runs fastest in k runs along memory: the
// layers across a row in x, the lines along a row in y.
KOKKOS_INLINE_FUNCTION void strip_element(Index k, int dir, Index g, Index lines, Index& v,
                                          Index& line, Index& layer) {
  v = k / (lines * g);
  const Index rest = k % (lines * g);
  if (dir == 0) {
    line = rest / g;
    layer = rest % g;
  } else {
    layer = rest / lines;
    line = rest % lines;
  }
}

// The first `count` values of `from` into `to` (a y strip without corners fills part of its
// buffer).
template <class To, class From>
void copy_prefix(const To& to, const From& from, Index count) {
  const std::pair<std::size_t, std::size_t> part{0, static_cast<std::size_t>(count)};
  Kokkos::deep_copy(Kokkos::subview(to, part), Kokkos::subview(from, part));
}
// A received strip into the ghost cells of u: `count` values, the strip's layers of `lines`
// lines from ghost layer `first` (a free function: CUDA's device lambdas may not live in a
// class's private member).
void unpack_strip(const Field2D& u, const DeviceView<Real*>& buffer, int dir, Index g, Index lines,
                  Index line0, Index first, Index count) {
  par_for(
      "halo.unpack", IndexRange{0, count}, KOKKOS_LAMBDA(Index k) {
        Index v, line, layer;
        strip_element(k, dir, g, lines, v, line, layer);
        if (dir == 0)
          u(v, line0 + line, first + layer) = buffer(k);
        else
          u(v, first + layer, line0 + line) = buffer(k);
      });
}
}  // namespace

HaloExchange2D::HaloExchange2D(const HaloNeighbours2D& neighbours, Index components, Index ghosts,
                               Index nx, Index ny)
    : neighbours_(neighbours), components_(components), ghosts_(ghosts), nx_(nx), ny_(ny) {
  for (int s = 0; s < 4; ++s) {
    if (neighbours_.side[s] < 0) continue;
    const Index lines = s < 2 ? ny : nx + 2 * ghosts;  // y: room for the corners too
    const auto size = static_cast<std::size_t>(components) * ghosts * lines;
    const std::string side = std::to_string(s);
    send_[s] = DeviceView<Real*>("halo.send" + side, size);
    receive_[s] = DeviceView<Real*>("halo.receive" + side, size);
    send_host_[s] = Kokkos::create_mirror_view(ReadbackSpace(), send_[s]);
    receive_host_[s] = Kokkos::create_mirror_view(ReadbackSpace(), receive_[s]);
  }
}

struct HaloExchange2D::InFlight {
  Field2D u;
  int dir = 0;
  Index lines = 0, line0 = 0;
  bool direct = false;  // MPI reads and writes the device buffers themselves
  Timer clock;          // from start(); seconds_ counts start() and finish() but not between
  double started_seconds = 0;
#ifdef PORTAFLOW_WITH_MPI
  MPI_Request requests[4];
#endif
  int pending = 0;
};

void HaloExchange2D::start(const Field2D& u, int dir, Corners corners) {
  require(!in_flight_[dir], "internal error: a halo exchange started before the previous finished");
  if (neighbours_.side[side_of(dir, false)] < 0 && neighbours_.side[side_of(dir, true)] < 0) return;
  // The work launched before is the step's, not the exchange's: wait for it before timing.
  ExecSpace().fence();
  auto flight = std::make_shared<InFlight>();
  const Index g = ghosts_, nx = nx_, ny = ny_, nc = components_;
  const bool whole_rows = dir == 1 && corners == Corners::kFilled;
  const Index lines = dir == 0 ? ny : whole_rows ? nx + 2 * g : nx;
  const Index line0 = whole_rows ? 0 : g;  // first column (y) or row (x) of a strip
  const bool direct = mpi_takes_device_buffers();
  flight->u = u;
  flight->dir = dir;
  flight->lines = lines;
  flight->line0 = line0;
  flight->direct = direct;
  // Strip layer l, line t of side s: the cell it packs from (interior next to the side) and the
  // ghost cell it unpacks to, as (j, i).
  for (int high = 0; high < 2; ++high) {
    const int s = side_of(dir, high);
    if (neighbours_.side[s] < 0) continue;
    const DeviceView<Real*> buffer = send_[s];
    const Index first = high ? (dir == 0 ? nx : ny) : g;  // first interior layer sent
    par_for(
        "halo.pack", IndexRange{0, nc * g * lines}, KOKKOS_LAMBDA(Index k) {
          Index v, line, layer;
          strip_element(k, dir, g, lines, v, line, layer);
          buffer(k) =
              dir == 0 ? u(v, line0 + line, first + layer) : u(v, first + layer, line0 + line);
        });
    if (!direct) copy_prefix(send_host_[s], send_[s], nc * g * lines);
  }
  if (direct) ExecSpace().fence();  // the packed strips are complete before MPI reads them
#ifdef PORTAFLOW_WITH_MPI
  // Tag: the side of the sender the strip left from, so a rank whose two neighbours along a
  // direction are one rank (two ranks, periodic) tells the strips apart, and strips of x and y
  // exchanges in flight together stay apart.
  const int bytes = static_cast<int>(nc * g * lines * sizeof(Real));
  for (int high = 0; high < 2; ++high) {
    const int s = side_of(dir, high);
    if (neighbours_.side[s] < 0) continue;
    MPI_Irecv(direct ? receive_[s].data() : receive_host_[s].data(), bytes, MPI_BYTE,
              neighbours_.side[s], side_of(dir, !high), MPI_COMM_WORLD,
              &flight->requests[flight->pending++]);
  }
  for (int high = 0; high < 2; ++high) {
    const int s = side_of(dir, high);
    if (neighbours_.side[s] < 0) continue;
    MPI_Isend(direct ? send_[s].data() : send_host_[s].data(), bytes, MPI_BYTE, neighbours_.side[s],
              s, MPI_COMM_WORLD, &flight->requests[flight->pending++]);
  }
#endif
  flight->started_seconds = flight->clock.elapsed_seconds();
  in_flight_[dir] = std::move(flight);
}

void HaloExchange2D::finish() {
  for (auto& slot : in_flight_) {
    if (!slot) continue;  // none started, or start() had no neighbour along its direction
    const std::shared_ptr<InFlight> flight = std::move(slot);
    slot.reset();
    finish(*flight);
  }
}

void HaloExchange2D::finish(InFlight& flight) {
  Timer clock;
#ifdef PORTAFLOW_WITH_MPI
  // The host waits inside MPI (which moves large messages only while it is called) while the
  // device runs what was launched after start(); that work is then waited for untimed.
  MPI_Waitall(flight.pending, flight.requests, MPI_STATUSES_IGNORE);
#endif
  const double waited = clock.elapsed_seconds();
  ExecSpace().fence();
  clock.reset();
  const Index count = components_ * ghosts_ * flight.lines;
  for (int high = 0; high < 2; ++high) {
    const int s = side_of(flight.dir, high);
    if (neighbours_.side[s] < 0) continue;
    if (!flight.direct) copy_prefix(receive_[s], receive_host_[s], count);
    // The first ghost layer filled.
    const Index first = high ? ghosts_ + (flight.dir == 0 ? nx_ : ny_) : 0;
    unpack_strip(flight.u, receive_[s], flight.dir, ghosts_, flight.lines, flight.line0, first,
                 count);
  }
  ExecSpace().fence();
  seconds_ += flight.started_seconds + waited + clock.elapsed_seconds();
}

}  // namespace portaflow
