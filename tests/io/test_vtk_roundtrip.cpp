// The VTK writers, checked by reading the files back with VTK's own XML readers: what ParaView
// will see. Doubles are written as Float64 raw binary, so coordinates and values must come back
// bit for bit (EXPECT_EQ, no tolerance).
#include <gtest/gtest.h>
#include <vtkCellData.h>
#include <vtkCellType.h>
#include <vtkCompositeDataSet.h>
#include <vtkDataArray.h>
#include <vtkDataSet.h>
#include <vtkInformation.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkNew.h>
#include <vtkObject.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkRectilinearGrid.h>
#include <vtkStructuredGrid.h>
#include <vtkType.h>
#include <vtkUnstructuredGrid.h>
#include <vtkXMLGenericDataObjectReader.h>
#include <vtkXMLMultiBlockDataReader.h>
#include <vtkXMLRectilinearGridReader.h>
#include <vtkXMLStructuredGridReader.h>
#include <vtkXMLUnstructuredGridReader.h>

#include <cmath>
#include <functional>
#include <regex>
#include <string>
#include <vector>

#include "io/temporary_folder.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/io/atomic_write.hpp"
#include "portaflow/io/vtk_writer.hpp"

namespace portaflow::io {
namespace {

using test_support::folder_entries;
using test_support::read_file;
using test_support::TemporaryFolder;

// ---- blocks to write ----

std::vector<double> uniform_axis(int points, double start, double spacing) {
  std::vector<double> axis;
  for (int i = 0; i < points; ++i) axis.push_back(start + spacing * i);
  return axis;
}

// Values that use every mantissa bit, so any narrowing to Float32 or ASCII rounding would show.
std::vector<double> awkward_field(std::size_t count, double seed) {
  std::vector<double> values;
  for (std::size_t n = 0; n < count; ++n) values.push_back(std::sin(seed + 0.7 * n) / 3.0);
  return values;
}

// A 1D line of 10 cells: points {11, 1, 1}, 10 cells, as a 1D scheme's output.
StructuredBlock line_block() {
  StructuredBlock block;
  block.points = {11, 1, 1};
  block.x_axis = uniform_axis(11, -0.5, 0.1);
  block.cell_data.push_back({"density", 1, awkward_field(10, 0.1)});
  block.cell_data.push_back({"momentum", 3, awkward_field(30, 0.2)});
  block.point_data.push_back({"node_value", 1, awkward_field(11, 0.3)});
  return block;
}

// A 2D rectilinear grid of 4 x 3 cells, stretched in y, with z left empty (unused direction).
StructuredBlock plane_block() {
  StructuredBlock block;
  block.points = {5, 4, 1};
  block.x_axis = uniform_axis(5, 0.0, 0.25);
  block.y_axis = {0.0, 0.1, 0.3, 0.7};
  block.cell_data.push_back({"pressure", 1, awkward_field(12, 1.0)});
  block.cell_data.push_back({"velocity", 2, awkward_field(24, 2.0)});
  return block;
}

// A sheared 2D curvilinear grid of 3 x 2 cells: x = i / 3 + 0.25 y, y = j / 2, z = 0.
StructuredBlock sheared_block() {
  StructuredBlock block;
  block.points = {4, 3, 1};
  for (int j = 0; j < 3; ++j) {
    for (int i = 0; i < 4; ++i) {
      const double y = j / 2.0;
      block.point_coordinates.insert(block.point_coordinates.end(), {i / 3.0 + 0.25 * y, y, 0.0});
    }
  }
  block.cell_data.push_back({"density", 1, awkward_field(6, 3.0)});
  block.point_data.push_back({"grid_speed", 3, awkward_field(36, 4.0)});
  return block;
}

// ---- comparisons with what VTK read back ----

void expect_arrays_equal(vtkFieldData* read, const std::vector<NamedArray>& written,
                         const std::string& kind) {
  ASSERT_EQ(read->GetNumberOfArrays(), static_cast<int>(written.size())) << kind;
  for (const NamedArray& array : written) {
    SCOPED_TRACE(kind + " array " + array.name);
    vtkDataArray* read_array = read->GetArray(array.name.c_str());
    ASSERT_NE(read_array, nullptr);
    EXPECT_EQ(read_array->GetDataType(), VTK_DOUBLE) << "written as Float64";
    ASSERT_EQ(read_array->GetNumberOfComponents(), array.components);
    ASSERT_EQ(static_cast<std::size_t>(read_array->GetNumberOfValues()), array.values.size());
    for (std::size_t n = 0; n < array.values.size(); ++n) {
      const vtkIdType tuple = static_cast<vtkIdType>(n / array.components);
      const int component = static_cast<int>(n % array.components);
      ASSERT_EQ(read_array->GetComponent(tuple, component), array.values[n]) << "value " << n;
    }
  }
}

// Dimensions and counts as VTK sees them; vtkRectilinearGrid and vtkStructuredGrid share no base
// class with GetDimensions, hence the template.
template <class Grid>
void expect_dimensions(Grid* grid, const StructuredBlock& block) {
  int dimensions[3];
  grid->GetDimensions(dimensions);
  EXPECT_EQ(dimensions[0], block.points[0]);
  EXPECT_EQ(dimensions[1], block.points[1]);
  EXPECT_EQ(dimensions[2], block.points[2]);
  EXPECT_EQ(static_cast<std::size_t>(grid->GetNumberOfCells()), number_of_cells(block));
  EXPECT_EQ(static_cast<std::size_t>(grid->GetNumberOfPoints()), number_of_points(block));
}

void expect_axis(vtkDataArray* read, const std::vector<double>& written) {
  const std::vector<double> expected = written.empty() ? std::vector<double>{0.0} : written;
  ASSERT_EQ(read->GetNumberOfTuples(), static_cast<vtkIdType>(expected.size()));
  EXPECT_EQ(read->GetDataType(), VTK_DOUBLE);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(read->GetComponent(static_cast<vtkIdType>(i), 0), expected[i]) << "index " << i;
  }
}

void expect_rectilinear_equal(vtkRectilinearGrid* grid, const StructuredBlock& block) {
  ASSERT_NE(grid, nullptr);
  expect_dimensions(grid, block);
  expect_axis(grid->GetXCoordinates(), block.x_axis);
  expect_axis(grid->GetYCoordinates(), block.y_axis);
  expect_axis(grid->GetZCoordinates(), block.z_axis);
  expect_arrays_equal(grid->GetCellData(), block.cell_data, "cell");
  expect_arrays_equal(grid->GetPointData(), block.point_data, "point");
}

void expect_curvilinear_equal(vtkStructuredGrid* grid, const StructuredBlock& block) {
  ASSERT_NE(grid, nullptr);
  expect_dimensions(grid, block);
  ASSERT_EQ(static_cast<std::size_t>(grid->GetNumberOfPoints()), number_of_points(block));
  EXPECT_EQ(grid->GetPoints()->GetDataType(), VTK_DOUBLE);
  for (vtkIdType p = 0; p < grid->GetNumberOfPoints(); ++p) {
    double point[3];
    grid->GetPoint(p, point);
    for (int d = 0; d < 3; ++d) {
      ASSERT_EQ(point[d], block.point_coordinates[3 * p + d]) << "point " << p << " axis " << d;
    }
  }
  expect_arrays_equal(grid->GetCellData(), block.cell_data, "cell");
  expect_arrays_equal(grid->GetPointData(), block.point_data, "point");
}

vtkRectilinearGrid* read_vtr(vtkXMLRectilinearGridReader* reader, const std::filesystem::path& p) {
  reader->SetFileName(p.c_str());
  reader->Update();
  return reader->GetOutput();
}

std::string error_message_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& error) {
    return error.what();
  }
  ADD_FAILURE() << "expected a portaflow::Error";
  return "";
}

