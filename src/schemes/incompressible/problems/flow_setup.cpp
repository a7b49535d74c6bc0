#include "portaflow/schemes/incompressible/problems/flow_setup.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include "portaflow/core/parallel.hpp"
#include "portaflow/mesh/airfoil.hpp"
#include "portaflow/mesh/c_mesh.hpp"
#include "portaflow/schemes/incompressible/incompressible_config.hpp"

namespace portaflow::incompressible {

namespace {

NodeGrid from_host(const std::vector<double>& x, const std::vector<double>& y, int ni, int nj,
                   int seam) {
  NodeGrid grid;
  grid.ni = ni;
  grid.nj = nj;
  grid.seam = seam;
  grid.x = NodeField("grid.x", nj, ni);
  grid.y = NodeField("grid.y", nj, ni);
  auto hx = Kokkos::create_mirror_view(grid.x), hy = Kokkos::create_mirror_view(grid.y);
  for (std::size_t n = 0; n < x.size(); ++n) {
    hx.data()[n] = static_cast<Real>(x[n]);
    hy.data()[n] = static_cast<Real>(y[n]);
  }
  Kokkos::deep_copy(grid.x, hx);
  Kokkos::deep_copy(grid.y, hy);
  compute_metrics(grid);
  return grid;
}

void cavity(const RunConfig& config, FlowSetup& s) {
  const MeshConfig& m = config.mesh;
  const IncompressibleConfig& in = config.family<IncompressibleConfig>();
  s.grid = make_cartesian_grid(m.cells[0] + 1, m.cells[1] + 1, m.domain_min[0], m.domain_max[0],
                               m.domain_min[1], m.domain_max[1]);
  s.spec.problem = IncompressibleProblem::kLidDrivenCavity;
  s.walls.velocity[3] = {static_cast<Real>(in.lid_speed), 0};  // the lid: north, moving east
  s.speed = in.lid_speed;
  s.length = m.domain_max[0] - m.domain_min[0];
}

void airfoil(const RunConfig& config, FlowSetup& s) {
  const IncompressibleConfig& in = config.family<IncompressibleConfig>();
  const mesh::CGridShape& shape = in.airfoil.shape;
  const auto start = std::chrono::steady_clock::now();
  mesh::EllipticGridReport generation;
  mesh::StructuredGrid2D c =
      mesh::airfoil_c_grid(shape, in.airfoil.elliptic, in.airfoil.on_device, &generation);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const mesh::CGridQuality q = mesh::c_grid_quality(c, shape);
  const std::string sequencing =
      generation.coarse_levels == 0
          ? std::string()
          : ", started from " + std::to_string(generation.coarse_levels) + " coarser grid" +
                (generation.coarse_levels > 1 ? "s" : "") + " (" +
                std::to_string(generation.coarse_iterations) + " iterations there)";
  char text[900];
  std::snprintf(
      text, sizeof text,
      "C-grid for %s: %d x %d nodes (wake %d, airfoil %d, normal %d intervals), far field %g "
      "chords, generated on the %s in %.3f s: %d elliptic iterations, last change %.2e (%s)%s\n"
      "  grid quality: cell areas %.3e .. %.3e (all > 0: the Jacobian is positive), skew up to "
      "%.1f deg, aspect ratio up to %.0f, neighbour area ratio up to %.2f; wall: j-lines within "
      "%.2f deg of normal, first spacing %.3e .. %.3e (asked %.3e)\n",
      shape.section.designation.c_str(), c.ni, c.nj, shape.wake_intervals, shape.airfoil_intervals,
      shape.normal_intervals, shape.far_field_chords, in.airfoil.on_device ? "device" : "host",
      seconds, generation.iterations, generation.max_change,
      generation.converged ? "converged" : "NOT converged", sequencing.c_str(),
      q.cells.min_cell_area, q.cells.max_cell_area, q.cells.max_skew_degrees,
      q.cells.max_aspect_ratio, q.cells.max_neighbour_area_ratio, q.max_wall_angle_error_degrees,
      q.min_first_spacing, q.max_first_spacing, shape.wall_spacing);
  s.report = text;
  s.grid = from_host(c.x, c.y, c.ni, c.nj, shape.trailing_edge_lower());
  s.generated = std::move(c);
  s.spec.problem = IncompressibleProblem::kAirfoil;
  s.spec.seam = shape.trailing_edge_lower();
  s.wall_begin = shape.trailing_edge_lower();
  s.wall_end = shape.trailing_edge_upper();
  s.leading_edge = shape.leading_edge();
}

// x: upstream geometric from the leading edge, the plate by Vinokur's two-sided stretching,
// downstream geometric from the trailing edge; y geometric from the wall. Without a trailing
// edge the wall goes on over the downstream part to the outflow.
void flat_plate(const RunConfig& config, FlowSetup& s) {
  const FlatPlateGrid& p = config.family<IncompressibleConfig>().plate;
  const int outside = 2 * static_cast<int>(std::lround(p.cells_x / 16.0));  // even: multigrid
  const int plate = p.cells_x - 2 * outside;
  const double le_spacing = 0.25 / plate, te_spacing = 0.5 / plate;
  const std::vector<double> up = mesh::geometric_stretching(outside, le_spacing, p.upstream);
  const std::vector<double> on = mesh::vinokur_two_sided(plate, le_spacing, te_spacing);
  const std::vector<double> down = mesh::geometric_stretching(outside, te_spacing, p.downstream);
  const std::vector<double> ys = mesh::geometric_stretching(p.cells_y, p.wall_spacing, p.height);
  std::vector<double> xs;
  for (int k = outside; k > 0; --k) xs.push_back(-up[k]);
  for (int k = 0; k <= plate; ++k) xs.push_back(on[k]);
  for (int k = 1; k <= outside; ++k) xs.push_back(1.0 + down[k]);
  const int ni = static_cast<int>(xs.size()), nj = p.cells_y + 1;
  std::vector<double> x(static_cast<std::size_t>(ni) * nj), y(x.size());
  for (int j = 0; j < nj; ++j)
    for (int i = 0; i < ni; ++i) {
      x[static_cast<std::size_t>(j) * ni + i] = xs[i];
      y[static_cast<std::size_t>(j) * ni + i] = ys[j];
    }
  s.grid = from_host(x, y, ni, nj, 0);
  s.spec.problem = IncompressibleProblem::kFlatPlate;
  s.spec.plate_begin = s.wall_begin = s.leading_edge = outside;
  s.spec.plate_end = s.wall_end = p.trailing_edge ? outside + plate : ni - 1;
  char text[400];
  std::snprintf(text, sizeof text,
                "flat plate grid: %d x %d nodes, plate on i = %d .. %d (spacing %.2e at the "
                "leading edge, %.2e at x = 1), wall spacing %.2e, top at y = %g; %s\n",
                ni, nj, s.spec.plate_begin, s.spec.plate_end, le_spacing, te_spacing,
                p.wall_spacing, p.height,
                p.trailing_edge ? "the plate ends at x = 1 (trailing edge, then its wake)"
                                : "no trailing edge: the wall runs on to the outflow");
  s.report = text;
}

}  // namespace

FlowSetup make_flow_setup(const RunConfig& config) {
  const IncompressibleConfig& in = config.family<IncompressibleConfig>();
  FlowSetup s;
  switch (in.problem) {
    case IncompressibleProblem::kLidDrivenCavity:
      cavity(config, s);
      break;
    case IncompressibleProblem::kAirfoil:
      airfoil(config, s);
      break;
    case IncompressibleProblem::kFlatPlate:
      flat_plate(config, s);
      break;
  }
  if (in.problem != IncompressibleProblem::kLidDrivenCavity) {
    const double alpha = in.angle_of_attack_degrees * M_PI / 180.0;
    s.stream = {static_cast<Real>(in.free_stream_speed), static_cast<Real>(std::cos(alpha)),
                static_cast<Real>(std::sin(alpha))};
    s.speed = in.free_stream_speed;
    // The wall's streamline is the one through the trailing edge (1, 0) (for the plate, whose
    // trailing edge that is too, psi = 0 on y = 0), shifted on an airfoil by the deck's offset.
    s.psi_wall = s.stream.psi(1, 0) + static_cast<Real>(in.body_psi_offset);
  }
  return s;
}

}  // namespace portaflow::incompressible
