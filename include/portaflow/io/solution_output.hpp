// The one way a run's solution reaches disk, whatever the scheme: frames of a VTK series (and the
// .pvd ParaView opens in one click), the final state and the solver's result tables. The VTK
// data set follows the snapshot's output kind (schemes/scheme_descriptor.hpp):
//   cells     .vtr frames (cell data); final.csv in 1D, final.vtr in 2D
//   elements  .vtu frames of Lagrange quadrilaterals; final.vtu
//   nodes     .vts frames (point data); final.vts
//   blocks    .vtm frames with one .vts piece per block in <frame>/; final.vtm
// Every file is written atomically.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "portaflow/config/run_config.hpp"
#include "portaflow/io/vtk_writer.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::io {

// A cells snapshot as a rectilinear VTK block with cell arrays.
StructuredBlock to_structured_block(const SolutionSnapshot& snapshot);

// An elements snapshot as VTK Lagrange quadrilaterals: point fields rho, u, v, p, and the
// element averages as cell fields rho_average, ...
LagrangeQuadMesh to_lagrange_mesh(const SolutionSnapshot& snapshot);

// A blocks snapshot as curvilinear VTK blocks, each named after its block ("block_<b>" if it has
// no name), with the node fields as point data plus the 3-component point vector "velocity" (u, v,
// w; w = 0 in 2D) when the block has u and v. Throws portaflow::Error naming the block when the
// coordinates or a field do not have one entry per node.
std::vector<std::pair<std::string, StructuredBlock>> to_structured_blocks(
    const SolutionSnapshot& snapshot);

// final.csv: x (cell centre) then every field, one row per cell (1D runs).
void write_line_out_csv(const std::filesystem::path& file, const SolutionSnapshot& snapshot);

// <name>.csv of a result table: its text column first when it has one (quoted as RFC 4180 says
// where it holds a separator or a quote), then the numbers, written so they read back exactly.
void write_result_table(const std::filesystem::path& folder, const ResultTable& table);

// The file a snapshot is written to, without writing it: <stem> plus the kind's extension.
std::filesystem::path dataset_file(const std::filesystem::path& folder, const std::string& stem,
                                   const SolutionSnapshot& snapshot);
// Writes the snapshot's data set to `file` (as dataset_file named it).
void write_dataset(const std::filesystem::path& file, const SolutionSnapshot& snapshot);

class SolutionOutput {
 public:
  // Creates the output folder.
  explicit SolutionOutput(const OutputConfig& config);

  // The file the next frame goes to, and the .pvd entry for it at `series_time` (the simulated
  // time, or a steady run's cycle); empty when output.vtk is off. The caller writes the data
  // set (write_dataset) and then calls frame_written().
  std::filesystem::path next_frame_file(const SolutionSnapshot& snapshot) const;
  void frame_written(const std::filesystem::path& file, double series_time);
  // Writes a frame at once (next_frame_file, write_dataset, frame_written).
  std::filesystem::path write_frame(const SolutionSnapshot& snapshot, double series_time);
  // final.csv (1D cells) or final.<extension>, written whether or not output.vtk is on. When
  // `same_as` names a frame written from the same snapshot, a one-file final.<extension> is a
  // second name (a hard link) for it, not a second copy.
  std::filesystem::path write_final(const SolutionSnapshot& snapshot,
                                    const std::filesystem::path& same_as = {});

  bool writes_frames() const { return series_ != nullptr; }
  const std::filesystem::path& directory() const { return dir_; }
  int frames_written() const { return frames_; }
  // Frames written so far, (series time, file name in the output folder), for checkpoints.
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