// ---- round trips ----

TEST(VtkWriter, CellCountsFollowVtk) {
  StructuredBlock line;
  line.points = {11, 1, 1};
  EXPECT_EQ(number_of_cells(line), 10u);
  EXPECT_EQ(number_of_points(line), 11u);
  StructuredBlock volume;
  volume.points = {3, 4, 5};
  EXPECT_EQ(number_of_cells(volume), 2u * 3u * 4u);
}

TEST(VtkWriter, RectilinearLineRoundTrip) {
  TemporaryFolder folder;
  const auto path = folder / "line.vtr";
  const StructuredBlock block = line_block();
  write_vtr(path, block);
  EXPECT_EQ(folder_entries(folder.path()), std::vector<std::string>{"line.vtr"});

  vtkNew<vtkXMLRectilinearGridReader> reader;
  expect_rectilinear_equal(read_vtr(reader, path), block);
}

TEST(VtkWriter, RectilinearPlaneRoundTrip) {
  TemporaryFolder folder;
  const auto path = folder / "plane.vtr";
  const StructuredBlock block = plane_block();
  write_vtr(path, block);

  vtkNew<vtkXMLRectilinearGridReader> reader;
  expect_rectilinear_equal(read_vtr(reader, path), block);
}

TEST(VtkWriter, RewritingReplacesTheFile) {
  TemporaryFolder folder;
  const auto path = folder / "plane.vtr";
  write_vtr(path, line_block());
  const StructuredBlock block = plane_block();
  write_vtr(path, block);

  vtkNew<vtkXMLRectilinearGridReader> reader;
  expect_rectilinear_equal(read_vtr(reader, path), block);
  EXPECT_EQ(folder_entries(folder.path()), std::vector<std::string>{"plane.vtr"});
}

