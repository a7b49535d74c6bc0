#include "portaflow/config/shared_sections.hpp"

#include <filesystem>

#include "portaflow/core/error.hpp"

namespace portaflow::deck {

namespace {

PrimitiveInput1D read_primitive_1d(DeckReader& deck, const std::string& prefix) {
  PrimitiveInput1D w;
  w.rho = deck.get_real(prefix + ".rho", {std::nullopt, 0, kInf, false, false, "density"});
  w.u = deck.get_real(prefix + ".u", {std::nullopt, -kInf, kInf, false, false, "velocity"});
  w.p = deck.get_real(prefix + ".p", {std::nullopt, 0, kInf, false, false, "pressure"});
  return w;
}

PrimitiveInput2D read_primitive_2d(DeckReader& deck, const std::string& prefix) {
  PrimitiveInput2D w;
  w.rho = deck.get_real(prefix + ".rho", {std::nullopt, 0, kInf, true, false, "density"});
  w.u = deck.get_real(prefix + ".u", {std::nullopt, -kInf, kInf, false, false, "x velocity"});
  w.v = deck.get_real(prefix + ".v", {std::nullopt, -kInf, kInf, false, false, "y velocity"});
  w.p = deck.get_real(prefix + ".p", {std::nullopt, 0, kInf, true, false, "pressure"});
  return w;
}

double read_position(DeckReader& deck, const std::string& key, const MeshConfig& mesh, int d,
                     const char* meaning) {
  return deck.get_real(
      key, {std::nullopt, mesh.domain_min[d], mesh.domain_max[d], false, false, meaning});
}

void check_vacuum_pair(DeckReader& deck, const std::string& key, const PrimitiveInput1D& w) {
  // A side with zero density must be a vacuum (Toro sec. 4.6): zero pressure too.
  if ((w.rho == 0) != (w.p == 0))
    deck.fail(key, "a vacuum state needs rho = 0 and p = 0 together; found rho = " +
                       std::to_string(w.rho) + ", p = " + std::to_string(w.p));
}

}  // namespace

const ChoiceTable& grid_choices(int dimension) {
  // "transmissive" is the finite-volume literature's name for nonreflective (zero gradient).
  static const std::vector<std::string> kSides{"boundary.x_min", "boundary.x_max", "boundary.y_min",
                                               "boundary.y_max"};
  static const std::vector<std::string> kBoundaries{"nonreflective", "transmissive", "reflective",
                                                    "periodic"};
  static const ChoiceTable one_d{
      {{"problem.type"},
       {"riemann", "blast_wave", "shu_osher", "density_wave"},
       "the initial-value problem (1D)"},
      {{kSides[0], kSides[1]}, kBoundaries, "boundary condition"},
  };
  static const ChoiceTable two_d{
      {{"problem.type"},
       {"riemann_2d", "density_wave", "isentropic_vortex", "radial_explosion"},
       "the initial-value problem (2D)"},
      {kSides, kBoundaries, "boundary condition"},
  };
  return dimension == 1 ? one_d : two_d;
}

const std::vector<std::string>& grid_problem_names(int dimension) {
  return choice_values(grid_choices(dimension), "problem.type");
}

ProblemConfig read_problem(DeckReader& deck, const MeshConfig& mesh,
                           const std::vector<std::string>& names, bool vacuum_allowed) {
  ProblemConfig problem;
  problem.name = deck.get_choice("problem.type", names, std::nullopt, "the initial-value problem");
  auto& r = problem.riemann;
  if (problem.name == "riemann") {
    problem.kind = ProblemKind::kRiemann;
    r.left = read_primitive_1d(deck, "problem.left");
    r.right = read_primitive_1d(deck, "problem.right");
    r.x0 = read_position(deck, "problem.x0", mesh, 0, "position of the initial discontinuity");
    check_vacuum_pair(deck, "problem.left", r.left);
    check_vacuum_pair(deck, "problem.right", r.right);
    if (r.left.rho == 0 && r.right.rho == 0)
      deck.fail("problem", "both states are vacuum: there is nothing to solve");
    if (!vacuum_allowed && (r.left.rho == 0 || r.right.rho == 0))
      deck.fail(
          "problem",
          "this scheme does not take a vacuum state (rho = 0); the exact Riemann sampler does");
  } else if (problem.name == "blast_wave") {
    problem.kind = ProblemKind::kBlastWave;
    r.left = read_primitive_1d(deck, "problem.left");
    problem.middle = read_primitive_1d(deck, "problem.middle");
    r.right = read_primitive_1d(deck, "problem.right");
    problem.x1 = read_position(deck, "problem.x1", mesh, 0, "left/middle interface");
    problem.x2 = read_position(deck, "problem.x2", mesh, 0, "middle/right interface");
    if (!(problem.x2 > problem.x1)) deck.fail("problem.x2", "must exceed problem.x1");
  } else if (problem.name == "shu_osher") {
    problem.kind = ProblemKind::kShuOsher;
    r.left = read_primitive_1d(deck, "problem.left");
    r.x0 = read_position(deck, "problem.x0", mesh, 0, "position of the shock");
    problem.rho_mean = deck.get_real("problem.right.rho_mean",
                                     {std::nullopt, 0, kInf, true, false, "mean right density"});
    problem.amplitude = deck.get_real("problem.right.amplitude",
                                      {std::nullopt, 0, kInf, false, false, "density amplitude"});
    problem.wavenumber = deck.get_real("problem.right.wavenumber",
                                       {std::nullopt, -kInf, kInf, false, false, "k in sin(k x)"});
    r.right.u =
        deck.get_real("problem.right.u", {std::nullopt, -kInf, kInf, false, false, "velocity"});
    r.right.p = deck.get_real("problem.right.p", {std::nullopt, 0, kInf, true, false, "pressure"});
    if (problem.amplitude >= problem.rho_mean)
      deck.fail("problem.right.amplitude", "must be below rho_mean so the density stays positive");
  } else if (problem.name == "riemann_2d") {
    problem.kind = ProblemKind::kRiemann2D;
    problem.northeast = read_primitive_2d(deck, "problem.northeast");
    problem.northwest = read_primitive_2d(deck, "problem.northwest");
    problem.southwest = read_primitive_2d(deck, "problem.southwest");
    problem.southeast = read_primitive_2d(deck, "problem.southeast");
    problem.center[0] =
        read_position(deck, "problem.center_x", mesh, 0, "x of the quadrants' corner");
    problem.center[1] =
        read_position(deck, "problem.center_y", mesh, 1, "y of the quadrants' corner");
  } else if (problem.name == "radial_explosion") {
    problem.kind = ProblemKind::kRadialExplosion;
    problem.inside = read_primitive_2d(deck, "problem.inside");
    problem.outside = read_primitive_2d(deck, "problem.outside");
    problem.center[0] =
        read_position(deck, "problem.center_x", mesh, 0, "x of the circle's centre");
    problem.center[1] =
        read_position(deck, "problem.center_y", mesh, 1, "y of the circle's centre");
    problem.radius =
        deck.get_real("problem.radius", {std::nullopt, 0, kInf, true, false, "circle radius"});
  } else {
    problem.kind =
        problem.name == "density_wave" ? ProblemKind::kDensityWave : ProblemKind::kIsentropicVortex;
    if (mesh.dimension == 1) {
      const auto m = read_primitive_1d(deck, "problem.mean");
      problem.mean = {m.rho, m.u, 0.0, m.p};
    } else {
      problem.mean = read_primitive_2d(deck, "problem.mean");
    }
    if (problem.kind == ProblemKind::kDensityWave) {
      problem.amplitude = deck.get_real("problem.amplitude",
                                        {std::nullopt, 0, kInf, false, false, "density amplitude"});
      if (problem.amplitude >= problem.mean.rho)
        deck.fail("problem.amplitude",
                  "must be below problem.mean.rho so the density stays positive");
      const auto periods =
          deck.get_real_list("problem.periods", mesh.dimension,
                             {std::nullopt, -kInf, kInf, false, false, "sine periods [x(, y)]"});
      problem.periods = {periods[0], mesh.dimension > 1 ? periods[1] : 0.0};
    } else {
      problem.strength = deck.get_real("problem.strength",
                                       {std::nullopt, 0, kInf, false, false, "vortex strength"});
      problem.center[0] = read_position(deck, "problem.center_x", mesh, 0, "vortex centre x");
      problem.center[1] = read_position(deck, "problem.center_y", mesh, 1, "vortex centre y");
    }
  }
  return problem;
}

BoundaryConfig read_boundary(DeckReader& deck, int dimension, bool periodic_required) {
  const auto& choices = choice_values(grid_choices(2), "boundary.x_min");
  BoundaryConfig b;
  const char* sides[4] = {"boundary.x_min", "boundary.x_max", "boundary.y_min", "boundary.y_max"};
  for (int s = 0; s < 2 * dimension; ++s) {
    const std::string name = deck.get_choice(
        sides[s], choices, std::string(periodic_required ? "periodic" : "nonreflective"),
        "boundary condition");
    b.side[s] = name == "reflective"
                    ? BoundaryKind::kReflective
                    : (name == "periodic" ? BoundaryKind::kPeriodic : BoundaryKind::kNonReflective);
    if (periodic_required && b.side[s] != BoundaryKind::kPeriodic)
      deck.fail(sides[s], "this problem's exact solution is periodic: use periodic");
  }
  for (int d = 0; d < dimension; ++d) {
    const bool low = b.side[2 * d] == BoundaryKind::kPeriodic;
    const bool high = b.side[2 * d + 1] == BoundaryKind::kPeriodic;
    if (low != high)
      deck.fail(sides[2 * d + (low ? 1 : 0)],
                "periodic needs both sides of a direction periodic (found one side only)");
  }
  return b;
}

ExecutionConfig read_execution(DeckReader& deck, int dimension,
                               const std::vector<std::string>& kernels,
                               const char* default_kernel) {
  ExecutionConfig e;
  const std::string kernel =
      deck.get_choice("execution.kernel", kernels, std::string(default_kernel), "kernel variant");
  e.kernel = kernel == "flat" ? KernelChoice::kFlat : KernelChoice::kTeam;
  if (deck.has("execution.tile")) {
    const auto tile = deck.get_int_list("execution.tile", dimension,
                                        {std::nullopt, 1, 1 << 16, "outputs per team [tx(, ty)]"});
    e.tile = {static_cast<int>(tile[0]), dimension > 1 ? static_cast<int>(tile[1]) : 1};
  }
  if (deck.has("execution.segment"))
    e.segment = static_cast<int>(deck.get_int(
        "execution.segment", {std::nullopt, 1, 1 << 20, "cells per line walker (flat kernel)"}));
  return e;
}

int grid_dimension(DeckReader& deck) { return deck.list_size("mesh.cells") == 2 ? 2 : 1; }

MeshConfig read_mesh(DeckReader& deck, int dimension) {
  MeshConfig mesh;
  mesh.dimension = dimension;
  const auto cells = deck.get_int_list(
      "mesh.cells", dimension,
      {std::nullopt, 1, 1LL << 30,
       dimension == 1 ? "number of cells" : "number of cells per direction [nx, ny]"});
  for (int d = 0; d < dimension; ++d) mesh.cells[d] = static_cast<int>(cells[d]);
  const auto domain =
      deck.get_real_list("mesh.domain", 2 * dimension,
                         {std::nullopt, -kInf, kInf, false, false,
                          dimension == 1 ? "[x_min, x_max]" : "[x_min, x_max, y_min, y_max]"});
  for (int d = 0; d < dimension; ++d) {
    mesh.domain_min[d] = domain[2 * d];
    mesh.domain_max[d] = domain[2 * d + 1];
    if (!(mesh.domain_max[d] > mesh.domain_min[d]))
      deck.fail("mesh.domain", "each maximum must exceed its minimum; found [" +
                                   std::to_string(domain[2 * d]) + ", " +
                                   std::to_string(domain[2 * d + 1]) + "]");
  }
  return mesh;
}

TimeConfig read_time(DeckReader& deck) {
  TimeConfig time;
  time.t_end = deck.get_real("time.t_end", {std::nullopt, 0, kInf, true, false, "end time"});
  time.cfl = deck.get_real("time.cfl", {0.5, 0, 1, true, false, "CFL number"});
  time.max_steps =
      deck.get_int("time.max_steps", {0, 0, kMaxLong, "stop after this many steps (0: no limit)"});
  return time;
}

std::string default_output_dir(const std::string& deck_path) {
  return (std::filesystem::path("output") / std::filesystem::path(deck_path).stem()).string();
}

OutputConfig read_output(DeckReader& deck, const std::string& deck_path, MarchKind march) {
  const bool steady = march == MarchKind::kSteady;
  OutputConfig out;
  out.dir = deck.get_string("output.dir", default_output_dir(deck_path), "output folder");
  deck.describe_default("output.dir", "output/<deck file name without .yaml>");
  out.name = deck.get_string("output.name", std::string("solution"), "prefix of VTK series files");
  if (!steady)
    out.every = deck.get_real("output.every",
                              {0.0, 0, kInf, false, false, "simulated time between VTK frames"});
  out.vtk = deck.get_bool("output.vtk", true, "write the VTK series");
  if (steady)
    out.every_cycles = deck.get_int("output.every_cycles",
                                    {0, 0, kMaxLong, "cycles between VTK frames (0: last only)"});
  out.history_every = deck.get_int(
      "output.history_every",
      {1, 1, kMaxLong, steady ? "cycles between history rows" : "steps between history rows"});
  out.progress_seconds = deck.get_real(
      "output.progress_seconds",
      {2.0, 0, kInf, false, false, "wall-clock seconds between progress lines (0: none)"});
  out.checkpoint_every = deck.get_int(
      "output.checkpoint_every",
      {0, 0, kMaxLong,
       steady ? "cycles between checkpoints (0: none)" : "steps between checkpoints (0: none)"});
  out.overwrite = read_output_overwrite(deck);
  return out;
}

bool read_output_overwrite(DeckReader& deck) {
  return deck.get_bool("output.overwrite", false,
                       "replace an earlier run's outputs in output.dir (--overwrite)");
}

}  // namespace portaflow::deck
