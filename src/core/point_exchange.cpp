// Values at listed nodes sent to the ranks that read them (core/point_exchange.hpp).
#include "portaflow/core/point_exchange.hpp"

#include <string>
#include <utility>

#include "portaflow/core/device_copy.hpp"
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
// Apart from the halo exchange's tags (0-3), which never share a run with these messages anyway.
constexpr int kTag = 17;
}  // namespace

// The stream the staged path packs, copies and unpacks on (CUDA): beside the one the residual
// kernels run on, so the copies overlap the volume residual instead of waiting for it.
struct PointExchange::SideStream {
#ifdef KOKKOS_ENABLE_CUDA
  cudaStream_t stream = nullptr;
  ExecSpace space;
  SideStream() {
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    space = ExecSpace(stream);
  }
  ~SideStream() {
    space = ExecSpace();  // the instance lets go of the stream first
    cudaStreamDestroy(stream);
  }
#else
  ExecSpace space;
#endif
};

struct PointExchange::InFlight {
  DeviceView<Real**> remote;
  bool direct = false;
#ifdef PORTAFLOW_WITH_MPI
  std::vector<MPI_Request> requests;
#endif
};

PointExchange::PointExchange(std::vector<PointPeer> peers, int components)
    : peers_(std::move(peers)), components_(components) {
  std::vector<int> nodes;
  int received = 0;
  for (const PointPeer& peer : peers_) {
    send_offset_.push_back(static_cast<int>(nodes.size()));
    nodes.insert(nodes.end(), peer.send.begin(), peer.send.end());
    received = std::max(received, peer.receive_first + peer.receive_count);
  }
  send_nodes_ = copy_to_device("points.send_nodes", nodes);
  // Column-major messages (the components of one node together): packing needs no peer index.
  send_ = DeviceView<Real*>("points.send", nodes.size() * static_cast<std::size_t>(components));
  receive_ = DeviceView<Real*>("points.receive", static_cast<std::size_t>(received) * components);
  send_host_ = Kokkos::create_mirror_view(ReadbackSpace(), send_);
  receive_host_ = Kokkos::create_mirror_view(ReadbackSpace(), receive_);
  if (!peers_.empty()) side_ = std::make_shared<SideStream>();
}

void PointExchange::post(InFlight& flight) {
#ifdef PORTAFLOW_WITH_MPI
  const int nc = components_;
  Real* send = flight.direct ? send_.data() : send_host_.data();
  Real* receive = flight.direct ? receive_.data() : receive_host_.data();
  const int bytes_per_node = static_cast<int>(nc * sizeof(Real));
  for (const PointPeer& peer : peers_) {
    if (peer.receive_count == 0) continue;
    flight.requests.emplace_back();
    MPI_Irecv(receive + static_cast<std::size_t>(nc) * peer.receive_first,
              peer.receive_count * bytes_per_node, MPI_BYTE, peer.rank, kTag, MPI_COMM_WORLD,
              &flight.requests.back());
  }
  for (std::size_t p = 0; p < peers_.size(); ++p) {
    if (peers_[p].send.empty()) continue;
    flight.requests.emplace_back();
    MPI_Isend(send + static_cast<std::size_t>(nc) * send_offset_[p],
              static_cast<int>(peers_[p].send.size()) * bytes_per_node, MPI_BYTE, peers_[p].rank,
              kTag, MPI_COMM_WORLD, &flight.requests.back());
  }
#else
  (void)flight;
#endif
}

void PointExchange::start(const DeviceView<Real**>& u, const DeviceView<Real**>& remote) {
  if (peers_.empty()) return;
  require(!in_flight_, "internal error: a point exchange started before the previous finished");
  ExecSpace().fence();  // the work launched before is the step's, not the exchange's
  Timer clock;
  auto flight = std::make_shared<InFlight>();
  flight->remote = remote;
  flight->direct = mpi_takes_device_buffers();
  const int nc = components_;
  const auto nodes = send_nodes_;
  const auto buffer = send_;
  const ExecSpace side = side_->space;
  Kokkos::parallel_for(
      "points.pack", Kokkos::RangePolicy<ExecSpace>(side, 0, static_cast<Index>(nodes.extent(0))),
      KOKKOS_LAMBDA(Index e) {
        for (int v = 0; v < nc; ++v) buffer(nc * e + v) = u(v, nodes(e));
      });
  if (flight->direct) {
    side.fence();
    post(*flight);  // MPI reads the arrays themselves: the messages leave now
  } else {
    // Packed and copied to page-locked memory on the side stream while the caller's next kernels
    // run; finish() waits for the copy and posts the messages.
    Kokkos::deep_copy(side, send_host_, send_);
  }
  seconds_ += clock.elapsed_seconds();
  in_flight_ = std::move(flight);
}

void PointExchange::finish() {
  if (!in_flight_) return;
  const std::shared_ptr<InFlight> flight = std::move(in_flight_);
  in_flight_.reset();
  Timer clock;
  const ExecSpace side = side_->space;
  if (!flight->direct) {
    side.fence();  // the strips are in page-locked memory
    post(*flight);
  }
#ifdef PORTAFLOW_WITH_MPI
  // The host waits inside MPI while the device runs what was launched after start().
  MPI_Waitall(static_cast<int>(flight->requests.size()), flight->requests.data(),
              MPI_STATUSES_IGNORE);
#endif
  if (!flight->direct) Kokkos::deep_copy(side, receive_, receive_host_);
  const int nc = components_;
  const auto buffer = receive_;
  const auto remote = flight->remote;
  Kokkos::parallel_for(
      "points.unpack",
      Kokkos::RangePolicy<ExecSpace>(side, 0, static_cast<Index>(remote.extent(1))),
      KOKKOS_LAMBDA(Index s) {
        for (int v = 0; v < nc; ++v) remote(v, s) = buffer(nc * s + v);
      });
  side.fence();  // the twins are in place before the penalties (on the other stream) read them
  seconds_ += clock.elapsed_seconds();
}

}  // namespace portaflow
