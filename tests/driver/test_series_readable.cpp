// A run's .pvd series opens with VTK's own readers (what ParaView uses): every dataset the .pvd
// lists is read back and its arrays agree with final.csv.
#include <gtest/gtest.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkRectilinearGrid.h>
#include <vtkSmartPointer.h>
#include <vtkXMLRectilinearGridReader.h>

#include <regex>
#include <sstream>

#include "io/temporary_folder.hpp"
#include "portaflow/driver/run_loop.hpp"
#include "portaflow/schemes/exact_riemann/exact_riemann_solver.hpp"

namespace portaflow {
namespace {

TEST(SeriesReadable, PvdDatasetsOpenWithVtkReaders) {
  io::test_support::TemporaryFolder folder;
  RunConfig c;
  c.mesh.cells[0] = 50;
  c.problem.riemann = {{1.0, 0.0, 1.0}, {0.125, 0.0, 0.1}, 0.5};
  c.time.t_end = 0.2;
  c.output.dir = folder.path().string();
  c.output.every = 0.1;
  c.output.progress_seconds = 0;
  ExactRiemannSolver solver(c);
  std::ostringstream log;
  TimeSplit split;
  run_solver(c, solver, log, std::nullopt, split);

  const std::string pvd = io::test_support::read_file(folder / "solution.pvd");
  const std::regex dataset("timestep=\"([^\"]+)\"[^>]*file=\"([^\"]+)\"");
  std::vector<std::pair<double, std::string>> entries;
  for (std::sregex_iterator it(pvd.begin(), pvd.end(), dataset), end; it != end; ++it)
    entries.emplace_back(std::stod((*it)[1]), (*it)[2]);
  ASSERT_EQ(entries.size(), 3u) << pvd;  // t = 0, 0.1, 0.2
  EXPECT_DOUBLE_EQ(entries.back().first, 0.2);

  for (const auto& [time, file] : entries) {
    auto reader = vtkSmartPointer<vtkXMLRectilinearGridReader>::New();
    reader->SetFileName((folder.path() / file).c_str());
    reader->Update();
    vtkRectilinearGrid* grid = reader->GetOutput();
    ASSERT_NE(grid, nullptr) << file;
    EXPECT_EQ(grid->GetNumberOfCells(), 50) << file;
    for (const char* name : {"rho", "u", "p"})
      EXPECT_NE(grid->GetCellData()->GetArray(name), nullptr) << file << " lacks " << name;
  }
  // The last frame's density equals final.csv's column, to the digits the CSV keeps.
  auto reader = vtkSmartPointer<vtkXMLRectilinearGridReader>::New();
  reader->SetFileName((folder.path() / entries.back().second).c_str());
  reader->Update();
  vtkDataArray* rho = reader->GetOutput()->GetCellData()->GetArray("rho");
  std::istringstream csv(io::test_support::read_file(folder / "final.csv"));
  std::string line;
  std::getline(csv, line);  // header
  for (int k = 0; k < 50 && std::getline(csv, line); ++k) {
    std::istringstream row(line);
    std::string x, r;
    std::getline(row, x, ',');
    std::getline(row, r, ',');
    EXPECT_EQ(std::stod(r), rho->GetTuple1(k)) << "cell " << k;  // CSV keeps 17 digits
  }
}

}  // namespace
}  // namespace portaflow
