// VTK frames written by a second host thread while the solver goes on: the run's thread takes the
// snapshot (the copy to the host), hands it over and steps on; at most one frame is in flight
// (double buffering: the next frame waits for it). The run waits for it before anything that
// needs the frame on disk (a checkpoint, a stop, the end), and an error writing it surfaces
// there.
#pragma once

#include <filesystem>
#include <functional>
#include <future>
#include <string>

#include "portaflow/io/solution_output.hpp"

namespace portaflow::driver {

class FrameWriter {
 public:
  explicit FrameWriter(io::SolutionOutput& output) : output_(output) {}
  ~FrameWriter();
  FrameWriter(const FrameWriter&) = delete;
  FrameWriter& operator=(const FrameWriter&) = delete;

  // Starts writing `snapshot` as the series' next frame at `series_time`, after the frame in
  // flight; `label` says which frame it is ("(t = 0.5)"). Returns its file (empty when the run
  // writes no frames).
  std::filesystem::path start(SolutionSnapshot snapshot, double series_time,
                              const std::string& label);
  // Waits for the frame in flight; rethrows what its write threw.
  void wait();
  // Waits, keeping quiet about a failed write (the run is stopping for another reason).
  void wait_quietly() noexcept;

  // The last frame written whole: its file and label ("" before any).
  const std::string& last_written() const { return last_written_; }
  const std::filesystem::path& last_file() const { return last_file_; }

 private:
  io::SolutionOutput& output_;
  std::future<void> pending_;
  std::filesystem::path pending_file_, last_file_;
  std::string pending_label_, last_written_;
};

}  // namespace portaflow::driver
