// The registry of kernels that portaflow-bench can time.
//
// HOW TO ADD A KERNEL (the pattern every scheme follows; perf/kernels/stencil2d_bench.cpp is the
// worked example):
//
//  1. Create perf/kernels/<scheme>_bench.cpp (e.g. cese1d_bench.cpp). Every .cpp under
//     perf/kernels/ is compiled straight into portaflow-bench (and into portaflow_tests) as object
//     files, never through a static library, so the linker cannot drop the registration object.
//     Nothing else needs editing: no CMake change, no list of kernels to update.
//  2. In it, derive a case from BenchCase that owns the state of one problem of about `cells`
//     cells (allocate and initialise in the constructor; that is not timed):
//       - step(): one timed unit of work, usually one full time step of the scheme. Launch
//         kernels only: NO Kokkos::fence() inside (the harness fences around the timed batch) and
//         no host read-back, unless the scheme really does one per step (e.g. reading dt from a
//         max-reduction), in which case that is part of the cost and says so in the description.
//         Step the same state over and over: double-buffer (swap Views) rather than copy back.
//       - cell_updates_per_step(): cells advanced by one step() (interior cells, not ghosts; a
//         CE/SE step of two half-steps counts each cell once per full step).
//       - healthy(): true if the state is still sane after the run (finite, rho > 0, p > 0); the
//         harness calls it once after timing, so it may fence and reduce. A false makes the
//         run exit non-zero: a benchmark of a scheme that blew up is broken.
//  3. Register it with a file-scope KernelRegistration object ([[maybe_unused]] keeps nvcc from
//     warning that nothing refers to it):
//       [[maybe_unused]] const KernelRegistration kRegistered{BenchKernel{
//           "cese1d.team",             // name: <scheme>.<variant>, unique; used by --kernel
//           "cese1d", "team",          // scheme, variant
//           "one CE/SE step (two half-steps) ...",  // what one step() does, how cells map to
//                                                   // the grid (1D: n = cells; 2D: n x n)
//           bytes_per_cell_update,     // compulsory DRAM traffic per cell update, in bytes, for
//                                      // the Real in use (multiply by sizeof(Real)): each
//                                      // array read once plus each array written once
//           flops_per_cell_update,     // floating-point operations per cell update, counted
//                                      // from the code (add/sub/mul = 1, FMA = 2, div/sqrt = 1;
//                                      // say in a comment how you counted)
//           [](long long cells) { return std::make_unique<MyCase>(cells); }}};
//     Both figures are declared, not measured: the harness divides the measured ceilings by
//     them to get the kernel's roofline bound. Give the arithmetic in a comment beside them.
//  4. Kernels inside a case: use portaflow::par_for / par_reduce and the View aliases of
//     portaflow/core/types.hpp. Under CUDA a KOKKOS_LAMBDA must not capture `this`: copy the
//     Views you need into locals first, and launch kernels from public member functions, not
//     from constructors (nvcc refuses extended lambdas in either of those places).
//
// `portaflow-bench --list` shows what is registered.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace portaflow::bench {

// One problem instance being timed. See the pattern above.
struct BenchCase {
  virtual ~BenchCase() = default;
  // One timed unit of work. Launches kernels; no fence inside.
  virtual void step() = 0;
  // Cells advanced by one step().
  virtual long long cell_updates_per_step() const = 0;
  // Checked once after timing: false means the kernel produced garbage (NaN, negative density).
  virtual bool healthy() const { return true; }
};

struct BenchKernel {
  std::string name;                  // unique, "<scheme>.<variant>"
  std::string scheme;                // "cese1d", "probe", ...
  std::string variant;               // "team", "flat", ...
  std::string description;           // what one step() does and how `cells` maps to the grid
  double bytes_per_cell_update = 0;  // compulsory bytes per cell update, for the Real in use
  double flops_per_cell_update = 0;  // counted flops per cell update (0: not counted)
  // Builds a case of about `cells` cells (the case reports the exact count it chose). May throw
  // (e.g. out of device memory); the harness records the size as skipped and goes on.
  std::function<std::unique_ptr<BenchCase>(long long cells)> make;
};

// Adds a kernel. Called from static initialisers, so it never throws; duplicate names are
// reported by registered_kernels().
void register_kernel(BenchKernel kernel);

// Every registered kernel, sorted by name. Throws portaflow::Error if two share a name.
const std::vector<BenchKernel>& registered_kernels();

// The kernel called `name`, or nullptr.
const BenchKernel* find_kernel(std::string_view name);

// A file-scope object of this type registers a kernel before main() runs.
struct KernelRegistration {
  explicit KernelRegistration(BenchKernel kernel) { register_kernel(std::move(kernel)); }
};

}  // namespace portaflow::bench
