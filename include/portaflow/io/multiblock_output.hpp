// Output files of a steady multi-block run, from host snapshots: a VTK series of multi-block
// frames (.vtm per frame, one .vts piece per block, and the .pvd ParaView opens in one click,
// with the cycle number as its "time"), the final state (final.vtm) and the wall pressure
// (surface_cp.csv). Every file is written atomically.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "portaflow/io/vtk_writer.hpp"
#include "portaflow/schemes/multiblock/steady_solver.hpp"
#include "portaflow/schemes/run_config.hpp"

namespace portaflow::io {

// One curvilinear VTK block per snapshot block, named after it ("block_<b>" if it has no name),
// with the node fields as point data plus the 3-component point vector "velocity" (u, v, w; w = 0
// in 2D) when the snapshot has u and v. Throws portaflow::Error naming the block when the
// coordinates or a field do not have one entry per node.
std::vector<std::pair<std::string, StructuredBlock>> to_structured_blocks(
    const MultiBlockSnapshot& snapshot);

// surface_cp.csv: block,node,x,y,cp (3D: block,node,span_node,x,y,z,cp), one row per wall node in
// the order given (the solver lists each wall patch's nodes in order along it). Block names are
// written as they are (quoted if they hold a comma or a quote); numbers are written so they read
// back exactly.
void write_surface_cp_csv(const std::filesystem::path& file,
                          const std::vector<SurfacePoint>& points);

class MultiBlockOutput {
 public:
  // Creates the output folder.
  explicit MultiBlockOutput(const OutputConfig& config);

  // Adds <name>_NNNN.vtm (pieces in <name>_NNNN/) to the series at "time" = snapshot.cycle and
  // returns it; returns an empty path when output.vtk is off.
  std::filesystem::path write_frame(const MultiBlockSnapshot& snapshot);
  // final.vtm (pieces in final/), written whether or not output.vtk is on.
  std::filesystem::path write_final(const MultiBlockSnapshot& snapshot);
  // surface_cp.csv.
  std::filesystem::path write_surface(const std::vector<SurfacePoint>& points);

  const std::filesystem::path& directory() const { return dir_; }
  int frames_written() const { return frames_; }

 private:
  OutputConfig config_;
  std::filesystem::path dir_;
  std::unique_ptr<PvdSeries> series_;
  int frames_ = 0;
};

}  // namespace portaflow::io
