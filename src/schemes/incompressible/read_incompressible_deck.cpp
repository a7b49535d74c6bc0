// The incompressible family's deck (scheme streamfunction_vorticity, after Gohari et al. 2012):
// the flow (a lid-driven cavity, an airfoil or a flat plate, and its Reynolds number), the node
// grid, the discretisation and the Poisson solver, then time and output.
#include "portaflow/config/shared_sections.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/mesh/airfoil.hpp"
#include "portaflow/schemes/incompressible/incompressible_config.hpp"
#include "portaflow/schemes/incompressible/incompressible_scheme.hpp"

namespace portaflow::incompressible {

namespace {

using deck::kInf;
using deck::kMaxLong;

const std::vector<std::string>& values_of(const std::string& key) {
  return choice_values(choices(), key);
}

void read_flow(DeckReader& deck, IncompressibleConfig& in) {
  const std::string type =
      deck.get_choice("problem.type", values_of("problem.type"), std::nullopt, "the flow");
  in.problem = type == "airfoil"      ? IncompressibleProblem::kAirfoil
               : type == "flat_plate" ? IncompressibleProblem::kFlatPlate
                                      : IncompressibleProblem::kLidDrivenCavity;
  in.reynolds = deck.get_real(
      "problem.reynolds",
      {std::nullopt, 0, kInf, true, false,
       "Reynolds number U L / nu (cavity: lid speed and width; airfoil: free stream and chord; "
       "plate: free stream and plate length)"});
  if (in.problem == IncompressibleProblem::kLidDrivenCavity) {
    in.lid_speed = deck.get_real(
        "problem.lid_speed", {1.0, 0, kInf, true, false, "speed of the lid (y = y_max), along +x"});
    return;
  }
  in.free_stream_speed = deck.get_real("problem.free_stream_speed",
                                       {1.0, 0, kInf, true, false, "speed U of the free stream"});
  if (in.problem == IncompressibleProblem::kFlatPlate) return;
  in.angle_of_attack_degrees = deck.get_real(
      "problem.angle_of_attack", {0.0, -30, 30, false, false, "angle of attack, degrees"});
  in.body_psi_offset = deck.get_real(
      "problem.body_psi_offset",
      {0.0, -10, 10, false, false,
       "added to psi on the airfoil (the free stream's value at the trailing edge); the "
       "circulation, and so the lift, follow it"});
  const std::string name = deck.get_string(
      "problem.airfoil", std::nullopt,
      "NACA 4-digit section, e.g. \"NACA 0012\" or \"2412\" (closed trailing edge)");
  const auto section = mesh::parse_naca_four_digit(name);
  if (!section)
    deck.fail("problem.airfoil",
              "expected a NACA 4-digit designation such as \"NACA 0012\" or \"NACA 2412\" "
              "(camber digit and its position both zero or both not, thickness above 0); found \"" +
                  name + "\"");
  in.airfoil.shape.section = *section;
}

// The airfoil's C-grid (mesh/c_mesh.hpp) and its elliptic generation.
void read_c_grid(DeckReader& deck, IncompressibleConfig& in) {
  mesh::CGridShape& shape = in.airfoil.shape;
  shape.airfoil_intervals = static_cast<int>(deck.get_int(
      "mesh.airfoil_intervals", {128, 8, 1 << 14, "intervals round the airfoil, TE to TE (even)"}));
  if (shape.airfoil_intervals % 2 != 0)
    deck.fail("mesh.airfoil_intervals", "must be even (as many intervals on each side); found " +
                                            std::to_string(shape.airfoil_intervals));
  shape.wake_intervals = static_cast<int>(deck.get_int(
      "mesh.wake_intervals", {32, 2, 1 << 14, "intervals along each side of the wake cut"}));
  shape.normal_intervals = static_cast<int>(deck.get_int(
      "mesh.normal_intervals", {64, 4, 1 << 14, "intervals from the wall to the far field"}));
  shape.far_field_chords =
      deck.get_real("mesh.far_field_chords",
                    {10.0, 2, 1e4, false, false,
                     "radius of the far-field semicircle about the trailing edge, chords"});
  shape.wall_spacing = deck.get_real(
      "mesh.wall_spacing", {0.002, 0, 1, true, false, "first spacing off the wall, chords"});
  shape.le_spacing = deck.get_real("mesh.leading_edge_spacing",
                                   {mesh::kCMeshLeadingEdgeSpacing, 0, 0.1, true, false,
                                    "spacing along the surface at the LE, chords"});
  shape.te_spacing = deck.get_real("mesh.trailing_edge_spacing",
                                   {mesh::kCMeshTrailingEdgeSpacing, 0, 0.1, true, false,
                                    "spacing along the surface at the TE, chords"});
  try {
    mesh::check_c_grid_shape(shape);
  } catch (const InputError& error) {
    deck.fail("mesh.wall_spacing", error.what());
  }
  in.airfoil.on_device =
      deck.get_choice(
          "mesh.generated_on", values_of("mesh.generated_on"), std::string("device"),
          "elliptic grid generation by Kokkos kernels (device) or the host reference") == "device";
  in.airfoil.elliptic.max_iterations = static_cast<int>(deck.get_int(
      "mesh.elliptic_iterations", {20000, 1, 1000000, "elliptic grid iterations at most"}));
  in.airfoil.elliptic.tolerance = deck.get_real(
      "mesh.elliptic_tolerance",
      {1e-6, 0, 1, true, false, "stop when no node moves more than this fraction of its spacing"});
  in.airfoil.elliptic.sequencing = deck.get_bool(
      "mesh.elliptic_sequencing", true,
      "start the elliptic iteration from the grid generated on every other node (recursively)");
}

void read_flat_plate_grid(DeckReader& deck, IncompressibleConfig& in) {
  FlatPlateGrid& p = in.plate;
  const std::vector<long long> cells =
      deck.get_int_list("mesh.cells", 2, {std::nullopt, 16, 1 << 14, "cells along x and y"});
  p.cells_x = static_cast<int>(cells[0]);
  p.cells_y = static_cast<int>(cells[1]);
  if (p.cells_x % 2 != 0) deck.fail("mesh.cells", "the cells along x must be even");
  p.wall_spacing =
      deck.get_real("mesh.wall_spacing",
                    {2e-4, 0, 0.1, true, false, "first spacing off the plate (plate length 1)"});
  p.height = deck.get_real("mesh.height", {0.5, 0, 100, true, false, "height of the domain"});
  p.upstream = deck.get_real("mesh.upstream",
                             {0.25, 0, 100, true, false, "length of the domain before the plate"});
  p.downstream = deck.get_real("mesh.downstream",
                               {0.25, 0, 100, true, false, "length of the domain after the plate"});
  p.trailing_edge = deck.get_bool(
      "mesh.trailing_edge", true,
      "whether the plate ends at x = 1 (a wake follows) or runs on to the outflow (Blasius' "
      "semi-infinite plate)");
  if (p.wall_spacing * p.cells_y >= p.height)
    deck.fail("mesh.wall_spacing",
              "times the cells along y reaches past mesh.height: make it smaller");
}

void read_discretisation(DeckReader& deck, IncompressibleConfig& in) {
  in.convection_order = static_cast<int>(
      deck.get_int("incompressible.convection_order",
                   {2, 1, 2, "order of the upwind differences of the vorticity's convection"}));
  const std::string form = deck.get_choice(
      "incompressible.convection_form", values_of("incompressible.convection_form"),
      std::string("conservative"),
      "the convection's form: conservative (face fluxes: the circulation is conserved) or "
      "advective (U omega_xi + V omega_eta)");
  in.convection_form =
      form == "advective" ? ConvectionForm::kAdvective : ConvectionForm::kConservative;
  const std::string turbulence = deck.get_choice(
      "incompressible.turbulence", values_of("incompressible.turbulence"), std::string("laminar"),
      "turbulence model: laminar, or baldwin_lomax (fully turbulent)");
  in.baldwin_lomax = turbulence == "baldwin_lomax";
  if (in.baldwin_lomax && in.problem == IncompressibleProblem::kLidDrivenCavity)
    deck.fail("incompressible.turbulence",
              "Baldwin-Lomax needs a wall with its boundary layer along j = 0 (problem.type "
              "airfoil or flat_plate); the cavity runs laminar");
  const std::string wall =
      deck.get_choice("incompressible.wall_vorticity", values_of("incompressible.wall_vorticity"),
                      std::string("jensen"),
                      "wall vorticity from psi: jensen (second order) or thom (first order)");
  in.wall_vorticity = wall == "thom" ? WallVorticityKind::kThom : WallVorticityKind::kJensen;
  const std::string poisson = deck.get_choice(
      "incompressible.poisson", values_of("incompressible.poisson"), std::string("bicgstab"),
      "stream-function solver: bicgstab (Kokkos-Kernels, with incompressible.preconditioner) or "
      "jacobi (Gohari et al.'s point iteration)");
  in.poisson = poisson == "jacobi" ? PoissonSolverKind::kJacobi : PoissonSolverKind::kBicgstab;
  if (in.poisson == PoissonSolverKind::kBicgstab) {
    // Multigrid is the faster on the cavity's uniform grid (perf/results: 3 iterations per solve
    // on 257^2 against 409); on the airfoil's and the plate's wall-stretched grids (aspect ratios
    // ~100) its point-Jacobi smoother does not smooth across the thin cells and BiCGSTAB with it
    // stalls. Alternating line smoothing (line_multigrid) does: 8-14 iterations a solve from
    // 193 x 65 to 769 x 257 where the diagonal (jacobi) takes 147-471
    // (docs/user-guide/incompressible.md).
    const bool stretched = in.problem != IncompressibleProblem::kLidDrivenCavity;
    const std::string preconditioner = deck.get_choice(
        "incompressible.preconditioner", values_of("incompressible.preconditioner"),
        std::string(stretched ? "line_multigrid" : "multigrid"),
        "BiCGSTAB's preconditioner: one geometric multigrid V-cycle with a point (multigrid) or "
        "alternating-line (line_multigrid) Jacobi smoother, or the diagonal (jacobi)");
    in.preconditioner = preconditioner == "jacobi"           ? PreconditionerKind::kJacobi
                        : preconditioner == "line_multigrid" ? PreconditionerKind::kLineMultigrid
                                                             : PreconditionerKind::kMultigrid;
  }
  in.poisson_tolerance = deck.get_real(
      "incompressible.poisson_tolerance",
      {1e-10, 0, 1, true, true, "stop when ||-omega - lap psi|| <= this times ||omega||"});
  in.poisson_max_iterations = deck.get_int(
      "incompressible.poisson_max_iterations",
      {100000, 1, kMaxLong, "iterations per solve at most (the progress note says if reached)"});
  if (in.poisson == PoissonSolverKind::kJacobi)
    in.jacobi_relaxation = deck.get_real(
        "incompressible.jacobi_relaxation",
        {1.0, 0, 1, true, false,
         "weight of the Jacobi update (above 1 the checkerboard mode grows: not accepted)"});
}

}  // namespace

const ChoiceTable& choices() {
  static const ChoiceTable table{
      {{"problem.type"}, {"lid_driven_cavity", "airfoil", "flat_plate"}, "the flow"},
      {{"mesh.generated_on"},
       {"device", "host"},
       "where the airfoil's elliptic C-grid is generated"},
      {{"incompressible.poisson"}, {"bicgstab", "jacobi"}, "stream-function Poisson solver"},
      {{"incompressible.preconditioner"},
       {"multigrid", "line_multigrid", "jacobi"},
       "BiCGSTAB's preconditioner"},
      {{"incompressible.wall_vorticity"}, {"jensen", "thom"}, "no-slip wall vorticity formula"},
      {{"incompressible.convection_form"},
       {"conservative", "advective"},
       "the vorticity convection's form"},
      {{"incompressible.turbulence"}, {"laminar", "baldwin_lomax"}, "turbulence model"},
  };
  return table;
}

void read_deck(DeckReader& deck, RunConfig& config) {
  IncompressibleConfig& in = config.family<IncompressibleConfig>();
  read_flow(deck, in);
  if (in.problem == IncompressibleProblem::kLidDrivenCavity) {
    config.mesh = deck::read_mesh(deck, 2);
    // Jensen's wall formula reaches two nodes off each wall; an interior needs a node between.
    for (int d = 0; d < 2; ++d)
      if (config.mesh.cells[d] < 4)
        deck.fail("mesh.cells", "needs at least 4 cells (5 nodes) per direction; found " +
                                    std::to_string(config.mesh.cells[d]));
  } else {
    config.mesh.dimension = 2;
    if (in.problem == IncompressibleProblem::kAirfoil) {
      read_c_grid(deck, in);
      config.mesh.cells = {in.airfoil.shape.nodes_i() - 1, in.airfoil.shape.nodes_j() - 1, 1};
    } else {
      read_flat_plate_grid(deck, in);
      config.mesh.cells = {in.plate.cells_x, in.plate.cells_y, 1};
    }
  }
  read_discretisation(deck, in);
  config.time = deck::read_time(deck);
  config.output = deck::read_output(deck, config.deck_path);
}

}  // namespace portaflow::incompressible
