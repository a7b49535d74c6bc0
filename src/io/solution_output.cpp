#include "portaflow/io/solution_output.hpp"

#include <cstdio>

#include "portaflow/core/error.hpp"
#include "portaflow/core/ranks.hpp"
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

// The one curvilinear grid of a nodes snapshot, as its .vts (point data only, no vector).
StructuredBlock to_curvilinear_block(const BlockSnapshot& nodes) {
  StructuredBlock block;
  block.points = nodes.nodes;
  block.point_coordinates = nodes.coordinates;
  for (const auto& field : nodes.fields) block.point_data.push_back({field.name, 1, field.values});
  return block;
}

const char* extension(const SolutionSnapshot& snapshot) {
  switch (snapshot.kind) {
    case OutputKind::kCells:
      return snapshot.part ? ".pvtr" : ".vtr";
    case OutputKind::kElements:
      return snapshot.part ? ".pvtu" : ".vtu";
    case OutputKind::kNodes:
      return ".vts";
    case OutputKind::kBlocks:
      return ".vtm";
  }
  return "";
}

// `file` as a second name of `existing` (a hard link, put in place by rename, so a reader never
// finds it half made); false when the file system refuses links.
bool link_atomically(const fs::path& existing, const fs::path& file) {
  const fs::path temporary = file.parent_path() / ("." + file.filename().string() + ".link");
  std::error_code status;
  fs::remove(temporary, status);
  fs::create_hard_link(existing, temporary, status);
  if (status) return false;
  fs::rename(temporary, file, status);
  if (!status) return true;
  fs::remove(temporary, status);
  return false;
}

}  // namespace

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
  if (snapshot.part) {
    const auto& box = snapshot.part->boxes[static_cast<std::size_t>(snapshot.part->rank)];
    block.first = {static_cast<int>(box[0]), static_cast<int>(box[1]), 0};
  }
  return block;
}

namespace {

// A decomposed run's data set (SnapshotPart): this rank's piece "<stem>/<stem>_<rank>.vtr" (or
// .vtu for elements), and on rank 0 the index "<stem>.pvtr" (.pvtu) naming every rank's piece.
void write_part(const fs::path& index, const SolutionSnapshot& snapshot) {
  const SnapshotPart& part = *snapshot.part;
  const bool elements = snapshot.kind == OutputKind::kElements;
  const std::string stem = index.stem().string();
  const fs::path folder = index.parent_path() / stem;
  ensure_directory(folder);
  const auto piece_name = [&](std::size_t r) {
    return stem + "/" + stem + "_" + std::to_string(r) + (elements ? ".vtu" : ".vtr");
  };
  const fs::path piece = index.parent_path() / piece_name(static_cast<std::size_t>(part.rank));
  if (elements) {
    const LagrangeQuadMesh mesh = to_lagrange_mesh(snapshot);
    write_vtu(piece, mesh);
    if (part.rank != 0) return;
    std::vector<std::string> files, point_names, cell_names;
    for (std::size_t r = 0; r < part.boxes.size(); ++r) files.push_back(piece_name(r));
    for (const auto& field : mesh.point_data) point_names.push_back(field.name);
    for (const auto& field : mesh.cell_data) cell_names.push_back(field.name);
    write_pvtu(index, files, point_names, cell_names);
    return;
  }
  write_vtr(piece, to_structured_block(snapshot));
  if (part.rank != 0) return;
  std::vector<RectilinearPiece> pieces;
  for (std::size_t r = 0; r < part.boxes.size(); ++r) {
    const auto& box = part.boxes[r];
    pieces.push_back({{static_cast<int>(box[0]), static_cast<int>(box[1]), 0},
                      {static_cast<int>(box[2]) + 1, static_cast<int>(box[3]) + 1, 1},
                      piece_name(r)});
  }
  std::vector<std::string> names;
  for (const auto& field : snapshot.fields) names.push_back(field.name);
  write_pvtr(index, {static_cast<int>(part.whole[0]) + 1, static_cast<int>(part.whole[1]) + 1, 1},
             pieces, names);
}

}  // namespace

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

