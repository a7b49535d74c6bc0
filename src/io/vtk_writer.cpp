// VTK XML writers for structured blocks: the one translation unit that sees VTK's data model.
//
// Choices, and the VTK 9.1 behaviour behind them:
// - Raw binary appended data, Float64, no compression. Computed double-precision fields have
//   noisy low-order mantissa bits, so compression buys little for its time. Measured on the build
//   machine (VTK 9.1, a 1000 x 1000 grid with 4 Float64 cell arrays, 32 MB, smooth fields with
//   1e-9 relative noise): raw 0.03 s; zlib 0.7 s for a file 27% smaller; LZ4 0.07 s and no
//   smaller. (Noise-free analytic fields do compress 4x, but a running solution is not that.)
//   Binary (not ASCII) data reads back bit for bit; uncompressed opens in any ParaView version.
//   UInt64 block headers lift the 4 GB limit of one array.
// - vtkXMLWriter::Write() returns 1 even when the file cannot be opened (it only logs the error
//   and sets the error code), so success is judged by the error code as well. The code is turned
//   into words here rather than by vtkErrorCode::GetStringFromErrorCode, which lives in
//   VTK::CommonMisc, a library portaflow_io does not link.
// - vtkXMLMultiBlockDataWriter names the piece folder and pieces after its own file name: given
//   the temporary ".flow.vtm.tmp-<pid>-<n>" it writes ".flow.vtm/.flow.vtm_0.vtr" and lists those
//   names in the .vtm, which no rename can make consistent, and the pieces themselves would not be
//   written atomically. So write_vtm writes each piece with write_vtr/write_vts (atomically) and
//   then the small .vtm XML itself, in the layout vtkXMLMultiBlockDataWriter would have used.
#include "portaflow/io/vtk_writer.hpp"

#include <vtkCellData.h>
#include <vtkCellType.h>
#include <vtkDoubleArray.h>
#include <vtkErrorCode.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkSmartPointer.h>
#include <vtkStructuredGrid.h>
#include <vtkUnstructuredGrid.h>
#include <vtkXMLRectilinearGridWriter.h>
#include <vtkXMLStructuredGridWriter.h>
#include <vtkXMLUnstructuredGridWriter.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include "portaflow/core/error.hpp"
#include "portaflow/io/atomic_write.hpp"
#include "portaflow/io/csv_writer.hpp"