TEST(VtkWriter, CurvilinearShearedGridRoundTrip) {
  TemporaryFolder folder;
  const auto path = folder / "sheared.vts";
  const StructuredBlock block = sheared_block();
  write_vts(path, block);

  vtkNew<vtkXMLStructuredGridReader> reader;
  reader->SetFileName(path.c_str());
  reader->Update();
  expect_curvilinear_equal(reader->GetOutput(), block);
}

TEST(VtkWriter, MultiBlockRoundTripWithNames) {
  TemporaryFolder folder;
  const auto path = folder / "flow_000010.vtm";
  const std::vector<std::pair<std::string, StructuredBlock>> blocks = {
      {"inlet", plane_block()}, {"bend & outlet", sheared_block()}};
  write_vtm(path, blocks);

  EXPECT_EQ(folder_entries(folder.path()),
            (std::vector<std::string>{"flow_000010", "flow_000010.vtm"}));
  EXPECT_EQ(folder_entries(folder / "flow_000010"),
            (std::vector<std::string>{"flow_000010_0.vtr", "flow_000010_1.vts"}));

  vtkNew<vtkXMLMultiBlockDataReader> reader;
  reader->SetFileName(path.c_str());
  reader->Update();
  auto* multi_block = vtkMultiBlockDataSet::SafeDownCast(reader->GetOutputDataObject(0));
  ASSERT_NE(multi_block, nullptr);
  ASSERT_EQ(multi_block->GetNumberOfBlocks(), 2u);
  for (unsigned b = 0; b < 2; ++b) {
    ASSERT_TRUE(multi_block->HasMetaData(b));
    EXPECT_EQ(std::string(multi_block->GetMetaData(b)->Get(vtkCompositeDataSet::NAME())),
              blocks[b].first);
  }
  expect_rectilinear_equal(vtkRectilinearGrid::SafeDownCast(multi_block->GetBlock(0)),
                           blocks[0].second);
  expect_curvilinear_equal(vtkStructuredGrid::SafeDownCast(multi_block->GetBlock(1)),
                           blocks[1].second);
}

TEST(VtkWriter, MultiBlockRewriteWithFewerBlocksRemovesStalePieces) {
  TemporaryFolder folder;
  const auto path = folder / "grid.vtm";
  write_vtm(path, {{"a", plane_block()}, {"b", plane_block()}, {"c", sheared_block()}});
  // Block 0 changes kind and blocks 1 and 2 disappear: only the new piece remains.
  write_vtm(path, {{"a", sheared_block()}});
  EXPECT_EQ(folder_entries(folder / "grid"), std::vector<std::string>{"grid_0.vts"});

  vtkNew<vtkXMLMultiBlockDataReader> reader;
  reader->SetFileName(path.c_str());
  reader->Update();
  auto* multi_block = vtkMultiBlockDataSet::SafeDownCast(reader->GetOutputDataObject(0));
  ASSERT_NE(multi_block, nullptr);
  ASSERT_EQ(multi_block->GetNumberOfBlocks(), 1u);
  expect_curvilinear_equal(vtkStructuredGrid::SafeDownCast(multi_block->GetBlock(0)),
                           sheared_block());
}

// ---- the .pvd time series ----

struct PvdEntry {
  double time;
  std::string file;
};

