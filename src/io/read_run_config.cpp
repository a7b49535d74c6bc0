#include "portaflow/io/read_run_config.hpp"

#include <filesystem>

#include "portaflow/core/error.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::io {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

const SchemeInfo& read_scheme(DeckReader& deck) {
  std::vector<std::string> names;
  for (const auto& s : available_schemes()) names.emplace_back(s.name);
  const std::string name = deck.get_choice("scheme", names, std::nullopt, "the numerical scheme");
  for (const auto& s : available_schemes())
    if (name == s.name) return s;
  throw Error("internal error: scheme '" + name + "' has no entry");
}

PrimitiveInput1D read_primitive_1d(DeckReader& deck, const std::string& prefix) {
  PrimitiveInput1D w;
  w.rho = deck.get_real(prefix + ".rho", {std::nullopt, 0, kInf, false, false, "density"});
  w.u = deck.get_real(prefix + ".u", {std::nullopt, -kInf, kInf, false, false, "velocity"});
  w.p = deck.get_real(prefix + ".p", {std::nullopt, 0, kInf, false, false, "pressure"});
  return w;
}

ProblemConfig read_problem(DeckReader& deck, const MeshConfig& mesh) {
  ProblemConfig problem;
  deck.get_choice("problem.type", {"riemann"}, std::nullopt, "the initial-value problem");
  problem.kind = ProblemKind::kRiemann;
  auto& r = problem.riemann;
  r.left = read_primitive_1d(deck, "problem.left");
  r.right = read_primitive_1d(deck, "problem.right");
  r.x0 = deck.get_real("problem.x0", {std::nullopt, mesh.domain_min[0], mesh.domain_max[0], false,
                                      false, "position of the initial discontinuity"});
  // A side with zero density must be a vacuum (Toro sec. 4.6): zero pressure too.
  for (const char* side : {"left", "right"}) {
    const auto& w = std::string(side) == "left" ? r.left : r.right;
    if ((w.rho == 0) != (w.p == 0))
      deck.fail(std::string("problem.") + side,
                "a vacuum state needs rho = 0 and p = 0 together; found rho = " +
                    std::to_string(w.rho) + ", p = " + std::to_string(w.p));
  }
  if (r.left.rho == 0 && r.right.rho == 0)
    deck.fail("problem", "both states are vacuum: there is nothing to solve");
  return problem;
}

MeshConfig read_mesh(DeckReader& deck, int dimension) {
  MeshConfig mesh;
  mesh.dimension = dimension;
  const auto cells = deck.get_int_list(
      "mesh.cells", dimension,
      {std::nullopt, 1, 1LL << 30,
       dimension == 1 ? "number of cells" : "number of cells per direction [nx, ny]"});
  for (int d = 0; d < dimension; ++d) mesh.cells[d] = static_cast<int>(cells[d]);
  const auto domain = deck.get_real_list(
      "mesh.domain", 2 * dimension,
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
      deck.get_int("time.max_steps", {0, 0, std::numeric_limits<long long>::max(),
                                      "stop after this many steps (0: no limit)"});
  return time;
}

OutputConfig read_output(DeckReader& deck, const std::string& deck_path) {
  OutputConfig out;
  const std::string default_dir =
      (std::filesystem::path("output") / std::filesystem::path(deck_path).stem()).string();
  out.dir = deck.get_string("output.dir", default_dir, "output folder");
  out.name = deck.get_string("output.name", std::string("solution"), "prefix of VTK series files");
  out.every = deck.get_real("output.every",
                            {0.0, 0, kInf, false, false, "simulated time between VTK frames"});
  out.vtk = deck.get_bool("output.vtk", true, "write the VTK series");
  out.history_every =
      deck.get_int("output.history_every", {1, 1, std::numeric_limits<long long>::max(),
                                            "steps between history rows"});
  out.progress_seconds = deck.get_real(
      "output.progress_seconds",
      {2.0, 0, kInf, false, false, "wall-clock seconds between progress lines (0: none)"});
  return out;
}

}  // namespace

RunConfig read_run_config(DeckReader& deck) {
  RunConfig config;
  config.deck_path = deck.name();
  const SchemeInfo& scheme = read_scheme(deck);
  config.scheme = scheme.kind;
  config.scheme_name = scheme.name;
  config.physics.gamma =
      deck.get_real("physics.gamma", {1.4, 1, kInf, true, false, "ratio of specific heats"});
  config.mesh = read_mesh(deck, scheme.dimension);
  config.problem = read_problem(deck, config.mesh);
  config.time = read_time(deck);
  config.output = read_output(deck, config.deck_path);
  deck.reject_unknown_keys();
  return config;
}

}  // namespace portaflow::io