namespace portaflow::io {
namespace fs = std::filesystem;

namespace {

enum class Geometry { kRectilinear, kCurvilinear };

const char* geometry_extension(Geometry geometry) {
  return geometry == Geometry::kRectilinear ? ".vtr" : ".vts";
}

// ---- validation: every message names the file (and block) and the offending axis or array ----

void check_arrays(const std::string& where, const char* kind, const std::vector<NamedArray>& arrays,
                  std::size_t tuples, const char* tuple_name) {
  std::set<std::string> seen;
  for (const NamedArray& array : arrays) {
    if (array.name.empty()) throw Error(where + ": a " + kind + " array has an empty name");
    if (!seen.insert(array.name).second) {
      throw Error(where + ": two " + kind + " arrays are named '" + array.name + "'");
    }
    if (array.components < 1) {
      throw Error(where + ": " + kind + " array '" + array.name + "' has " +
                  std::to_string(array.components) + " components; it needs at least 1");
    }
    const std::size_t expected = tuples * static_cast<std::size_t>(array.components);
    if (array.values.size() != expected) {
      throw Error(where + ": " + kind + " array '" + array.name + "' has " +
                  std::to_string(array.values.size()) + " values but the block has " +
                  std::to_string(tuples) + " " + tuple_name + " x " +
                  std::to_string(array.components) + " components = " + std::to_string(expected));
    }
  }
}

void check_block(const std::string& where, const StructuredBlock& block, Geometry geometry) {
  for (int d = 0; d < 3; ++d) {
    if (block.points[d] < 1) {
      throw Error(where + ": points[" + std::to_string(d) + "] is " +
                  std::to_string(block.points[d]) + "; every direction needs at least 1 point");
    }
  }
  const std::size_t points = number_of_points(block);
  const bool has_axes = !block.x_axis.empty() || !block.y_axis.empty() || !block.z_axis.empty();
  const bool has_coordinates = !block.point_coordinates.empty();
  if (geometry == Geometry::kRectilinear) {
    if (has_coordinates) {
      throw Error(where +
                  ": the block has point_coordinates (a curvilinear block); write it as "
                  ".vts, or give x_axis/y_axis/z_axis only");
    }
    const std::array<const std::vector<double>*, 3> axes{&block.x_axis, &block.y_axis,
                                                         &block.z_axis};
    const char* axis_names[3] = {"x_axis", "y_axis", "z_axis"};
    for (int d = 0; d < 3; ++d) {
      const std::size_t size = axes[d]->size();
      const bool unused_and_empty = block.points[d] == 1 && size == 0;
      if (size != static_cast<std::size_t>(block.points[d]) && !unused_and_empty) {
        throw Error(where + ": " + axis_names[d] + " has " + std::to_string(size) +
                    " coordinates but points[" + std::to_string(d) + "] is " +
                    std::to_string(block.points[d]));
      }
    }
  } else {
    if (has_axes) {
      throw Error(where +
                  ": the block has x_axis/y_axis/z_axis (a rectilinear block); write it as "
                  ".vtr, or give point_coordinates only");
    }
    if (block.point_coordinates.size() != 3 * points) {
      throw Error(where + ": point_coordinates has " +
                  std::to_string(block.point_coordinates.size()) + " values but the block has " +
                  std::to_string(points) + " points x 3 = " + std::to_string(3 * points));
    }
  }
  check_arrays(where, "cell", block.cell_data, number_of_cells(block), "cells");
  check_arrays(where, "point", block.point_data, points, "points");
}

std::string file_label(const fs::path& path) { return "VTK file '" + path.string() + "'"; }

// ---- conversion to VTK objects ----

vtkSmartPointer<vtkDoubleArray> to_vtk(const std::string& name, int components,
                                       const std::vector<double>& values) {
  auto array = vtkSmartPointer<vtkDoubleArray>::New();
  array->SetName(name.c_str());
  array->SetNumberOfComponents(components);
  array->SetNumberOfTuples(static_cast<vtkIdType>(values.size() / components));
  std::copy(values.begin(), values.end(), array->GetPointer(0));
  return array;
}

vtkSmartPointer<vtkDoubleArray> axis_to_vtk(const std::vector<double>& axis) {
  return to_vtk("", 1, axis.empty() ? std::vector<double>{0.0} : axis);
}

void attach_arrays(vtkDataSet* data_set, const StructuredBlock& block) {
  for (const NamedArray& array : block.cell_data) {
    data_set->GetCellData()->AddArray(to_vtk(array.name, array.components, array.values));
  }
  for (const NamedArray& array : block.point_data) {
    data_set->GetPointData()->AddArray(to_vtk(array.name, array.components, array.values));
  }
}

vtkSmartPointer<vtkRectilinearGrid> to_rectilinear_grid(const StructuredBlock& block) {
  auto grid = vtkSmartPointer<vtkRectilinearGrid>::New();
  grid->SetDimensions(block.points[0], block.points[1], block.points[2]);
  grid->SetXCoordinates(axis_to_vtk(block.x_axis));
  grid->SetYCoordinates(axis_to_vtk(block.y_axis));
  grid->SetZCoordinates(axis_to_vtk(block.z_axis));
  attach_arrays(grid, block);
  return grid;
}

vtkSmartPointer<vtkStructuredGrid> to_structured_grid(const StructuredBlock& block) {
  auto grid = vtkSmartPointer<vtkStructuredGrid>::New();
  grid->SetDimensions(block.points[0], block.points[1], block.points[2]);
  auto points = vtkSmartPointer<vtkPoints>::New();
  points->SetData(to_vtk("Points", 3, block.point_coordinates));
  grid->SetPoints(points);
  attach_arrays(grid, block);
  return grid;
}

// Below FirstVTKErrorCode, VTK stores the errno of the failed system call.
std::string describe_vtk_error(unsigned long code) {
  if (code == vtkErrorCode::NoError) return "Write() returned failure without an error code";
  if (code < vtkErrorCode::FirstVTKErrorCode) return std::strerror(static_cast<int>(code));
  switch (code) {
    case vtkErrorCode::FileNotFoundError:
      return "file not found";
    case vtkErrorCode::CannotOpenFileError:
      return "cannot open the file";
    case vtkErrorCode::NoFileNameError:
      return "no file name";
    case vtkErrorCode::OutOfDiskSpaceError:
      return "out of disk space";
    default:
      return "VTK error code " + std::to_string(code);
  }
}

// Runs a configured VTK XML writer into `temporary`, throwing when VTK reports a failure.
template <class Writer>
void run_vtk_writer(Writer& writer, vtkDataObject* data, const fs::path& temporary) {
  writer.SetInputData(data);
  writer.SetFileName(temporary.c_str());
  writer.SetDataModeToAppended();
  writer.EncodeAppendedDataOff();
  writer.SetCompressorTypeToNone();
  writer.SetHeaderTypeToUInt64();
  const int status = writer.Write();
  const unsigned long error_code = writer.GetErrorCode();
  if (status != 1 || error_code != vtkErrorCode::NoError) {
    throw Error(std::string("VTK's ") + writer.GetClassName() + " failed (" +
                describe_vtk_error(error_code) + ")");
  }
}

void write_rectilinear(const fs::path& path, const StructuredBlock& block) {
  const vtkSmartPointer<vtkRectilinearGrid> grid = to_rectilinear_grid(block);
  write_atomically(path, [&](const fs::path& temporary) {
    auto writer = vtkSmartPointer<vtkXMLRectilinearGridWriter>::New();
    run_vtk_writer(*writer, grid, temporary);
  });
}

void write_curvilinear(const fs::path& path, const StructuredBlock& block) {
  const vtkSmartPointer<vtkStructuredGrid> grid = to_structured_grid(block);
  write_atomically(path, [&](const fs::path& temporary) {
    auto writer = vtkSmartPointer<vtkXMLStructuredGridWriter>::New();
    run_vtk_writer(*writer, grid, temporary);
  });
}

// ---- small hand-written XML files (.vtm, .pvd) ----

std::string xml_escape(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    switch (c) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      case '\'':
        escaped += "&apos;";
        break;
      default:
        escaped += c;
    }
  }
  return escaped;
}

