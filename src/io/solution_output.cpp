#include "portaflow/io/solution_output.hpp"

#include <cstdio>

#include "portaflow/core/error.hpp"
#include "portaflow/io/atomic_write.hpp"
#include "portaflow/io/csv_writer.hpp"

namespace portaflow::io {

StructuredBlock to_structured_block(const SolutionSnapshot& snapshot) {
  StructuredBlock block;
  std::vector<double>* axes[3] = {&block.x_axis, &block.y_axis, &block.z_axis};
  for (int d = 0; d < 3; ++d) {
    if (d < snapshot.dimension) {
      *axes[d] = snapshot.edges[d];
    } else {
      *axes[d] = {0.0};  // a flat direction: one point
    }
    block.points[d] = static_cast<int>(axes[d]->size());
  }
  for (const auto& field : snapshot.fields)
    block.cell_data.push_back({field.name, 1, field.values});
  return block;
}

void write_line_out_csv(const std::filesystem::path& file, const SolutionSnapshot& snapshot) {
  require(snapshot.dimension == 1, "internal error: a CSV line-out needs a 1D snapshot");
  const auto& edges = snapshot.edges[0];
  std::vector<std::string> header{"x"};
  std::vector<std::vector<double>> columns(1);
  for (std::size_t k = 0; k + 1 < edges.size(); ++k)
    columns[0].push_back(0.5 * (edges[k] + edges[k + 1]));
  for (const auto& field : snapshot.fields) {
    header.push_back(field.name);
    columns.push_back(field.values);
  }
  write_csv(file, header, columns);
}

SolutionOutput::SolutionOutput(const OutputConfig& config) : config_(config), dir_(config.dir) {
  ensure_directory(dir_);
  if (config_.vtk) series_ = std::make_unique<PvdSeries>(dir_ / (config_.name + ".pvd"));
}

LagrangeQuadMesh to_lagrange_mesh(const SolutionSnapshot& snapshot) {
  require(snapshot.elements.has_value(), "internal error: not a high-order snapshot");
  const LagrangeQuadSnapshot& e = *snapshot.elements;
  LagrangeQuadMesh mesh;
  mesh.order = e.order;
  mesh.cells = static_cast<std::size_t>(e.elements);
  mesh.point_coordinates = e.points;
  // Point fields under their names; element averages as "<name>_average" cell data.
  for (const auto& field : e.point_fields) mesh.point_data.push_back({field.name, 1, field.values});
  for (const auto& field : snapshot.fields)
    mesh.cell_data.push_back({field.name + "_average", 1, field.values});
  return mesh;
}

namespace {

StructuredBlock to_curvilinear_block(const CurvilinearNodesSnapshot& nodes) {
  StructuredBlock block;
  block.points = {nodes.points[0], nodes.points[1], 1};
  block.point_coordinates = nodes.coordinates;
  for (const auto& field : nodes.point_fields)
    block.point_data.push_back({field.name, 1, field.values});
  return block;
}

// A 2D snapshot's file: .vtu for high-order elements, .vts for nodes of a curvilinear grid,
// .vtr for a rectilinear grid.
void write_2d(const std::filesystem::path& file, const SolutionSnapshot& snapshot) {
  if (snapshot.elements)
    write_vtu(file, to_lagrange_mesh(snapshot));
  else if (snapshot.nodes)
    write_vts(file, to_curvilinear_block(*snapshot.nodes));
  else
    write_vtr(file, to_structured_block(snapshot));
}

const char* extension_2d(const SolutionSnapshot& snapshot) {
  return snapshot.elements ? ".vtu" : snapshot.nodes ? ".vts" : ".vtr";
}

}  // namespace

std::filesystem::path SolutionOutput::write_frame(const SolutionSnapshot& snapshot) {
  if (!series_) return {};
  char number[24];
  std::snprintf(number, sizeof number, "_%04d%s", frames_, extension_2d(snapshot));
  const std::filesystem::path file = dir_ / (config_.name + number);
  write_2d(file, snapshot);
  series_->add(snapshot.time, file);
  frame_list_.emplace_back(snapshot.time, file.filename().string());
  ++frames_;
  return file;
}

void SolutionOutput::restore_frames(const std::vector<std::pair<double, std::string>>& frames) {
  for (const auto& [time, name] : frames) {
    if (series_) series_->restore(time, name);
    frame_list_.emplace_back(time, name);
  }
  frames_ = static_cast<int>(frames.size());
}

std::filesystem::path SolutionOutput::write_final(const SolutionSnapshot& snapshot) {
  if (snapshot.dimension == 1) {
    const auto file = dir_ / "final.csv";
    write_line_out_csv(file, snapshot);
    return file;
  }
  const auto file = dir_ / (std::string("final") + extension_2d(snapshot));
  write_2d(file, snapshot);
  return file;
}

}  // namespace portaflow::io
