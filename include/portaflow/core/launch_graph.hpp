// Records a fixed sequence of device launches once as a CUDA graph and replays it. For loops
// whose every pass launches the same kernels on the same arrays with the same arguments and
// never waits for the device in between: a multigrid cycle on a small mesh is ~2000 launches
// of a few microseconds each, bound by the host's launch rate (Kokkos' per-launch host work)
// rather than by the device, and a replayed graph launches them all with one call.
// Off CUDA, run() just calls the body.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "portaflow/core/types.hpp"

namespace portaflow {

class LaunchGraph {
 public:
  // True where graphs exist (a CUDA build) and no Kokkos tool is watching the launches (tool
  // callbacks fence the device around every kernel, which a recording cannot contain).
  static bool available();

  LaunchGraph();
  ~LaunchGraph();
  LaunchGraph(const LaunchGraph&) = delete;
  LaunchGraph& operator=(const LaunchGraph&) = delete;

  // Runs `body` with every launch going to this graph's own stream (a LaunchSpaceScope): the
  // first call runs it directly (first-launch set-up, scratch allocations), the second records
  // it and replays the record, every later call replays the record. body must not wait for the
  // device (no reduction into a host value, no copy to the host) and must launch the same work
  // each time. If recording fails, body runs directly from then on and failure() says why.
  // Returns after the launches are queued, not finished.
  void run(const std::function<void()>& body);
  // Waits for everything queued on the graph's stream.
  void wait() const;
  // The execution space instance of the graph's stream (the default instance off CUDA).
  const ExecSpace& space() const;
  bool replaying() const;
  const std::string& failure() const;
  // Kernels, copies and fills in the record (0 before it).
  std::size_t nodes() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace portaflow