const char* byte_order() {
  const std::uint16_t probe = 1;
  unsigned char first_byte = 0;
  std::memcpy(&first_byte, &probe, 1);
  return first_byte == 1 ? "LittleEndian" : "BigEndian";
}

void write_text_file(const fs::path& path, const std::string& text) {
  write_text_atomically(path, text);
}

// Removes "<stem>_<digits>.vtr|.vts" files in the piece folder that the latest write did not
// produce (an earlier output under the same stem had more blocks, or other block kinds), so the
// folder holds exactly what the .vtm lists. Other files are left alone.
void remove_stale_pieces(const fs::path& piece_folder, const std::string& stem,
                         const std::set<std::string>& current) {
  std::error_code status;
  for (const auto& entry : fs::directory_iterator(piece_folder, status)) {
    const std::string name = entry.path().filename().string();
    const std::string extension = entry.path().extension().string();
    if (current.count(name) != 0 || (extension != ".vtr" && extension != ".vts")) continue;
    const std::string prefix = stem + "_";
    const std::string index = name.substr(0, name.size() - extension.size());
    if (index.size() <= prefix.size() || index.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string digits = index.substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos) continue;
    std::error_code ignored;
    fs::remove(entry.path(), ignored);
  }
}

}  // namespace

std::size_t number_of_points(const StructuredBlock& block) {
  std::size_t count = 1;
  for (const int n : block.points) count *= static_cast<std::size_t>(std::max(n, 0));
  return count;
}

std::size_t number_of_cells(const StructuredBlock& block) {
  std::size_t count = 1;
  for (const int n : block.points) count *= static_cast<std::size_t>(std::max(n - 1, 1));
  return count;
}

void write_vtr(const fs::path& path, const StructuredBlock& block) {
  check_block(file_label(path), block, Geometry::kRectilinear);
  write_rectilinear(path, block);
}

void write_vts(const fs::path& path, const StructuredBlock& block) {
  check_block(file_label(path), block, Geometry::kCurvilinear);
  write_curvilinear(path, block);
}

void write_vtu(const fs::path& path, const LagrangeQuadMesh& mesh) {
  const std::string label = file_label(path);
  if (mesh.order < 1) throw Error(label + ": Lagrange cells need order >= 1");
  const std::size_t per_cell = static_cast<std::size_t>(mesh.order + 1) * (mesh.order + 1);
  const std::size_t points = mesh.cells * per_cell;
  if (mesh.point_coordinates.size() != 3 * points) {
    throw Error(label + ": point_coordinates has " + std::to_string(mesh.point_coordinates.size()) +
                " values but " + std::to_string(mesh.cells) + " cells of order " +
                std::to_string(mesh.order) + " have " + std::to_string(points) + " points x 3");
  }
  check_arrays(label, "cell", mesh.cell_data, mesh.cells, "cells");
  check_arrays(label, "point", mesh.point_data, points, "points");
  auto grid = vtkSmartPointer<vtkUnstructuredGrid>::New();
  auto vtk_points = vtkSmartPointer<vtkPoints>::New();
  vtk_points->SetData(to_vtk("Points", 3, mesh.point_coordinates));
  grid->SetPoints(vtk_points);
  grid->Allocate(static_cast<vtkIdType>(mesh.cells));
  std::vector<vtkIdType> ids(per_cell);
  for (std::size_t c = 0; c < mesh.cells; ++c) {
    for (std::size_t p = 0; p < per_cell; ++p) ids[p] = static_cast<vtkIdType>(c * per_cell + p);
    grid->InsertNextCell(VTK_LAGRANGE_QUADRILATERAL, static_cast<vtkIdType>(per_cell), ids.data());
  }
  for (const NamedArray& array : mesh.cell_data)
    grid->GetCellData()->AddArray(to_vtk(array.name, array.components, array.values));
  for (const NamedArray& array : mesh.point_data)
    grid->GetPointData()->AddArray(to_vtk(array.name, array.components, array.values));
  write_atomically(path, [&](const fs::path& temporary) {
    auto writer = vtkSmartPointer<vtkXMLUnstructuredGridWriter>::New();
    run_vtk_writer(*writer, grid, temporary);
  });
}

