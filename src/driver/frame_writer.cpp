#include "frame_writer.hpp"

#include <pthread.h>
#include <signal.h>

#include "portaflow/io/atomic_write.hpp"

namespace portaflow::driver {

FrameWriter::~FrameWriter() { wait_quietly(); }

std::filesystem::path FrameWriter::start(SolutionSnapshot snapshot, double series_time,
                                         const std::string& label) {
  wait();
  const std::filesystem::path file = output_.next_frame_file(snapshot);
  if (file.empty()) return {};
  pending_file_ = file;
  pending_label_ = label;
  pending_ =
      std::async(std::launch::async, [this, file, series_time, frame = std::move(snapshot)]() {
        // Signals stay with the run's thread (driver/interrupt.hpp); this thread's writes have a
        // slot of their own for the handler to see.
        sigset_t signals;
        sigemptyset(&signals);
        sigaddset(&signals, SIGINT);
        sigaddset(&signals, SIGTERM);
        pthread_sigmask(SIG_BLOCK, &signals, nullptr);
        io::mark_background_writer();
        io::write_dataset(file, frame);
        output_.frame_written(file, series_time);
      });
  return file;
}

void FrameWriter::wait() {
  if (!pending_.valid()) return;
  pending_.get();  // rethrows the write's error
  last_file_ = pending_file_;
  last_written_ = pending_file_.string() + " " + pending_label_;
}

void FrameWriter::wait_quietly() noexcept {
  try {
    wait();
  } catch (...) {
  }
}

}  // namespace portaflow::driver
