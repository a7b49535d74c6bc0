// Where and with what a measurement was taken: host, backend and device, versions, and how the
// binary was built, for the metadata of every results file.
#pragma once

#include <string>

namespace portaflow::bench {

// Facts fixed when the binary was built (perf/build_info.cpp.in, regenerated on every build so
// the commit is the one built, not the one configured).
struct BuildInfo {
  std::string version;         // PortaFlow's project version
  std::string commit;          // git rev-parse --short HEAD at build time; "unknown" outside git
  bool tree_dirty = false;     // tracked files differed from the commit at build time
  std::string compiler;        // "GNU 12.2.0", "GNU 11.4.0 (nvcc_wrapper)"...
  std::string build_type;      // CMAKE_BUILD_TYPE
  std::string cxx_flags;       // CMAKE_CXX_FLAGS + CMAKE_CXX_FLAGS_<BUILD_TYPE>
  std::string kokkos_devices;  // Kokkos_DEVICES of the Kokkos install
  std::string kokkos_arch;     // Kokkos_ARCH of the Kokkos install (empty: compiler default)
};
const BuildInfo& build_info();

// The commit to report: PORTAFLOW_COMMIT from the environment when set (a GPU node has no git),
// else the one built in. `source` says which ("environment" or "build").
std::string reported_commit(std::string* source = nullptr);

struct SystemInfo {
  std::string host_name;
  std::string cpu_model;  // /proc/cpuinfo "model name" (or "unknown")
  int logical_cpus = 0;   // std::thread::hardware_concurrency()
  std::string backend;    // Kokkos execution space: "OpenMP", "Serial", "Cuda"
  int concurrency = 0;    // ExecSpace().concurrency(): OpenMP threads, or GPU threads
  std::string device;  // one line: "NVIDIA H200 (sm_90, 132 SMs, 141 GB)", "AMD EPYC (2 threads)"
  std::string omp_num_threads;  // environment as seen by the process; empty when unset
  std::string omp_proc_bind;
  std::string omp_places;
  std::string kokkos_version;  // "3.4.1"
  // CUDA builds only (has_cuda = false elsewhere).
  bool has_cuda = false;
  std::string gpu_name;
  int compute_capability_major = 0;
  int compute_capability_minor = 0;
  long long gpu_memory_bytes = 0;
  int multiprocessors = 0;
  double gpu_theoretical_bandwidth_gb_per_s = 0;  // 2 x memory clock x bus width (vendor peak)
  int cuda_runtime_compiled = 0;  // CUDART_VERSION the binary was built with (11080)
  int cuda_runtime = 0;           // cudaRuntimeGetVersion
  int cuda_driver = 0;            // cudaDriverGetVersion (highest CUDA the driver supports)
};

// Call after Kokkos is initialised.
SystemInfo query_system();

// Now, as "2026-11-21T13:55:03Z".
std::string utc_now_iso8601();

}  // namespace portaflow::bench
