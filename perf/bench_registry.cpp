#include "perf/bench_registry.hpp"

#include <algorithm>

#include "portaflow/core/error.hpp"

namespace portaflow::bench {

namespace {

// Function-local statics: registration runs during static initialisation of other translation
// units, in an order the language leaves open, so the list must be built on first use.
std::vector<BenchKernel>& kernel_list() {
  static std::vector<BenchKernel> kernels;
  return kernels;
}

bool& kernel_list_sorted() {
  static bool sorted = false;
  return sorted;
}

}  // namespace

void register_kernel(BenchKernel kernel) {
  kernel_list().push_back(std::move(kernel));
  kernel_list_sorted() = false;
}

const std::vector<BenchKernel>& registered_kernels() {
  std::vector<BenchKernel>& kernels = kernel_list();
  if (!kernel_list_sorted()) {
    std::stable_sort(kernels.begin(), kernels.end(),
                     [](const BenchKernel& a, const BenchKernel& b) { return a.name < b.name; });
    for (std::size_t k = 1; k < kernels.size(); ++k) {
      if (kernels[k].name == kernels[k - 1].name)
        throw Error("two benchmark kernels are registered as '" + kernels[k].name +
                    "'; kernel names must be unique (see perf/bench_registry.hpp)");
    }
    kernel_list_sorted() = true;
  }
  return kernels;
}

const BenchKernel* find_kernel(std::string_view name) {
  for (const BenchKernel& kernel : registered_kernels())
    if (kernel.name == name) return &kernel;
  return nullptr;
}

}  // namespace portaflow::bench
