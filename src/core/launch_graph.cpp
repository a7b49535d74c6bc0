#include "portaflow/core/launch_graph.hpp"

#include <optional>
#include <stdexcept>

#include "portaflow/core/parallel.hpp"

namespace portaflow {

#if defined(KOKKOS_ENABLE_CUDA)

namespace {

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

}  // namespace

struct LaunchGraph::State {
  cudaStream_t stream = nullptr;
  std::optional<Kokkos::Cuda> space;
  cudaGraphExec_t replay = nullptr;
  int calls = 0;
  std::size_t nodes = 0;
  std::string failure;

  // Records body into `replay`; on failure leaves the stream out of capture mode and says why.
  bool record(const std::function<void()>& body) {
    // Relaxed: Kokkos' first-launch queries (function attributes, cache preferences) may run
    // while recording; they are host calls, not stream work.
    check(cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed), "cudaStreamBeginCapture");
    try {
      LaunchSpaceScope scope(*space);
      body();
    } catch (const std::exception& e) {
      failure = e.what();
    }
    cudaGraph_t graph = nullptr;
    const cudaError_t ended = cudaStreamEndCapture(stream, &graph);
    if (failure.empty() && ended != cudaSuccess)
      failure = std::string("cudaStreamEndCapture: ") + cudaGetErrorString(ended);
    if (failure.empty()) {
      cudaGraphGetNodes(graph, nullptr, &nodes);
      const cudaError_t made = cudaGraphInstantiate(&replay, graph, nullptr, nullptr, 0);
      if (made != cudaSuccess)
        failure = std::string("cudaGraphInstantiate: ") + cudaGetErrorString(made);
    }
    if (graph) cudaGraphDestroy(graph);
    cudaGetLastError();  // a failed capture leaves its error behind; it is reported above
    if (!failure.empty()) replay = nullptr;
    return failure.empty();
  }
};

bool LaunchGraph::available() { return !Kokkos::Tools::profileLibraryLoaded(); }

LaunchGraph::LaunchGraph() : state_(std::make_unique<State>()) {
  // A blocking stream: work on the legacy default stream (host copies, reductions outside the
  // graph) stays ordered with it.
  check(cudaStreamCreate(&state_->stream), "cudaStreamCreate");
  state_->space.emplace(state_->stream);
}

LaunchGraph::~LaunchGraph() {
  if (!state_) return;
  if (state_->space) state_->space->fence();
  if (state_->replay) cudaGraphExecDestroy(state_->replay);
  state_->space.reset();
  cudaStreamDestroy(state_->stream);
}

void LaunchGraph::run(const std::function<void()>& body) {
  State& s = *state_;
  const int call = s.calls++;
  if (call == 1 && s.failure.empty() && s.record(body)) {
    // fall through to the replay
  } else if (!s.replay) {
    LaunchSpaceScope scope(*s.space);
    body();
    return;
  }
  check(cudaGraphLaunch(s.replay, s.stream), "cudaGraphLaunch");
}

void LaunchGraph::wait() const { state_->space->fence(); }
const ExecSpace& LaunchGraph::space() const { return *state_->space; }
bool LaunchGraph::replaying() const { return state_->replay != nullptr; }
const std::string& LaunchGraph::failure() const { return state_->failure; }
std::size_t LaunchGraph::nodes() const { return state_->nodes; }

#else  // no graphs: the body runs as it is

struct LaunchGraph::State {
  ExecSpace space;
  std::string failure;
};

bool LaunchGraph::available() { return false; }
LaunchGraph::LaunchGraph() : state_(std::make_unique<State>()) {}
LaunchGraph::~LaunchGraph() = default;
void LaunchGraph::run(const std::function<void()>& body) { body(); }
void LaunchGraph::wait() const { state_->space.fence(); }
const ExecSpace& LaunchGraph::space() const { return state_->space; }
bool LaunchGraph::replaying() const { return false; }
const std::string& LaunchGraph::failure() const { return state_->failure; }
std::size_t LaunchGraph::nodes() const { return 0; }

#endif

}  // namespace portaflow
