// Checkpoint files: what a run needs to continue exactly where it stopped. A short text header
// (times as hexadecimal floats, so they read back to the same bits) followed by the raw arrays.
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "portaflow/schemes/solver.hpp"

namespace portaflow::io {

struct Checkpoint {
  std::string scheme;
  std::string precision;
  std::array<int, 3> cells{1, 1, 1};
  std::vector<std::pair<double, std::string>> frames;  // VTK frames written: (time, file name)
  // The run loop's own state of the march (the output times passed, a steady run's reference
  // residuals, its wall time so far).
  std::vector<double> march;
  // The resolved deck of the run that wrote it, so that a restart can name the keys it changes
  // (empty in files of the previous format, which did not keep it).
  std::string deck;
  SolverState state;
};

// The file rank r of a run decomposed over several ranks writes and reads for `file`:
// "<stem>.rank<r><extension>" beside it (checkpoint.rank2.pfc); `file` itself on one rank. The
// note for messages: " (one file per rank, checkpoint.rank<r>.pfc)" or "".
std::filesystem::path rank_file(const std::filesystem::path& file);
std::string rank_file_note();

// Written to a temporary name and renamed.
void write_checkpoint(const std::filesystem::path& file, const Checkpoint& checkpoint);

// Throws InputError naming the file for a missing, truncated or foreign file.
Checkpoint read_checkpoint(const std::filesystem::path& file);

}  // namespace portaflow::io
