#include "portaflow/io/multiblock_output.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "portaflow/core/error.hpp"
#include "portaflow/io/atomic_write.hpp"
#include "portaflow/io/csv_writer.hpp"

namespace portaflow::io {
namespace fs = std::filesystem;

namespace {

const HostField* find_field(const BlockSnapshot& block, const std::string& name) {
  for (const auto& field : block.fields)
    if (field.name == name) return &field;
  return nullptr;
}

// VTK's vectors are 3-component tuples, interleaved (u0, v0, w0, u1, ...).
NamedArray velocity_vector(const BlockSnapshot& block, std::size_t nodes) {
  const HostField* components[3] = {find_field(block, "u"), find_field(block, "v"),
                                    find_field(block, "w")};
  NamedArray velocity{"velocity", 3, std::vector<double>(3 * nodes, 0.0)};
  for (int c = 0; c < 3; ++c) {
    if (!components[c]) continue;
    for (std::size_t n = 0; n < nodes; ++n) velocity.values[3 * n + c] = components[c]->values[n];
  }
  return velocity;
}

// A CSV text cell: as it is, or quoted (RFC 4180) when it holds a separator or a quote.
std::string csv_text(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace

std::vector<std::pair<std::string, StructuredBlock>> to_structured_blocks(
    const MultiBlockSnapshot& snapshot) {
  std::vector<std::pair<std::string, StructuredBlock>> blocks;
  for (std::size_t b = 0; b < snapshot.blocks.size(); ++b) {
    const BlockSnapshot& source = snapshot.blocks[b];
    const std::string name = source.name.empty() ? "block_" + std::to_string(b) : source.name;
    StructuredBlock block;
    block.points = source.nodes;
    const std::size_t nodes = number_of_points(block);
    if (source.coordinates.size() != 3 * nodes)
      throw Error("multi-block snapshot, block '" + name +
                  "': " + std::to_string(source.coordinates.size()) + " coordinates for " +
                  std::to_string(nodes) + " nodes (expected x, y, z per node)");
    block.point_coordinates = source.coordinates;
    for (const auto& field : source.fields) {
      if (field.values.size() != nodes)
        throw Error("multi-block snapshot, block '" + name + "': field '" + field.name + "' has " +
                    std::to_string(field.values.size()) + " values for " + std::to_string(nodes) +
                    " nodes");
      block.point_data.push_back({field.name, 1, field.values});
    }
    if (find_field(source, "u") && find_field(source, "v"))
      block.point_data.push_back(velocity_vector(source, nodes));
    blocks.emplace_back(name, std::move(block));
  }
  return blocks;
}

void write_surface_cp_csv(const fs::path& file, const std::vector<SurfacePoint>& points) {
  const bool solid = std::any_of(points.begin(), points.end(),
                                 [](const SurfacePoint& p) { return p.span_node >= 0; });
  std::string text = solid ? "block,node,span_node,x,y,z,cp\n" : "block,node,x,y,cp\n";
  for (const SurfacePoint& point : points) {
    text += csv_text(point.block) + "," + std::to_string(point.node) + ",";
    if (solid) text += std::to_string(point.span_node) + ",";
    text += format_round_trip(point.x) + "," + format_round_trip(point.y) + ",";
    if (solid) text += format_round_trip(point.z) + ",";
    text += format_round_trip(point.cp) + "\n";
  }
  write_text_atomically(file, text);
}

MultiBlockOutput::MultiBlockOutput(const OutputConfig& config) : config_(config), dir_(config.dir) {
  ensure_directory(dir_);
  if (config_.vtk) series_ = std::make_unique<PvdSeries>(dir_ / (config_.name + ".pvd"));
}

fs::path MultiBlockOutput::write_frame(const MultiBlockSnapshot& snapshot) {
  if (!series_) return {};
  char number[24];
  std::snprintf(number, sizeof number, "_%04d.vtm", frames_);
  const fs::path file = dir_ / (config_.name + number);
  write_vtm(file, to_structured_blocks(snapshot));
  series_->add(static_cast<double>(snapshot.cycle), file);
  ++frames_;
  return file;
}

fs::path MultiBlockOutput::write_final(const MultiBlockSnapshot& snapshot) {
  const fs::path file = dir_ / "final.vtm";
  write_vtm(file, to_structured_blocks(snapshot));
  return file;
}

fs::path MultiBlockOutput::write_surface(const std::vector<SurfacePoint>& points) {
  const fs::path file = dir_ / "surface_cp.csv";
  write_surface_cp_csv(file, points);
  return file;
}

}  // namespace portaflow::io
