#include "perf/system_info.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <thread>

#include "portaflow/core/types.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime_api.h>
#endif

namespace portaflow::bench {

namespace {

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

std::string cpu_model_name() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) {
        std::string model = line.substr(colon + 1);
        const auto first = model.find_first_not_of(" \t");
        return first == std::string::npos ? "unknown" : model.substr(first);
      }
    }
  }
  return "unknown";
}

}  // namespace

std::string reported_commit(std::string* source) {
  const std::string from_environment = environment("PORTAFLOW_COMMIT");
  if (!from_environment.empty()) {
    if (source) *source = "environment";
    return from_environment;
  }
  if (source) *source = "build";
  return build_info().commit;
}

SystemInfo query_system() {
  SystemInfo info;
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) == 0) info.host_name = host;
  info.cpu_model = cpu_model_name();
  info.logical_cpus = static_cast<int>(std::thread::hardware_concurrency());
  info.backend = backend_name();
  info.concurrency = ExecSpace().concurrency();
  info.omp_num_threads = environment("OMP_NUM_THREADS");
  info.omp_proc_bind = environment("OMP_PROC_BIND");
  info.omp_places = environment("OMP_PLACES");
  info.kokkos_version = std::to_string(KOKKOS_VERSION / 10000) + "." +
                        std::to_string(KOKKOS_VERSION / 100 % 100) + "." +
                        std::to_string(KOKKOS_VERSION % 100);
  info.device = info.cpu_model + " (" + std::to_string(info.concurrency) + " " +
                (info.concurrency == 1 ? "thread" : "threads") + ")";
#if defined(KOKKOS_ENABLE_CUDA)
  info.has_cuda = true;
  info.cuda_runtime_compiled = CUDART_VERSION;
  cudaRuntimeGetVersion(&info.cuda_runtime);
  cudaDriverGetVersion(&info.cuda_driver);
  int device = 0;
  cudaDeviceProp properties{};
  if (cudaGetDevice(&device) == cudaSuccess &&
      cudaGetDeviceProperties(&properties, device) == cudaSuccess) {
    info.gpu_name = properties.name;
    info.compute_capability_major = properties.major;
    info.compute_capability_minor = properties.minor;
    info.gpu_memory_bytes = static_cast<long long>(properties.totalGlobalMem);
    info.multiprocessors = properties.multiProcessorCount;
    // memoryClockRate is in kHz, memoryBusWidth in bits; DDR: two transfers per clock.
    info.gpu_theoretical_bandwidth_gb_per_s =
        2.0 * properties.memoryClockRate * 1e3 * (properties.memoryBusWidth / 8.0) / 1e9;
  }
  if (std::is_same_v<ExecSpace, Kokkos::Cuda>) {
    char text[256];
    std::snprintf(text, sizeof text, "%s (sm_%d%d, %d SMs, %.0f GB)", info.gpu_name.c_str(),
                  info.compute_capability_major, info.compute_capability_minor,
                  info.multiprocessors, static_cast<double>(info.gpu_memory_bytes) / 1e9);
    info.device = text;
  }
#endif
  return info;
}

std::string utc_now_iso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace portaflow::bench