std::vector<std::pair<std::string, StructuredBlock>> to_structured_blocks(
    const SolutionSnapshot& snapshot) {
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

void write_line_out_csv(const fs::path& file, const SolutionSnapshot& snapshot) {
  require(snapshot.kind == OutputKind::kCells && snapshot.dimension == 1,
          "internal error: a CSV line-out needs a 1D cells snapshot");
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

void write_result_table(const fs::path& folder, const ResultTable& table) {
  const fs::path file = folder / (table.name + ".csv");
  if (table.label_header.empty()) {
    write_csv(file, table.header, table.columns);
    return;
  }
  for (const auto& column : table.columns)
    require(column.size() == table.labels.size(),
            "internal error: table '" + table.name + "' has columns of different lengths");
  std::string text = table.label_header;
  for (const auto& name : table.header) text += "," + name;
  text += "\n";
  for (std::size_t r = 0; r < table.labels.size(); ++r) {
    text += csv_text(table.labels[r]);
    for (const auto& column : table.columns) text += "," + format_round_trip(column[r]);
    text += "\n";
  }
  write_text_atomically(file, text);
}

fs::path dataset_file(const fs::path& folder, const std::string& stem,
                      const SolutionSnapshot& snapshot) {
  return folder / (stem + extension(snapshot));
}

void write_dataset(const fs::path& file, const SolutionSnapshot& snapshot) {
  switch (snapshot.kind) {
    case OutputKind::kCells:
      if (snapshot.part)
        write_part(file, snapshot);
      else
        write_vtr(file, to_structured_block(snapshot));
      return;
    case OutputKind::kElements:
      if (snapshot.part)
        write_part(file, snapshot);
      else
        write_vtu(file, to_lagrange_mesh(snapshot));
      return;
    case OutputKind::kNodes:
      require(snapshot.blocks.size() == 1, "internal error: a nodes snapshot has one grid");
      write_vts(file, to_curvilinear_block(snapshot.blocks.front()));
      return;
    case OutputKind::kBlocks:
      if (snapshot.part)
        write_vtm_part(file, to_structured_blocks(snapshot), snapshot.part->block_ids,
                       snapshot.part->block_names, snapshot.part->rank == 0);
      else
        write_vtm(file, to_structured_blocks(snapshot));
      return;
  }
}

SolutionOutput::SolutionOutput(const OutputConfig& config) : config_(config), dir_(config.dir) {
  ensure_directory(dir_);
  if (config_.vtk) series_ = std::make_unique<PvdSeries>(dir_ / (config_.name + ".pvd"));
}

fs::path SolutionOutput::next_frame_file(const SolutionSnapshot& snapshot) const {
  if (!series_) return {};
  char number[24];
  std::snprintf(number, sizeof number, "_%04d", frames_);
  return dataset_file(dir_, config_.name + number, snapshot);
}

void SolutionOutput::frame_written(const fs::path& file, double series_time) {
  if (ranks::is_root()) series_->add(series_time, file);  // one .pvd, however many ranks
  frame_list_.emplace_back(series_time, file.filename().string());
  ++frames_;
}

fs::path SolutionOutput::write_frame(const SolutionSnapshot& snapshot, double series_time) {
  const fs::path file = next_frame_file(snapshot);
  if (file.empty()) return {};
  write_dataset(file, snapshot);
  frame_written(file, series_time);
  return file;
}

void SolutionOutput::restore_frames(const std::vector<std::pair<double, std::string>>& frames) {
  for (const auto& [time, name] : frames) {
    if (series_) series_->restore(time, name);
    frame_list_.emplace_back(time, name);
  }
  frames_ = static_cast<int>(frames.size());
}

fs::path SolutionOutput::write_final(const SolutionSnapshot& snapshot, const fs::path& same_as) {
  if (snapshot.kind == OutputKind::kCells && snapshot.dimension == 1) {
    const auto file = dir_ / "final.csv";
    write_line_out_csv(file, snapshot);
    return file;
  }
  const fs::path file = dataset_file(dir_, "final", snapshot);
  // A decomposed run's final pieces are written again: a link made on one rank alone could
  // leave the index naming pieces the other ranks never wrote.
  if (!same_as.empty() && snapshot.kind != OutputKind::kBlocks && !snapshot.part &&
      link_atomically(same_as, file))
    return file;
  write_dataset(file, snapshot);
  return file;
}

}  // namespace portaflow::io
