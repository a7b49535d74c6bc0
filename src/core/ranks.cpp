// Ranks (core/ranks.hpp): MPI when the build has it (PORTAFLOW_WITH_MPI, set for this file and
// halo_exchange.cpp only), one rank otherwise.
#include "portaflow/core/ranks.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>

#ifdef PORTAFLOW_WITH_MPI
#include <mpi.h>
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>  // MPIX_Query_cuda_support, where Open MPI has its CUDA extension
#endif
#endif

namespace portaflow::ranks {

namespace {
int g_rank = 0, g_count = 1, g_node_rank = 0, g_node_count = 1;
bool g_started = false;

#ifdef PORTAFLOW_WITH_MPI
double nan_to_infinity(double v) {
  return std::isnan(v) ? std::numeric_limits<double>::infinity() : v;
}

template <class T>
T reduce(T value, MPI_Datatype type, MPI_Op op) {
  if (g_count == 1) return value;
  T out{};
  MPI_Allreduce(&value, &out, 1, type, op, MPI_COMM_WORLD);
  return out;
}

void reduce(std::vector<double>& values, MPI_Op op) {
  if (g_count == 1 || values.empty()) return;
  MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE, op,
                MPI_COMM_WORLD);
}
#endif
}  // namespace

bool mpi_reads_device_memory() {
  // Asked once, as Idefix's Mpi::CheckConfig does: Open MPI built with CUDA answers 1; Debian's
  // (and a library without the extension) cannot take device pointers.
#if defined(PORTAFLOW_WITH_MPI) && defined(MPIX_CUDA_AWARE_SUPPORT)
  static const bool aware = MPIX_Query_cuda_support() == 1;
  return aware;
#else
  return false;
#endif
}

void start(int& argc, char**& argv) {
#ifdef PORTAFLOW_WITH_MPI
  if (g_started) return;
  int provided = 0;
  // Only the main thread calls MPI (the frame writer's thread writes files, never messages).
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  g_started = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_count);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, g_rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &g_node_rank);
  MPI_Comm_size(node, &g_node_count);
  MPI_Comm_free(&node);
  // An error on one rank ends the run through ranks::abort with its own message; MPI's errors
  // end it too rather than returning codes nobody checks.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
#else
  static_cast<void>(argc);
  static_cast<void>(argv);
  g_started = true;
#endif
}

void finish() {
#ifdef PORTAFLOW_WITH_MPI
  if (!g_started) return;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
#endif
  g_started = false;
}

int rank() { return g_rank; }
int count() { return g_count; }
int node_rank() { return g_node_rank; }
int node_count() { return g_node_count; }

#ifdef PORTAFLOW_WITH_MPI
double max(double value) { return reduce(nan_to_infinity(value), MPI_DOUBLE, MPI_MAX); }
double min(double value) { return reduce(value, MPI_DOUBLE, MPI_MIN); }
long long min(long long value) { return reduce(value, MPI_LONG_LONG, MPI_MIN); }
void sum(std::vector<double>& values) { reduce(values, MPI_SUM); }
void max(std::vector<double>& values) {
  for (double& v : values) v = nan_to_infinity(v);
  reduce(values, MPI_MAX);
}
void barrier() {
  if (g_count > 1) MPI_Barrier(MPI_COMM_WORLD);
}
std::vector<double> gather(const std::vector<double>& values) {
  if (g_count == 1) return values;
  std::vector<int> counts(static_cast<std::size_t>(g_count)), offsets(counts.size());
  const int mine = static_cast<int>(values.size());
  MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  int total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    offsets[r] = total;
    total += counts[r];
  }
  std::vector<double> out(static_cast<std::size_t>(total));
  MPI_Allgatherv(values.data(), mine, MPI_DOUBLE, out.data(), counts.data(), offsets.data(),
                 MPI_DOUBLE, MPI_COMM_WORLD);
  return out;
}
void broadcast(std::vector<unsigned char>& bytes, int root) {
  if (g_count == 1) return;
  long long size = static_cast<long long>(bytes.size());
  MPI_Bcast(&size, 1, MPI_LONG_LONG, root, MPI_COMM_WORLD);
  bytes.resize(static_cast<std::size_t>(size));
  MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_BYTE, root, MPI_COMM_WORLD);
}
void abort(int exit_code) {
  if (g_started && g_count > 1) MPI_Abort(MPI_COMM_WORLD, exit_code);
  std::exit(exit_code);
}
#else
double max(double value) { return value; }
double min(double value) { return value; }
long long min(long long value) { return value; }
void sum(std::vector<double>&) {}
void max(std::vector<double>&) {}
void barrier() {}
std::vector<double> gather(const std::vector<double>& values) { return values; }
void broadcast(std::vector<unsigned char>&, int) {}
void abort(int exit_code) { std::exit(exit_code); }
#endif

std::string prefix() {
  if (g_count == 1) return "";
  return "rank " + std::to_string(g_rank) + " of " + std::to_string(g_count) + ": ";
}

}  // namespace portaflow::ranks
