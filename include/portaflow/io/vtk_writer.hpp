// VTK XML output of structured blocks. This header is plain C++ (no VTK header), so that any
// layer can fill a StructuredBlock; only src/io/vtk_writer.cpp sees VTK.
//
// Files are VTK XML with raw binary appended data, Float64 throughout, no compression: ParaView
// and VTK's readers open them, values read back bit for bit, and large grids are not slowed down
// by zlib (computed double-precision fields compress by about a quarter at 20x the write time;
// measured, see vtk_writer.cpp). Every file is written through write_atomically.
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace portaflow::io {

// One cell or point field. Tuples are interleaved, VTK's own layout: component c of tuple t
// (t = i + ni * (j + nj * k), i fastest) is values[t * components + c]. So a velocity is
// (u0, v0, u1, v1, ...), not (u0, u1, ..., v0, v1, ...).
struct NamedArray {
  std::string name;
  int components = 1;
  std::vector<double> values;  // size: (number of cells or points) * components
};

// A logically structured block of points. Give either the three rectilinear axes (write_vtr) or
// every point's coordinates (write_vts), not both.
//
// A direction with 1 point is unused; cells count max(points - 1, 1) per direction, so a 1D line
// of n cells is points {n + 1, 1, 1} with n cells, and a 2D grid of nx x ny cells is
// points {nx + 1, ny + 1, 1}.
struct StructuredBlock {
  std::array<int, 3> points{1, 1, 1};  // points per direction (1 in unused directions)
  // A piece of a larger grid (a parallel index names it): its first point's index in that grid,
  // for the piece's Extent.
  std::array<int, 3> first{0, 0, 0};
  // Rectilinear: coordinates along each direction, sizes points[0], points[1], points[2]. An
  // unused direction (1 point) may leave its axis empty, meaning the coordinate 0.
  std::vector<double> x_axis, y_axis, z_axis;
  // Curvilinear: (x, y, z) of point (i, j, k) at 3 * (i + ni * (j + nj * k)), i fastest.
  std::vector<double> point_coordinates;
  std::vector<NamedArray> cell_data, point_data;
};

std::size_t number_of_points(const StructuredBlock& block);
// The product over directions of max(points - 1, 1), as VTK counts them.
std::size_t number_of_cells(const StructuredBlock& block);

// Each writer validates the block first and throws portaflow::Error naming the file and the
// offending array or axis (a wrong length, an empty or repeated name, components < 1), before
// anything is written; a failed write also throws and leaves any previous file intact.
void write_vtr(const std::filesystem::path& path, const StructuredBlock& block);  // rectilinear
void write_vts(const std::filesystem::path& path, const StructuredBlock& block);  // curvilinear

// High-order elements for ParaView: an unstructured grid (.vtu) of VTK_LAGRANGE_QUADRILATERAL
// cells of degree `order`, each with its own (order + 1)^2 points (discontinuous data are kept:
// neighbours do not share points) in VTK's Lagrange ordering, given element after element.
struct LagrangeQuadMesh {
  int order = 1;
  std::size_t cells = 0;
  std::vector<double> point_coordinates;  // (x, y, z) per point
  std::vector<NamedArray> cell_data, point_data;
};
void write_vtu(const std::filesystem::path& path, const LagrangeQuadMesh& mesh);

// A multi-block data set: "<folder>/<stem>.vtm" plus one piece per block in "<folder>/<stem>/",
// named "<stem>_<index>.vts" for a curvilinear block and ".vtr" for a rectilinear one (the same
// layout vtkXMLMultiBlockDataWriter uses). Block names are shown by ParaView and must be
// non-empty and distinct. The pieces are written first and the .vtm last, each atomically, so a
// reader of the .vtm finds every piece it lists; pieces of an earlier, larger block list under
// the same stem are removed afterwards.
void write_vtm(const std::filesystem::path& path,
               const std::vector<std::pair<std::string, StructuredBlock>>& named_blocks);
// One rank's share of a multi-block data set split over ranks (docs/mpi.md): the pieces of its
// `named_blocks`, whose indices in the whole list are `ids`; with `write_index` (rank 0) also the
// .vtm naming every block of `all_names`, the other ranks' pieces as curvilinear (.vts).
void write_vtm_part(const std::filesystem::path& path,
                    const std::vector<std::pair<std::string, StructuredBlock>>& named_blocks,
                    const std::vector<int>& ids, const std::vector<std::string>& all_names,
                    bool write_index);

// A parallel rectilinear grid (.pvtr): the index of pieces written as .vtr files (each with its
// `first` point set), so ParaView opens them as one grid. `whole_points` per direction; each
// piece's file relative to the index's folder; the cell arrays every piece holds, in order.
struct RectilinearPiece {
  std::array<int, 3> first{0, 0, 0}, points{1, 1, 1};
  std::string file;
};
void write_pvtr(const std::filesystem::path& path, const std::array<int, 3>& whole_points,
                const std::vector<RectilinearPiece>& pieces,
                const std::vector<std::string>& cell_arrays);

// A parallel unstructured grid (.pvtu): the index of pieces written as .vtu files by write_vtu,
// so ParaView opens them as one mesh. Each piece's file relative to the index's folder; the
// point and cell arrays every piece holds, in order (one component each).
void write_pvtu(const std::filesystem::path& path, const std::vector<std::string>& piece_files,
                const std::vector<std::string>& point_arrays,
                const std::vector<std::string>& cell_arrays);

// A time series ParaView opens as one item: a ".pvd" collection (VTKFile type="Collection") of
// data set files with their times. VTK has no .pvd writer, so this writes the small XML itself.
class PvdSeries {
 public:
  // Writes nothing until the first add(); a new series replaces an older file of that name.
  explicit PvdSeries(std::filesystem::path pvd_file);

  // Records `dataset_file` (already written) at `time` and rewrites the .pvd atomically. The
  // file is listed relative to the .pvd's folder, so the output folder can be moved as a whole.
  // Throws portaflow::Error for a non-finite time.
  void add(double time, const std::filesystem::path& dataset_file);

  // Lists a frame written by an earlier run (restart) without rewriting the .pvd.
  void restore(double time, const std::string& relative_file) {
    entries_.push_back({time, relative_file});
  }

  const std::filesystem::path& file() const { return pvd_file_; }
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    double time;
    std::string relative_file;  // with '/' separators
  };
  std::filesystem::path pvd_file_;
  std::vector<Entry> entries_;
};

}  // namespace portaflow::io