void write_vtm(const fs::path& path,
               const std::vector<std::pair<std::string, StructuredBlock>>& named_blocks) {
  const std::string label = file_label(path);
  if (named_blocks.empty()) throw Error(label + ": a multi-block data set needs at least 1 block");
  std::vector<Geometry> geometries;
  std::set<std::string> names;
  for (std::size_t b = 0; b < named_blocks.size(); ++b) {
    const auto& [name, block] = named_blocks[b];
    if (name.empty()) throw Error(label + ": block " + std::to_string(b) + " has an empty name");
    if (!names.insert(name).second) throw Error(label + ": two blocks are named '" + name + "'");
    const Geometry geometry =
        block.point_coordinates.empty() ? Geometry::kRectilinear : Geometry::kCurvilinear;
    check_block(label + ", block '" + name + "'", block, geometry);
    geometries.push_back(geometry);
  }

  const std::string stem = path.stem().string();
  const fs::path piece_folder = path.parent_path() / stem;
  ensure_directory(piece_folder);

  std::ostringstream xml;
  xml << "<?xml version=\"1.0\"?>\n"
      << "<VTKFile type=\"vtkMultiBlockDataSet\" version=\"1.0\" byte_order=\"" << byte_order()
      << "\">\n  <vtkMultiBlockDataSet>\n";
  std::set<std::string> pieces;
  for (std::size_t b = 0; b < named_blocks.size(); ++b) {
    const auto& [name, block] = named_blocks[b];
    const std::string piece = stem + "_" + std::to_string(b) + geometry_extension(geometries[b]);
    if (geometries[b] == Geometry::kRectilinear) {
      write_rectilinear(piece_folder / piece, block);
    } else {
      write_curvilinear(piece_folder / piece, block);
    }
    pieces.insert(piece);
    xml << "    <DataSet index=\"" << b << "\" name=\"" << xml_escape(name) << "\" file=\""
        << xml_escape(stem + "/" + piece) << "\"/>\n";
  }
  xml << "  </vtkMultiBlockDataSet>\n</VTKFile>\n";
  write_text_file(path, xml.str());
  remove_stale_pieces(piece_folder, stem, pieces);
}

PvdSeries::PvdSeries(fs::path pvd_file) : pvd_file_(std::move(pvd_file)) {}

void PvdSeries::add(double time, const fs::path& dataset_file) {
  if (!std::isfinite(time)) {
    throw Error("time series '" + pvd_file_.string() + "': the time of '" + dataset_file.string() +
                "' is " + format_round_trip(time) + "; times must be finite");
  }
  const fs::path pvd_folder = fs::absolute(pvd_file_).parent_path().lexically_normal();
  const fs::path dataset = fs::absolute(dataset_file).lexically_normal();
  fs::path relative = dataset.lexically_relative(pvd_folder);
  if (relative.empty()) relative = dataset;  // no relative path exists (another root)
  entries_.push_back({time, relative.generic_string()});

  std::ostringstream xml;
  xml << "<?xml version=\"1.0\"?>\n"
      << "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"" << byte_order() << "\">\n"
      << "  <Collection>\n";
  for (const Entry& entry : entries_) {
    xml << "    <DataSet timestep=\"" << format_round_trip(entry.time)
        << "\" group=\"\" part=\"0\" file=\"" << xml_escape(entry.relative_file) << "\"/>\n";
  }
  xml << "  </Collection>\n</VTKFile>\n";
  try {
    write_text_file(pvd_file_, xml.str());
  } catch (...) {
    entries_.pop_back();  // keep memory and file in step, so a retry does not list it twice
    throw;
  }
}

}  // namespace portaflow::io
