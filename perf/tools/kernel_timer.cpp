// A Kokkos Tools library that times every kernel by its device time: set KOKKOS_PROFILE_LIBRARY
// to this file's .so and KERNEL_TIMER_OUT to the table's path (stderr without). The GPU nodes
// have no profiler, and PORTAFLOW_KERNEL_TIMES (src/app/kernel_times.cpp) fences around each
// kernel, so it counts each launch's host time too: on a small mesh that hides which kernels
// the device actually spends the cycle in, and how long it idles between them.
//
// On CUDA (when the process has libcudart loaded) it records an event on the default stream
// before and after each kernel, so a kernel's time is its time on the device, not the host's
// launch: the ordered legacy stream, which Kokkos 3.4's default instance uses, makes the
// "before" event complete when the previous work has. The time between one kernel's end and
// the next one's start (the device idle or doing copies) is summed as "between kernels".
// Elsewhere kernels are synchronous, and the host clock between begin and end is the time.
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace {

using EventCreate = int (*)(void**);
using EventRecord = int (*)(void*, void*);
using EventSynchronize = int (*)(void*);
using EventElapsed = int (*)(float*, void*, void*);

struct Totals {
  long long launches = 0;
  double seconds = 0;
};

struct Pending {
  int kernel;  // index into names
  int begin;   // event indices
  int end;
};

struct Timer {
  std::map<std::string, int> ids;
  std::vector<std::string> names;
  std::vector<Totals> totals;
  double between = 0;  // device time from one kernel's end to the next one's begin
  int current = -1;    // the kernel begun and not ended
  // CUDA
  bool cuda = false;
  EventCreate create = nullptr;
  EventRecord record = nullptr;
  EventSynchronize synchronize = nullptr;
  EventElapsed elapsed = nullptr;
  std::vector<void*> events;
  int used = 0;
  int last_end = -1;  // the event of the last drained kernel's end
  std::vector<Pending> pending;
  // host
  std::chrono::steady_clock::time_point started;

  static constexpr int kEvents = 8192;

  int id_of(const char* name) {
    const auto found = ids.find(name);
    if (found != ids.end()) return found->second;
    const int id = static_cast<int>(names.size());
    ids.emplace(name, id);
    names.emplace_back(name);
    totals.emplace_back();
    return id;
  }

  void find_cuda() {
    create = reinterpret_cast<EventCreate>(dlsym(RTLD_DEFAULT, "cudaEventCreate"));
    record = reinterpret_cast<EventRecord>(dlsym(RTLD_DEFAULT, "cudaEventRecord"));
    synchronize = reinterpret_cast<EventSynchronize>(dlsym(RTLD_DEFAULT, "cudaEventSynchronize"));
    elapsed = reinterpret_cast<EventElapsed>(dlsym(RTLD_DEFAULT, "cudaEventElapsedTime"));
    cuda = create && record && synchronize && elapsed;
  }

  void* next_event() {
    if (used == static_cast<int>(events.size())) {
      void* e = nullptr;
      if (create(&e) != 0) {
        std::fprintf(stderr, "kernel_timer: cudaEventCreate failed\n");
        std::exit(3);
      }
      events.push_back(e);
    }
    return events[used++];
  }

  // Adds the recorded kernels' times and frees the events for reuse.
  void drain() {
    if (pending.empty()) return;
    synchronize(events[pending.back().end]);
    for (const Pending& k : pending) {
      float ms = 0;
      elapsed(&ms, events[k.begin], events[k.end]);
      totals[k.kernel].seconds += 1e-3 * ms;
      if (last_end >= 0) {
        elapsed(&ms, events[last_end], events[k.begin]);
        between += 1e-3 * ms;
      }
      last_end = k.end;
    }
    // The last kernel's end opens the next batch's first gap: it becomes event 0.
    std::swap(events[0], events[last_end]);
    last_end = 0;
    used = 1;
    pending.clear();
  }

  void begin(const char* name) {
    current = id_of(name);
    ++totals[current].launches;
    if (!cuda) {
      started = std::chrono::steady_clock::now();
      return;
    }
    if (used + 2 > kEvents) drain();
    const int b = used;
    record(next_event(), nullptr);
    pending.push_back({current, b, b});
  }

  void end() {
    if (current < 0) return;
    if (!cuda) {
      totals[current].seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    } else {
      pending.back().end = used;
      record(next_event(), nullptr);
    }
    current = -1;
  }

  void report() {
    if (cuda) drain();
    std::vector<int> order(names.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return totals[a].seconds > totals[b].seconds; });
    double all = 0;
    long long launches = 0;
    for (const auto& t : totals) {
      all += t.seconds;
      launches += t.launches;
    }
    const char* path = std::getenv("KERNEL_TIMER_OUT");
    FILE* out = path ? std::fopen(path, "w") : stderr;
    if (!out) out = stderr;
    std::fprintf(out, "# kernel times (%s)\n", cuda ? "CUDA events, device time" : "host clock");
    std::fprintf(out, "%-56s %10s %12s %10s %7s\n", "kernel", "launches", "total s", "mean us",
                 "share");
    for (const int i : order)
      std::fprintf(out, "%-56s %10lld %12.6f %10.2f %6.1f%%\n", names[i].c_str(),
                   totals[i].launches, totals[i].seconds,
                   1e6 * totals[i].seconds / double(std::max(1LL, totals[i].launches)),
                   100 * totals[i].seconds / std::max(all, 1e-30));
    std::fprintf(out, "%-56s %10lld %12.6f\n", "all kernels", launches, all);
    if (cuda) std::fprintf(out, "%-56s %10s %12.6f\n", "between kernels (device)", "", between);
    if (out != stderr) std::fclose(out);
  }
};

Timer* timer = nullptr;

}  // namespace

extern "C" {

// Kokkos 3.4's Kokkos_Tools_ToolSettings.
struct ToolSettings {
  bool requires_global_fencing;
  bool padding[255];
};

// No fence around each kernel (Kokkos' default for a tool): the events order themselves, and a
// fence would add the host's launch time to every kernel's.
void kokkosp_request_tool_settings(const uint32_t, ToolSettings* settings) {
  settings->requires_global_fencing = false;
}

void kokkosp_init_library(int, uint64_t, uint32_t, void*) {
  timer = new Timer;
  timer->find_cuda();
  if (timer->cuda) timer->events.reserve(Timer::kEvents);
}

void kokkosp_finalize_library() {
  if (!timer) return;
  timer->report();
  delete timer;
  timer = nullptr;
}

void kokkosp_begin_parallel_for(const char* name, uint32_t, uint64_t*) { timer->begin(name); }
void kokkosp_end_parallel_for(uint64_t) { timer->end(); }
void kokkosp_begin_parallel_reduce(const char* name, uint32_t, uint64_t*) { timer->begin(name); }
void kokkosp_end_parallel_reduce(uint64_t) { timer->end(); }
void kokkosp_begin_parallel_scan(const char* name, uint32_t, uint64_t*) { timer->begin(name); }
void kokkosp_end_parallel_scan(uint64_t) { timer->end(); }

}  // extern "C"
