// The ranks of a run started by mpirun (docs/mpi.md): who this process is and the few collective
// operations the solvers and the driver need. Built without MPI (the default presets) or started
// without mpirun, a run is one rank and every call here is the identity. Only src/core/ranks.cpp,
// halo_exchange.cpp and point_exchange.cpp see MPI, so the rest of the code compiles the same with
// or without it.
#pragma once

#include <string>
#include <vector>

namespace portaflow::ranks {

// True when the MPI library takes device (GPU) memory itself (CUDA-aware, by
// MPIX_Query_cuda_support): the halo exchange then hands it the device buffers instead of
// staging them through host memory. False without MPI and with Debian's Open MPI.
bool mpi_reads_device_memory();

// Starts MPI when the build has it (before Kokkos, so each rank can pick its GPU); `finish`
// ends it. Both are safe to call once each, in that order.
void start(int& argc, char**& argv);
void finish();

int rank();   // 0 .. count() - 1
int count();  // ranks in the run (1 without mpirun)
inline bool is_root() { return rank() == 0; }
// This rank's index among the ranks on its node (one GPU each), and how many share the node.
int node_rank();
int node_count();

// Reductions over every rank; each rank must call them in the same order. max() of a NaN
// anywhere is +infinity, so a non-physical cell on one rank stops them all.
double max(double value);
double min(double value);
long long min(long long value);
// Element-wise sums and maxima of equal-length vectors.
void sum(std::vector<double>& values);
void max(std::vector<double>& values);
void barrier();
// Every rank's `values` one after another, in rank order, on every rank (lengths may differ).
std::vector<double> gather(const std::vector<double>& values);

// Rank `root`'s bytes on every rank (`bytes` resized to them).
void broadcast(std::vector<unsigned char>& bytes, int root);

// Ends every rank at once with `exit_code` (MPI_Abort); a plain exit with one rank.
[[noreturn]] void abort(int exit_code);

// "rank 2 of 4: " in a run on several ranks, "" on one.
std::string prefix();

}  // namespace portaflow::ranks
