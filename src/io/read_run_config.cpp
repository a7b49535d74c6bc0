#include "portaflow/io/read_run_config.hpp"

#include <filesystem>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "portaflow/core/error.hpp"
#include "portaflow/mesh/multiblock_mesh.hpp"
#include "portaflow/schemes/common/initial_conditions.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::io {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr long long kMaxInt = std::numeric_limits<int>::max();

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
  return deck.get_real(key, {std::nullopt, mesh.domain_min[d], mesh.domain_max[d], false, false,
                             meaning});
}

void check_vacuum_pair(DeckReader& deck, const std::string& key, const PrimitiveInput1D& w) {
  // A side with zero density must be a vacuum (Toro sec. 4.6): zero pressure too.
  if ((w.rho == 0) != (w.p == 0))
    deck.fail(key, "a vacuum state needs rho = 0 and p = 0 together; found rho = " +
                       std::to_string(w.rho) + ", p = " + std::to_string(w.p));
}

const std::vector<std::string>& problem_names(int dimension) {
  static const std::vector<std::string> one{"riemann", "blast_wave", "shu_osher", "density_wave"};
  static const std::vector<std::string> two{"riemann_2d", "density_wave", "isentropic_vortex",
                                            "radial_explosion"};
  return dimension == 1 ? one : two;
}