// The collection's DataSet elements, in order. A regular expression is enough for the one-line
// elements PvdSeries writes; the files themselves are then opened with VTK.
std::vector<PvdEntry> parse_pvd(const std::filesystem::path& path) {
  const std::string text = read_file(path);
  EXPECT_EQ(text.rfind("<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\"", 0), 0u) << text;
  EXPECT_NE(text.find("<Collection>"), std::string::npos) << text;
  EXPECT_NE(text.find("</Collection>\n</VTKFile>\n"), std::string::npos) << text;
  const std::regex data_set(
      R"re(<DataSet timestep="([^"]*)" group="" part="0" file="([^"]*)"/>)re");
  std::vector<PvdEntry> entries;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), data_set);
       it != std::sregex_iterator(); ++it) {
    entries.push_back({std::strtod((*it)[1].str().c_str(), nullptr), (*it)[2].str()});
  }
  return entries;
}

TEST(PvdSeries, ListsDatasetsWithTimesRelativeToItsFolder) {
  TemporaryFolder folder;
  ensure_directory(folder / "vtk");
  const auto pvd = folder / "sod.pvd";
  PvdSeries series(pvd);
  const std::vector<double> times = {0.0, 0.1, 0.2 + 1e-17, 1.0 / 3.0};
  for (std::size_t n = 0; n < times.size(); ++n) {
    const auto dataset = folder / "vtk" / ("sod_" + std::to_string(n) + ".vtr");
    write_vtr(dataset, line_block());
    series.add(times[n], dataset);

    const std::vector<PvdEntry> entries = parse_pvd(pvd);
    ASSERT_EQ(entries.size(), n + 1) << "the .pvd is rewritten after every add";
  }

  const std::vector<PvdEntry> entries = parse_pvd(pvd);
  for (std::size_t n = 0; n < times.size(); ++n) {
    EXPECT_EQ(entries[n].time, times[n]);
    EXPECT_EQ(entries[n].file, "vtk/sod_" + std::to_string(n) + ".vtr");
    vtkNew<vtkXMLGenericDataObjectReader> reader;
    reader->SetFileName((folder.path() / entries[n].file).c_str());
    reader->Update();
    EXPECT_NE(vtkRectilinearGrid::SafeDownCast(reader->GetOutputDataObject(0)), nullptr)
        << entries[n].file;
  }
  EXPECT_EQ(series.size(), times.size());
  EXPECT_EQ(folder_entries(folder.path()), (std::vector<std::string>{"sod.pvd", "vtk"}));
}

TEST(PvdSeries, NonFiniteTimeIsAnError) {
  TemporaryFolder folder;
  PvdSeries series(folder / "run.pvd");
  EXPECT_THROW(series.add(std::nan(""), folder / "a.vtr"), Error);
  EXPECT_EQ(series.size(), 0u);
}

// ---- validation: clear errors naming the array, and nothing written ----

TEST(VtkWriter, CellArrayOfWrongLengthIsNamed) {
  TemporaryFolder folder;
  StructuredBlock block = plane_block();
  block.cell_data.push_back({"temperature", 1, std::vector<double>(20, 300.0)});  // 12 cells
  const std::string message = error_message_of([&] { write_vtr(folder / "bad.vtr", block); });
  EXPECT_NE(message.find("cell array 'temperature' has 20 values"), std::string::npos) << message;
  EXPECT_NE(message.find("bad.vtr"), std::string::npos) << message;
  EXPECT_TRUE(folder_entries(folder.path()).empty());
}

TEST(VtkWriter, PointArrayComponentsCountInTheLength) {
  TemporaryFolder folder;
  StructuredBlock block = sheared_block();
  block.point_data[0].components = 2;  // 36 values are 12 points x 3, not x 2
  const std::string message = error_message_of([&] { write_vts(folder / "bad.vts", block); });
  EXPECT_NE(message.find("point array 'grid_speed'"), std::string::npos) << message;
}

TEST(VtkWriter, AxisOfWrongLengthIsNamed) {
  TemporaryFolder folder;
  StructuredBlock block = plane_block();
  block.y_axis.pop_back();
  const std::string message = error_message_of([&] { write_vtr(folder / "bad.vtr", block); });
  EXPECT_NE(message.find("y_axis has 3 coordinates"), std::string::npos) << message;
}

