// Writes a run's solution files from host snapshots: a VTK series (one .vtr per frame, .vtu for
// high-order elements, plus the .pvd ParaView opens in one click) and the final state (final.csv
// in 1D, final.vtr or final.vtu in 2D).
#pragma once

#include <filesystem>
#include <memory>

#include "portaflow/io/vtk_writer.hpp"
#include "portaflow/schemes/run_config.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::io {

// The snapshot as a rectilinear VTK block with cell arrays.
StructuredBlock to_structured_block(const SolutionSnapshot& snapshot);

// A high-order snapshot as VTK Lagrange quadrilaterals: point fields rho, u, v, p, and the
// element averages as cell fields rho_average, ...
LagrangeQuadMesh to_lagrange_mesh(const SolutionSnapshot& snapshot);

// final.csv: x (cell centre) then every field, one row per cell (1D runs).
void write_line_out_csv(const std::filesystem::path& file, const SolutionSnapshot& snapshot);

class SolutionOutput {
 public:
  explicit SolutionOutput(const OutputConfig& config);

  // Adds a frame to the VTK series (when output.vtk is on); returns the file written.
  std::filesystem::path write_frame(const SolutionSnapshot& snapshot);
  // final.csv (1D) or final.vtr (2D and up).
  std::filesystem::path write_final(const SolutionSnapshot& snapshot);

  const std::filesystem::path& directory() const { return dir_; }
  int frames_written() const { return frames_; }
  // Frames written so far, (time, file name in the output folder), for checkpoints.
  const std::vector<std::pair<double, std::string>>& frames() const { return frame_list_; }
  // Continues the series of an earlier run (restart): numbering and .pvd entries.
  void restore_frames(const std::vector<std::pair<double, std::string>>& frames);

 private:
  OutputConfig config_;
  std::filesystem::path dir_;
  std::unique_ptr<PvdSeries> series_;
  int frames_ = 0;
  std::vector<std::pair<double, std::string>> frame_list_;
};

}  // namespace portaflow::io
