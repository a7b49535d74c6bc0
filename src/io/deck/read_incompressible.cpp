// The incompressible family's deck (scheme streamfunction_vorticity, seed 004): the flow (the
// lid-driven cavity, its Reynolds number), the node grid, the discretisation and the Poisson
// solver, then time and output.
#include "io/deck/deck_sections.hpp"
#include "portaflow/io/deck_choices.hpp"

namespace portaflow::io::deck {

namespace {

const std::string kFamily = "streamfunction_vorticity";

void read_flow(DeckReader& deck, IncompressibleConfig& in) {
  deck.get_choice("problem.type", deck_choices("problem.type", kFamily), std::nullopt, "the flow");
  in.problem = IncompressibleProblem::kLidDrivenCavity;
  in.reynolds = deck.get_real("problem.reynolds",
                              {std::nullopt, 0, kInf, true, false,
                               "Reynolds number U L / nu (lid speed, domain width)"});
  in.lid_speed = deck.get_real("problem.lid_speed",
                               {1.0, 0, kInf, true, false, "speed of the lid (y = y_max), along +x"});
}

void read_discretisation(DeckReader& deck, IncompressibleConfig& in) {
  in.convection_order = static_cast<int>(deck.get_int(
      "incompressible.convection_order",
      {2, 1, 2, "order of the upwind differences of the vorticity's convection"}));
  const std::string wall = deck.get_choice(
      "incompressible.wall_vorticity", deck_choices("incompressible.wall_vorticity", kFamily),
      std::string("jensen"),
      "wall vorticity from psi: jensen (second order) or thom (first order)");
  in.wall_vorticity = wall == "thom" ? WallVorticityKind::kThom : WallVorticityKind::kJensen;
  const std::string poisson = deck.get_choice(
      "incompressible.poisson", deck_choices("incompressible.poisson", kFamily),
      std::string("bicgstab"),
      "stream-function solver: bicgstab (Kokkos-Kernels, Jacobi-preconditioned) or jacobi "
      "(seed 004's point iteration)");
  in.poisson = poisson == "jacobi" ? PoissonSolverKind::kJacobi : PoissonSolverKind::kBicgstab;
  if (in.poisson == PoissonSolverKind::kBicgstab) {
    const std::string preconditioner = deck.get_choice(
        "incompressible.preconditioner", deck_choices("incompressible.preconditioner", kFamily),
        std::string("multigrid"),
        "BiCGSTAB's preconditioner: one geometric multigrid V-cycle, or the diagonal (jacobi)");
    in.preconditioner = preconditioner == "jacobi" ? PreconditionerKind::kJacobi
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

void read_incompressible_deck(DeckReader& deck, RunConfig& config) {
  read_flow(deck, config.incompressible);
  config.mesh = read_mesh(deck, 2);
  // Jensen's wall formula reaches two nodes off each wall; an interior needs a node between.
  for (int d = 0; d < 2; ++d)
    if (config.mesh.cells[d] < 4)
      deck.fail("mesh.cells", "needs at least 4 cells (5 nodes) per direction; found " +
                                  std::to_string(config.mesh.cells[d]));
  read_discretisation(deck, config.incompressible);
  config.time = read_time(deck);
  config.output = read_output(deck, config.deck_path);
}

}  // namespace portaflow::io::deck