ProblemConfig read_problem(DeckReader& deck, const MeshConfig& mesh, SchemeKind scheme) {
  ProblemConfig problem;
  // exact_riemann samples the solution of a Riemann problem, nothing else.
  const std::vector<std::string> names =
      scheme == SchemeKind::kExactRiemann ? std::vector<std::string>{"riemann"}
                                          : problem_names(mesh.dimension);
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
    if (scheme != SchemeKind::kExactRiemann && (r.left.rho == 0 || r.right.rho == 0))
      deck.fail("problem", "only the exact_riemann scheme takes a vacuum state");
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
    problem.wavenumber = deck.get_real(
        "problem.right.wavenumber", {std::nullopt, -kInf, kInf, false, false, "k in sin(k x)"});
    r.right.u = deck.get_real("problem.right.u", {std::nullopt, -kInf, kInf, false, false, "velocity"});
    r.right.p = deck.get_real("problem.right.p", {std::nullopt, 0, kInf, true, false, "pressure"});
    if (problem.amplitude >= problem.rho_mean)
      deck.fail("problem.right.amplitude", "must be below rho_mean so the density stays positive");
  } else if (problem.name == "riemann_2d") {
    problem.kind = ProblemKind::kRiemann2D;
    problem.northeast = read_primitive_2d(deck, "problem.northeast");
    problem.northwest = read_primitive_2d(deck, "problem.northwest");
    problem.southwest = read_primitive_2d(deck, "problem.southwest");
    problem.southeast = read_primitive_2d(deck, "problem.southeast");
    problem.center[0] = read_position(deck, "problem.center_x", mesh, 0, "x of the quadrants' corner");
    problem.center[1] = read_position(deck, "problem.center_y", mesh, 1, "y of the quadrants' corner");
  } else if (problem.name == "radial_explosion") {
    problem.kind = ProblemKind::kRadialExplosion;
    problem.inside = read_primitive_2d(deck, "problem.inside");
    problem.outside = read_primitive_2d(deck, "problem.outside");
    problem.center[0] = read_position(deck, "problem.center_x", mesh, 0, "x of the circle's centre");
    problem.center[1] = read_position(deck, "problem.center_y", mesh, 1, "y of the circle's centre");
    problem.radius =
        deck.get_real("problem.radius", {std::nullopt, 0, kInf, true, false, "circle radius"});
  } else {
    problem.kind = problem.name == "density_wave" ? ProblemKind::kDensityWave
                                                  : ProblemKind::kIsentropicVortex;
    if (mesh.dimension == 1) {
      const auto m = read_primitive_1d(deck, "problem.mean");
      problem.mean = {m.rho, m.u, 0.0, m.p};
    } else {
      problem.mean = read_primitive_2d(deck, "problem.mean");
    }
    if (problem.kind == ProblemKind::kDensityWave) {
      problem.amplitude = deck.get_real(
          "problem.amplitude", {std::nullopt, 0, kInf, false, false, "density amplitude"});
      if (problem.amplitude >= problem.mean.rho)
        deck.fail("problem.amplitude", "must be below problem.mean.rho so the density stays positive");
      const auto periods = deck.get_real_list(
          "problem.periods", mesh.dimension,
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
  // "transmissive" is the finite-volume literature's name for the same zero-gradient condition.
  static const std::vector<std::string> choices{"nonreflective", "transmissive", "reflective",
                                                "periodic"};
  BoundaryConfig b;
  const char* sides[4] = {"boundary.x_min", "boundary.x_max", "boundary.y_min", "boundary.y_max"};
  for (int s = 0; s < 2 * dimension; ++s) {
    const std::string name =
        deck.get_choice(sides[s], choices, std::string(periodic_required ? "periodic" : "nonreflective"),
                        "boundary condition");
    b.side[s] = name == "reflective" ? BoundaryKind::kReflective
                                      : (name == "periodic" ? BoundaryKind::kPeriodic
                                                            : BoundaryKind::kNonReflective);
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

ExecutionConfig read_execution(DeckReader& deck, int dimension, const char* default_kernel) {
  ExecutionConfig e;
  const std::string kernel = deck.get_choice("execution.kernel", {"team", "flat"},
                                             std::string(default_kernel), "kernel variant");
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
  out.checkpoint_every = deck.get_int(
      "output.checkpoint_every",
      {0, 0, std::numeric_limits<long long>::max(), "steps between checkpoints (0: none)"});
  return out;
}

LimiterKind limiter_kind(const std::string& name) {
  if (name == "first_order") return LimiterKind::kFirstOrder;
  if (name == "minbee") return LimiterKind::kMinbee;
  if (name == "superbee") return LimiterKind::kSuperbee;
  if (name == "minmod") return LimiterKind::kMinmod;
  if (name == "none") return LimiterKind::kNone;
  return LimiterKind::kVanLeer;
}

FluxKind flux_kind(const std::string& name) {
  return name == "hllc" ? FluxKind::kHllc : name == "rusanov" ? FluxKind::kRusanov : FluxKind::kExact;
}

// muscl_hancock: Toro's limiters, exact solver by default (seed 003), splitting in 2D.
FvConfig read_muscl_hancock(DeckReader& deck, int dimension) {
  FvConfig fv;
  fv.limiter = limiter_kind(deck.get_choice("fv.limiter", {"first_order", "minbee", "van_leer", "superbee"},
                                            std::string("van_leer"), "slope limiter (Toro sec. 14.4)"));
  fv.flux = flux_kind(deck.get_choice("fv.flux", {"exact", "hllc", "rusanov"}, std::string("exact"),
                                      "Riemann solver at the faces"));
  if (dimension == 2) {
    const std::string splitting =
        deck.get_choice("fv.splitting", {"alternating", "averaged"}, std::string("alternating"),
                        "dimensional splitting (2D)");
    fv.splitting = splitting == "averaged" ? SplittingKind::kAveraged : SplittingKind::kAlternating;
  }
  return fv;
}

// muscl: seed 002's minmod-limited MUSCL with Rusanov by default; geometry in 1D.
FvConfig read_muscl(DeckReader& deck, const MeshConfig& mesh) {
  const int dimension = mesh.dimension;
  FvConfig fv;
  const std::string order = deck.get_choice("fv.reconstruction", {"muscl2", "muscl3"},
                                            std::string("muscl2"), "face reconstruction");
  fv.reconstruction = order == "muscl3" ? ReconstructionKind::kMuscl3 : ReconstructionKind::kMuscl2;
  fv.limiter = limiter_kind(deck.get_choice("fv.limiter", {"minmod", "none"}, std::string("minmod"),
                                            "limiter of the reconstruction (none: smooth data only)"));
  fv.tvb_m = deck.get_real("fv.tvb_m", {0.0, 0, kInf, false, false,
                                        "TVB constant M: differences below M h^2 are not limited"});
  fv.flux = flux_kind(deck.get_choice("fv.flux", {"rusanov", "hllc", "exact"},
                                      std::string("rusanov"), "Riemann solver at the faces"));
  if (dimension == 1) {
    const std::string geometry =
        deck.get_choice("fv.geometry", {"planar", "cylindrical", "spherical"},
                        std::string("planar"), "1D geometry (x is the radius unless planar)");
    fv.geometry = geometry == "cylindrical" ? GeometryKind::kCylindrical
                  : geometry == "spherical" ? GeometryKind::kSpherical
                                            : GeometryKind::kPlanar;
    if (fv.geometry != GeometryKind::kPlanar && mesh.domain_min[0] < 0)
      deck.fail("mesh.domain", "a radial geometry needs r >= 0: the domain must start at 0 or above");
  }
  return fv;
}

// ---- multiblock: a steady state on a curvilinear multi-block mesh (seed 001) ----

// Deck names of the mesh layer's enums, in one table each so the ints in BoundarySpec cannot
// drift from mesh::Face and mesh::BoundaryKind.
const std::vector<std::pair<std::string, mesh::Face>>& face_names() {
  static const std::vector<std::pair<std::string, mesh::Face>> faces{
      {"imin", mesh::Face::kIMin}, {"imax", mesh::Face::kIMax},
      {"jmin", mesh::Face::kJMin}, {"jmax", mesh::Face::kJMax}};
  return faces;
}

const std::vector<std::pair<std::string, mesh::BoundaryKind>>& boundary_kind_names() {
  static const std::vector<std::pair<std::string, mesh::BoundaryKind>> kinds{
      {"far_field", mesh::BoundaryKind::kFarField},
      {"slip_wall", mesh::BoundaryKind::kSlipWall},
      {"symmetry", mesh::BoundaryKind::kSymmetry}};
  return kinds;
}

template <class Enum>
int read_named(DeckReader& deck, const std::string& key,
               const std::vector<std::pair<std::string, Enum>>& table, const char* meaning) {
  std::vector<std::string> names;
  for (const auto& entry : table) names.push_back(entry.first);
  const std::string name = deck.get_choice(key, names, std::nullopt, meaning);
  for (const auto& entry : table)
    if (entry.first == name) return static_cast<int>(entry.second);
  throw Error("internal error: no value for '" + name + "'");
}

template <class Enum>
std::string deck_name(const std::vector<std::pair<std::string, Enum>>& table, int value) {
  for (const auto& entry : table)
    if (static_cast<int>(entry.second) == value) return entry.first;
  return std::to_string(value);
}

std::string node_counts_text(const std::vector<long long>& nodes) {
  return "[" + std::to_string(nodes[0]) + ", " + std::to_string(nodes[1]) + "]";
}

MultiBlockMeshConfig read_multiblock_mesh(DeckReader& deck) {
  MultiBlockMeshConfig m;
  const std::string generator =
      deck.get_choice("mesh.generator", {"box", "four_block", "naca0012", "plot3d"}, std::nullopt,
                      "where the mesh comes from");
  if (generator == "box" || generator == "four_block") {
    m.kind = generator == "box" ? MultiBlockMeshKind::kBox : MultiBlockMeshKind::kFourBlock;
    // 9 nodes: the order-4 operator's four boundary rows at each end and one interior row.
    const auto nodes = deck.get_int_list("mesh.nodes", 2,
                                         {std::nullopt, 9, 1 << 20, "nodes per direction [ni, nj]"});
    if (m.kind == MultiBlockMeshKind::kFourBlock && (nodes[0] % 2 == 0 || nodes[1] % 2 == 0))
      deck.fail("mesh.nodes", "four_block splits the box at its middle nodes, so both counts must "
                              "be odd; found " + node_counts_text(nodes));
    m.nodes = {static_cast<int>(nodes[0]), static_cast<int>(nodes[1]), 1};
    const auto domain = deck.get_real_list("mesh.domain", std::vector<double>{0, 1, 0, 1},
                                           {std::nullopt, -kInf, kInf, false, false,
                                            "[x_min, x_max, y_min, y_max]"});
    if (!(domain[1] > domain[0] && domain[3] > domain[2]))
      deck.fail("mesh.domain", "each maximum must exceed its minimum");
    m.domain = {domain[0], domain[1], domain[2], domain[3]};
    m.warp = deck.get_real("mesh.warp", {0.0, 0, 0.2, false, false,
                                         "sine warping of the interior nodes (fraction of the "
                                         "domain size)"});
  } else if (generator == "naca0012") {
    m.kind = MultiBlockMeshKind::kNaca0012;
    m.level = static_cast<int>(deck.get_int(
        "mesh.level", {std::nullopt, 0, 2, "refinement level: 0 coarse, 1 medium, 2 fine"}));
    m.far_field_chords = deck.get_real(
        "mesh.far_field", {20.0, 2, kInf, true, false, "distance of the outer boundary, chords"});
  } else {
    m.kind = MultiBlockMeshKind::kPlot3d;
    m.plot3d_file = deck.get_existing_file("mesh.file", "the Plot3D grid file").string();
    const std::size_t count = deck.get_map_list(
        "mesh.boundaries", "boundary patches {block, face, kind}, one whole block face each");
    for (std::size_t k = 0; k < count; ++k) {
      const std::string item = "mesh.boundaries." + std::to_string(k);
      BoundarySpec spec;
      spec.block = static_cast<int>(deck.get_int(
          item + ".block", {std::nullopt, 0, kMaxInt, "block index, from 0 in file order"}));
      spec.face = read_named(deck, item + ".face", face_names(), "face of the block");
      spec.kind = read_named(deck, item + ".kind", boundary_kind_names(), "boundary condition");
      for (std::size_t earlier = 0; earlier < k; ++earlier) {
        const BoundarySpec& other = m.boundaries[earlier];
        if (other.block == spec.block && other.face == spec.face)
          deck.fail(item, "block " + std::to_string(spec.block) + " face " +
                              deck_name(face_names(), spec.face) + " is already given by " +
                              display_key("mesh.boundaries." + std::to_string(earlier)));
      }
      m.boundaries.push_back(spec);
    }
    // No silent default: a forgotten wall must not quietly become far field.
    m.default_boundary = read_named(deck, "mesh.default_boundary", boundary_kind_names(),
                                    "boundary condition of every face node that neither an "
                                    "interface nor mesh.boundaries covers");
  }
  return m;
}

// Keys of the time-accurate schemes that mean nothing for a steady march: a sentence instead of
// a bare "unknown key".
void reject_time_accurate_keys(DeckReader& deck) {
  const std::pair<const char*, const char*> keys[] = {
      {"time.t_end", "multiblock marches to a steady state and has no end time; give "
                     "time.max_cycles and time.residual_drop instead"},
      {"time.max_steps", "multiblock counts Runge-Kutta cycles: use time.max_cycles"},
      {"output.every", "multiblock writes VTK frames by cycle: use output.every_cycles"},
      {"output.checkpoint_every", "checkpoint and restart are not supported for multiblock yet"},
  };
  for (const auto& [key, reason] : keys)
    if (deck.has(key)) deck.fail(key, reason);
}

void read_multiblock(DeckReader& deck, RunConfig& config) {
  config.mesh.dimension = 2;
  config.multiblock_mesh = read_multiblock_mesh(deck);
  config.problem.name = deck.get_choice("problem.type", {"freestream"}, std::nullopt,
                                        "the flow: a uniform free stream around the mesh");
  config.freestream.mach =
      deck.get_real("problem.mach", {std::nullopt, 0, kInf, true, false, "free-stream Mach number"});
  config.freestream.alpha_degrees = deck.get_real(
      "problem.alpha", {0.0, -180, 180, false, false, "angle of attack in degrees, from +x to +y"});
  const std::string order = deck.get_choice("multiblock.order", {"2", "4"}, std::string("4"),
                                            "SBP interior order (boundary order 1 or 2)");
  config.multiblock.order = order == "2" ? 2 : 4;
  config.multiblock.dissipation = deck.get_real(
      "multiblock.dissipation",
      {0.2, 0, kInf, false, false, "artificial dissipation coefficient (Mattson et al. 2004)"});
  config.multiblock.far_field_vortex = deck.get_bool(
      "multiblock.far_field_vortex", false,
      "add the lifting body's compressible point vortex to the far-field state");
  // The flat residual kernel is the default: on the H100 it ran the order-4 residual at 8.1e9
  // nodes/s against the team kernel's 3.7e9 (4e6 nodes), and on 16 cores the two were within
  // 10% (perf/results/h100-20261121-multiblock*.json).
  const std::string kernel = deck.get_choice("execution.kernel", {"flat", "team"},
                                             std::string("flat"), "residual kernel variant");
  config.execution.kernel = kernel == "team" ? KernelChoice::kTeam : KernelChoice::kFlat;
  reject_time_accurate_keys(deck);
  config.time.cfl = deck.get_real(
      "time.cfl", {2.0, 0, 10, true, false, "CFL number of the local time steps"});
  config.steady.residual_drop = deck.get_real(
      "time.residual_drop", {1e-10, 0, 1, true, true,
                             "stop when every equation's L2 residual fell by this factor"});
  config.steady.max_cycles = deck.get_int(
      "time.max_cycles",
      {std::nullopt, 1, std::numeric_limits<long long>::max(), "Runge-Kutta cycles at most"});
}

OutputConfig read_steady_output(DeckReader& deck, const std::string& deck_path) {
  OutputConfig out;
  const std::string default_dir =
      (std::filesystem::path("output") / std::filesystem::path(deck_path).stem()).string();
  out.dir = deck.get_string("output.dir", default_dir, "output folder");
  out.name = deck.get_string("output.name", std::string("solution"), "prefix of VTK series files");
  out.vtk = deck.get_bool("output.vtk", true, "write the VTK series");
  out.every_cycles = deck.get_int(
      "output.every_cycles",
      {0, 0, std::numeric_limits<long long>::max(), "cycles between VTK frames (0: last only)"});
  out.history_every =
      deck.get_int("output.history_every", {1, 1, std::numeric_limits<long long>::max(),
                                            "cycles between history rows"});
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
  if (config.scheme == SchemeKind::kMultiBlock) {
    read_multiblock(deck, config);
    config.output = read_steady_output(deck, config.deck_path);
    deck.reject_unknown_keys();
    return config;
  }
  // A scheme for 1D and 2D takes its dimension from mesh.cells: an integer or [nx, ny].
  const int dimension = scheme.dimension > 0 ? scheme.dimension
                                             : (deck.list_size("mesh.cells") == 2 ? 2 : 1);
  config.mesh = read_mesh(deck, dimension);
  config.problem = read_problem(deck, config.mesh, config.scheme);
  if (config.scheme != SchemeKind::kExactRiemann)
    config.boundary = read_boundary(deck, config.mesh.dimension, is_smooth(config.problem));
  if (config.scheme == SchemeKind::kCese1D || config.scheme == SchemeKind::kCese2D) {
    config.execution = read_execution(deck, config.mesh.dimension, "team");
    config.cese.alpha = deck.get_real(
        "cese.alpha", {2.0, 0, 16, false, false, "W0 exponent alpha (eq. 3.9 of seed 000)"});
  }
  if (config.scheme == SchemeKind::kMusclHancock) {
    config.fv = read_muscl_hancock(deck, config.mesh.dimension);
    // Flat (the sweep kernels) by default: the faster variant on the H200 (seed 003's run in
    // 0.080-0.095 s against the fused team step's 0.150 s) and on 16 cores (2.5-2.8 s against
    // 8.4 s), perf/results/SUMMARY.md.
    if (config.mesh.dimension == 2) config.execution = read_execution(deck, 2, "flat");
  }
  if (config.scheme == SchemeKind::kMuscl) config.fv = read_muscl(deck, config.mesh);
  config.time = read_time(deck);
  config.output = read_output(deck, config.deck_path);
  deck.reject_unknown_keys();
  return config;
}

}  // namespace portaflow::io