TEST(VtkWriter, CoordinatesOfWrongLengthAreNamed) {
  TemporaryFolder folder;
  StructuredBlock block = sheared_block();
  block.point_coordinates.resize(30);
  const std::string message = error_message_of([&] { write_vts(folder / "bad.vts", block); });
  EXPECT_NE(message.find("point_coordinates has 30 values"), std::string::npos) << message;
}

TEST(VtkWriter, WrongGeometryForTheFormatIsAnError) {
  TemporaryFolder folder;
  EXPECT_THROW(write_vtr(folder / "a.vtr", sheared_block()), Error);
  EXPECT_THROW(write_vts(folder / "a.vts", plane_block()), Error);
}

TEST(VtkWriter, MultiBlockErrorNamesTheBlockAndTheArray) {
  TemporaryFolder folder;
  StructuredBlock broken = sheared_block();
  broken.cell_data[0].values.pop_back();
  const std::string message = error_message_of([&] {
    write_vtm(folder / "set.vtm", {{"inlet", plane_block()}, {"duct", broken}});
  });
  EXPECT_NE(message.find("block 'duct'"), std::string::npos) << message;
  EXPECT_NE(message.find("cell array 'density'"), std::string::npos) << message;
  EXPECT_TRUE(folder_entries(folder.path()).empty()) << "validated before anything is written";
}

TEST(VtkWriter, RepeatedBlockNamesAreAnError) {
  TemporaryFolder folder;
  EXPECT_THROW(write_vtm(folder / "set.vtm", {{"a", plane_block()}, {"a", plane_block()}}), Error);
}

// A file that cannot be opened is reported with the system's reason. A 250-character name is a
// valid file name, but its temporary name is longer than the 255 bytes a file name may have, so
// the open fails.
TEST(VtkWriter, FailureToOpenIsReported) {
  TemporaryFolder folder;
  const auto path = folder / (std::string(246, 'v') + ".vtr");
  const std::string message = error_message_of([&] { write_vtr(path, line_block()); });
  EXPECT_NE(message.find("cannot open it: File name too long"), std::string::npos) << message;
  EXPECT_TRUE(folder_entries(folder.path()).empty());
}

// High-order elements: two degree-2 Lagrange quadrilaterals (9 points each, not shared) read
// back as VTK_LAGRANGE_QUADRILATERAL cells with every point and value bit for bit.
TEST(VtkRoundTrip, LagrangeQuadrilateralsReadBack) {
  TemporaryFolder folder;
  LagrangeQuadMesh mesh;
  mesh.order = 2;
  mesh.cells = 2;
  mesh.point_coordinates = awkward_field(2 * 9 * 3, 0.4);
  mesh.point_data.push_back({"rho", 1, awkward_field(18, 0.5)});
  mesh.cell_data.push_back({"rho_average", 1, awkward_field(2, 0.6)});
  const auto file = folder / "elements.vtu";
  write_vtu(file, mesh);
  vtkNew<vtkXMLUnstructuredGridReader> reader;
  reader->SetFileName(file.c_str());
  reader->Update();
  vtkUnstructuredGrid* grid = reader->GetOutput();
  ASSERT_EQ(grid->GetNumberOfCells(), 2);
  ASSERT_EQ(grid->GetNumberOfPoints(), 18);
  for (vtkIdType c = 0; c < 2; ++c) EXPECT_EQ(grid->GetCellType(c), VTK_LAGRANGE_QUADRILATERAL);
  for (vtkIdType p = 0; p < 18; ++p) {
    double x[3];
    grid->GetPoint(p, x);
    for (int d = 0; d < 3; ++d) EXPECT_EQ(x[d], mesh.point_coordinates[3 * p + d]);
    EXPECT_EQ(grid->GetPointData()->GetArray("rho")->GetTuple1(p), mesh.point_data[0].values[p]);
  }
  EXPECT_EQ(grid->GetCellData()->GetArray("rho_average")->GetTuple1(1),
            mesh.cell_data[0].values[1]);
  // A wrong point count is refused before anything is written.
  mesh.point_coordinates.pop_back();
  EXPECT_THROW(write_vtu(folder / "bad.vtu", mesh), Error);
  EXPECT_FALSE(std::filesystem::exists(folder / "bad.vtu"));
}

}  // namespace
}  // namespace portaflow::io
