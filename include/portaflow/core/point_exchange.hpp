// Values at listed nodes sent to the ranks that read them (docs/mpi.md): the twin nodes of the
// block interfaces that a multi-block run split over ranks cuts. Each rank sends each neighbour
// rank one message holding the listed nodes' components, packed on the device; the receiver
// unpacks it into its own columns of a "remote" array. Staged through host memory (page-locked
// under CUDA) unless MPI reads device memory, as the halo exchange of core/halo_exchange.hpp; on
// a GPU the packing and the copies run on a stream of their own, beside the caller's kernels
// (2 GPUs, 2.1 M nodes each: 90.7 % weak efficiency against 81.3 % on one stream, docs/mpi.md).
#pragma once

#include <memory>
#include <vector>

#include "portaflow/core/types.hpp"

namespace portaflow {

// What this rank and one other rank exchange.
struct PointPeer {
  int rank = 0;
  // This rank's columns of the sent array that the peer reads, in the order the peer keeps them.
  std::vector<int> send;
  // Where the peer's values land: columns [receive_first, receive_first + receive_count) of the
  // remote array, in the order the peer sends them.
  int receive_first = 0;
  int receive_count = 0;
};

class PointExchange {
 public:
  PointExchange() = default;  // no peers: start() and finish() do nothing
  // `peers` in increasing rank order; `components` rows per column (the equations).
  PointExchange(std::vector<PointPeer> peers, int components);

  // Packs u(:, send) for every peer (and, where MPI reads the arrays themselves, posts the
  // messages); finish() posts them if not yet, waits for them and writes
  // remote(:, receive_first + k). Between the two the caller may launch work that reads neither
  // the remote array nor writes u. Every rank calls them in the same order.
  void start(const DeviceView<Real**>& u, const DeviceView<Real**>& remote);
  void finish();
  bool active() const { return !peers_.empty(); }
  // Wall time spent in start() and finish() so far (not the work launched between them).
  double seconds() const { return seconds_; }

 private:
  std::vector<PointPeer> peers_;
  int components_ = 0;
  std::vector<int> send_offset_;  // first packed column of each peer's message
  DeviceView<int*> send_nodes_;   // every peer's send columns, one after another
  DeviceView<Real*> send_, receive_;
  Kokkos::View<Real*, Layout, ReadbackSpace> send_host_, receive_host_;
  double seconds_ = 0;
  struct InFlight;  // the messages between start() and finish() (point_exchange.cpp)
  std::shared_ptr<InFlight> in_flight_;
  struct SideStream;  // where the packing and copies run (point_exchange.cpp)
  std::shared_ptr<SideStream> side_;
  void post(InFlight& flight);
};

}  // namespace portaflow
