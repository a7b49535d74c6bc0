// The multi-block family's deck (scheme multiblock, after Elsen et al. 2008): a steady state on a
// curvilinear multi-block mesh, marched by cycles rather than time steps.
#include <filesystem>
#include <map>
#include <utility>

#include "portaflow/config/shared_sections.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/core/format.hpp"
#include "portaflow/mesh/multiblock_mesh.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_scheme.hpp"

namespace portaflow::multiblock {

namespace {

using deck::kInf;
using deck::kMaxInt;
using deck::kMaxLong;

// Deck names of the mesh layer's enums, in one table each so the ints in BoundarySpec cannot
// drift from mesh::Face and mesh::BoundaryKind.
const std::vector<std::pair<std::string, mesh::Face>>& face_names() {
  static const std::vector<std::pair<std::string, mesh::Face>> faces{
      {"imin", mesh::Face::kIMin}, {"imax", mesh::Face::kIMax}, {"jmin", mesh::Face::kJMin},
      {"jmax", mesh::Face::kJMax}, {"kmin", mesh::Face::kKMin}, {"kmax", mesh::Face::kKMax}};
  return faces;
}

const std::vector<std::pair<std::string, mesh::BoundaryKind>>& boundary_kind_names() {
  static const std::vector<std::pair<std::string, mesh::BoundaryKind>> kinds{
      {"far_field", mesh::BoundaryKind::kFarField},
      {"slip_wall", mesh::BoundaryKind::kSlipWall},
      {"symmetry", mesh::BoundaryKind::kSymmetry},
      {"supersonic_inflow", mesh::BoundaryKind::kSupersonicInflow},
      {"supersonic_outflow", mesh::BoundaryKind::kSupersonicOutflow}};
  return kinds;
}

// The deck names come from the choice table (table_key there); `table` maps them to the enum.
template <class Enum>
int read_named(DeckReader& deck, const std::string& key, const std::string& table_key,
               const std::vector<std::pair<std::string, Enum>>& table, const char* meaning) {
  const std::string name =
      deck.get_choice(key, choice_values(choices(), table_key), std::nullopt, meaning);
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

// The blunt bodies' outer boundary: fitted to the bow shock of this Mach number.
void read_fit_mach(DeckReader& deck, MultiBlockMeshConfig& m) {
  if (deck.has("mesh.fit_mach"))
    m.fit_mach = deck.get_real("mesh.fit_mach",
                               {std::nullopt, 1, kInf, true, false,
                                "Mach number whose bow shock the outer boundary is shaped to"});
  deck.describe_default("mesh.fit_mach", "problem.mach");
}

MultiBlockMeshConfig read_multiblock_mesh(DeckReader& deck) {
  MultiBlockMeshConfig m;
  const std::string generator =
      deck.get_choice("mesh.generator", choice_values(choices(), "mesh.generator"), std::nullopt,
                      "where the mesh comes from");
  if (generator == "box" || generator == "four_block") {
    m.kind = generator == "box" ? MultiBlockMeshKind::kBox : MultiBlockMeshKind::kFourBlock;
    // 9 nodes: the order-4 operator's four boundary rows at each end and one interior row.
    const auto nodes = deck.get_int_list(
        "mesh.nodes", 2, {std::nullopt, 9, 1 << 20, "nodes per direction [ni, nj]"});
    if (m.kind == MultiBlockMeshKind::kFourBlock && (nodes[0] % 2 == 0 || nodes[1] % 2 == 0))
      deck.fail("mesh.nodes",
                "four_block splits the box at its middle nodes, so both counts must "
                "be odd; found " +
                    node_counts_text(nodes));
    m.nodes = {static_cast<int>(nodes[0]), static_cast<int>(nodes[1]), 1};
    const auto domain = deck.get_real_list(
        "mesh.domain", std::vector<double>{0, 1, 0, 1},
        {std::nullopt, -kInf, kInf, false, false, "[x_min, x_max, y_min, y_max]"});
    if (!(domain[1] > domain[0] && domain[3] > domain[2]))
      deck.fail("mesh.domain", "each maximum must exceed its minimum");
    m.domain = {domain[0], domain[1], domain[2], domain[3]};
    m.warp = deck.get_real("mesh.warp", {0.0, 0, 0.2, false, false,
                                         "sine warping of the interior nodes (fraction of the "
                                         "domain size)"});
  } else if (generator == "cylinder") {
    m.kind = MultiBlockMeshKind::kCylinder;
    const auto nodes = deck.get_int_list(
        "mesh.nodes", 2,
        {std::nullopt, 3, 1 << 16, "nodes [around the body, wall to outer boundary]"});
    m.blocks_around = static_cast<int>(
        deck.get_int("mesh.blocks", {4, 1, multiblock::kMaxBlocks, "blocks around the body"}));
    if ((nodes[0] - 1) % m.blocks_around != 0)
      deck.fail("mesh.nodes", "the " + std::to_string(nodes[0]) +
                                  " nodes around the body do not make " +
                                  std::to_string(m.blocks_around) +
                                  " equal blocks: nodes - 1 must be a multiple of mesh.blocks");
    m.nodes = {static_cast<int>(nodes[0]), static_cast<int>(nodes[1]), 1};
    read_fit_mach(deck, m);
  } else if (generator == "sphere") {
    m.kind = MultiBlockMeshKind::kSphere;
    const auto nodes = deck.get_int_list(
        "mesh.nodes", 2,
        {std::nullopt, 5, 1 << 12, "nodes [across the cap, wall to outer boundary]"});
    if (nodes[0] % 2 == 0)
      deck.fail("mesh.nodes",
                "the cap is cut in two halves at its middle node, so the count "
                "across it must be odd; found " +
                    std::to_string(nodes[0]));
    m.nodes = {static_cast<int>(nodes[0]), static_cast<int>(nodes[1]), 1};
    read_fit_mach(deck, m);
  } else if (generator == "cone_flare") {
    m.kind = MultiBlockMeshKind::kConeFlare;
    const auto nodes = deck.get_int_list(
        "mesh.nodes", 2,
        {std::nullopt, 9, 1 << 12, "nodes [across the nose cap, wall to outer boundary]"});
    if ((nodes[0] - 1) % 4 != 0)
      deck.fail("mesh.nodes",
                "the nose cap's middle and the azimuthal sectors' cuts must be nodes that "
                "coarser multigrid levels keep, so the count across the cap must be one more "
                "than a multiple of 4; found " +
                    std::to_string(nodes[0]));
    m.nodes = {static_cast<int>(nodes[0]), static_cast<int>(nodes[1]), 1};
    read_fit_mach(deck, m);
  } else if (generator == "cube" || generator == "cube_blocks") {
    m.kind = generator == "cube" ? MultiBlockMeshKind::kCube : MultiBlockMeshKind::kCubeBlocks;
    const auto nodes = deck.get_int_list(
        "mesh.nodes", 3, {std::nullopt, 9, 1 << 10, "nodes per direction [ni, nj, nk]"});
    if (m.kind == MultiBlockMeshKind::kCubeBlocks &&
        (nodes[0] % 2 == 0 || nodes[1] % 2 == 0 || nodes[2] % 2 == 0))
      deck.fail("mesh.nodes",
                "cube_blocks splits the cube at its middle nodes, so all three "
                "counts must be odd; found [" +
                    std::to_string(nodes[0]) + ", " + std::to_string(nodes[1]) + ", " +
                    std::to_string(nodes[2]) + "]");
    m.nodes = {static_cast<int>(nodes[0]), static_cast<int>(nodes[1]), static_cast<int>(nodes[2])};
    const auto domain = deck.get_real_list(
        "mesh.domain", std::vector<double>{0, 1, 0, 1, 0, 1},
        {std::nullopt, -kInf, kInf, false, false, "[x_min, x_max, y_min, y_max, z_min, z_max]"});
    if (!(domain[1] > domain[0] && domain[3] > domain[2] && domain[5] > domain[4]))
      deck.fail("mesh.domain", "each maximum must exceed its minimum");
    m.domain = {domain[0], domain[1], domain[2], domain[3]};
    m.domain_z = {domain[4], domain[5]};
    m.warp = deck.get_real("mesh.warp", {0.0, -0.1, 0.1, false, false,
                                         "sine warping of the interior nodes (fraction of the "
                                         "domain size)"});
  } else if (generator == "naca0012" || generator == "naca0012_extruded") {
    m.kind = generator == "naca0012" ? MultiBlockMeshKind::kNaca0012
                                     : MultiBlockMeshKind::kNaca0012Extruded;
    m.level = static_cast<int>(deck.get_int(
        "mesh.level", {std::nullopt, 0, 2, "refinement level: 0 coarse, 1 medium, 2 fine"}));
    m.far_field_chords = deck.get_real(
        "mesh.far_field", {20.0, 2, kInf, true, false, "distance of the outer boundary, chords"});
    if (m.kind == MultiBlockMeshKind::kNaca0012Extruded) {
      m.span_nodes = static_cast<int>(
          deck.get_int("mesh.span_nodes", {9, 3, 1 << 10, "nodes along the span (z)"}));
      m.span = deck.get_real("mesh.span", {1.0, 0, kInf, false, false, "span length, chords"});
    }
  } else {
    m.kind = MultiBlockMeshKind::kPlot3d;
    m.plot3d_file = deck.get_existing_file("mesh.file", "the Plot3D grid file").string();
    const std::size_t count = deck.get_map_list(
        "mesh.boundaries", "boundary patches {block, face, kind}, one whole block face each");
    std::map<std::pair<int, int>, std::size_t> given;  // (block, face) -> its item
    for (std::size_t k = 0; k < count; ++k) {
      const std::string item = "mesh.boundaries." + std::to_string(k);
      BoundarySpec spec;
      spec.block = static_cast<int>(deck.get_int(
          item + ".block", {std::nullopt, 0, kMaxInt, "block index, from 0 in file order"}));
      spec.face = read_named(deck, item + ".face", "mesh.boundaries[].face", face_names(),
                             "face of the block");
      spec.kind = read_named(deck, item + ".kind", "mesh.boundaries[].kind", boundary_kind_names(),
                             "boundary condition");
      // Each (block, face) once; a map keeps this linear in the list's length.
      const auto [first, fresh] = given.emplace(std::make_pair(spec.block, spec.face), k);
      if (!fresh)
        deck.fail(item, "block " + std::to_string(spec.block) + " face " +
                            deck_name(face_names(), spec.face) + " is already given by " +
                            display_key("mesh.boundaries." + std::to_string(first->second)));
      m.boundaries.push_back(spec);
    }
    // No silent default: a forgotten wall must not quietly become far field.
    m.default_boundary =
        read_named(deck, "mesh.default_boundary", "mesh.default_boundary", boundary_kind_names(),
                   "boundary condition of every face node that neither an "
                   "interface nor mesh.boundaries covers");
  }
  return m;
}

// Keys of the time-accurate schemes that mean nothing for a steady march: a sentence instead of
// a bare "unknown key".
void reject_time_accurate_keys(DeckReader& deck) {
  const std::pair<const char*, const char*> keys[] = {
      {"time.t_end",
       "multiblock marches to a steady state and has no end time; give "
       "time.max_cycles and time.residual_drop instead"},
      {"time.max_steps", "multiblock counts Runge-Kutta cycles: use time.max_cycles"},
      {"output.every", "multiblock writes VTK frames by cycle: use output.every_cycles"},
  };
  for (const auto& [key, reason] : keys)
    if (deck.has(key)) deck.fail(key, reason);
}

// multigrid: FAS cycles with Runge-Kutta smoothing (the coarse levels are checked against the
// mesh when the solver builds them: they depend on its block sizes and patch ends).
MultigridConfig read_multigrid(DeckReader& deck) {
  MultigridConfig mg;
  mg.levels = static_cast<int>(deck.get_int(
      "multigrid.levels", {1, 1, 4, "grid levels, the finest included (1: single grid)"}));
  mg.w_cycle = deck.get_choice("multigrid.cycle", choice_values(choices(), "multigrid.cycle"),
                               std::string("v"), "multigrid cycle shape") == "w";
  mg.pre_smoothing = static_cast<int>(deck.get_int(
      "multigrid.pre_smoothing",
      {2, 0, 16, "Runge-Kutta cycles on each level before the coarse-grid correction"}));
  mg.post_smoothing = static_cast<int>(deck.get_int(
      "multigrid.post_smoothing",
      {2, 0, 16, "Runge-Kutta cycles on each level after the coarse-grid correction"}));
  if (mg.levels > 1 && mg.pre_smoothing + mg.post_smoothing == 0)
    deck.fail("multigrid.post_smoothing",
              "multigrid.pre_smoothing and multigrid.post_smoothing are both 0: no level would "
              "ever be smoothed");
  // Absent: pre + post (MultigridConfig's 0).
  if (deck.has("multigrid.coarsest_smoothing"))
    mg.coarsest_smoothing = static_cast<int>(deck.get_int(
        "multigrid.coarsest_smoothing",
        {std::nullopt, 1, 32, "Runge-Kutta cycles on the coarsest level at each visit"}));
  deck.describe_default("multigrid.coarsest_smoothing", "pre + post smoothing");
  mg.coarse_dissipation = deck.get_real(
      "multigrid.coarse_dissipation", {MultigridConfig{}.coarse_dissipation, 0, 2, false, false,
                                       "artificial dissipation coefficient of the coarse levels"});
  mg.residual_smoothing = deck.get_real(
      "multigrid.residual_smoothing",
      {0.0, 0, 4, false, false,
       "implicit residual smoothing coefficient of the Runge-Kutta stages (0: none)"});
  mg.directional_smoothing =
      deck.get_choice("multigrid.residual_smoothing_weights",
                      choice_values(choices(), "multigrid.residual_smoothing_weights"),
                      std::string("directional"),
                      "how the smoothing coefficient is shared between the index directions") ==
      "directional";
  // Absent: the dimension's default (the solver knows the mesh's dimension; see MultigridConfig).
  if (deck.has("multigrid.correction_smoothing"))
    mg.correction_smoothing =
        deck.get_real("multigrid.correction_smoothing",
                      {std::nullopt, 0, 0.25, false, true,
                       "neighbour weight of the averaging of coarse corrections (0: none)"});
  deck.describe_default("multigrid.correction_smoothing", "0.4 / dimension");
  return mg;
}

// multiblock.shock_capturing: the pressure sensor and its low-order dissipation.
ShockCapturingConfig read_shock_capturing(DeckReader& deck) {
  const ShockCapturingConfig defaults;
  ShockCapturingConfig sc;
  sc.enabled = deck.get_bool("multiblock.shock_capturing.enabled", false,
                             "low-order dissipation where a pressure sensor finds a shock");
  sc.coefficient = deck.get_real(
      "multiblock.shock_capturing.coefficient",
      {defaults.coefficient, 0, 4, false, false,
       "low-order dissipation at a shock, in spectral radii (0.5: first-order upwind)"});
  sc.threshold = deck.get_real("multiblock.shock_capturing.threshold",
                               {defaults.threshold, 0, 1, false, false,
                                "pressure switch below which the sensor is exactly 0"});
  sc.saturation = deck.get_real("multiblock.shock_capturing.saturation",
                                {defaults.saturation, 0, 1, true, true,
                                 "pressure switch at and above which the sensor is 1"});
  if (!(sc.saturation > sc.threshold))
    deck.fail("multiblock.shock_capturing.saturation",
              "must exceed multiblock.shock_capturing.threshold (" + format("%g", sc.threshold) +
                  "): the sensor rises from 0 at the threshold to 1 at the saturation");
  sc.hold_orders = deck.get_real(
      "multiblock.shock_capturing.hold_orders",
      {defaults.hold_orders, 0, 16, false, false,
       "hold the sensor (from then on it may only rise) once every residual fell by this "
       "many orders (0: never)"});
  return sc;
}

void read_multiblock_keys(DeckReader& deck, RunConfig& config) {
  MultiBlockOptions& options = config.family<MultiBlockOptions>();
  config.mesh.dimension = 2;
  options.mesh = read_multiblock_mesh(deck);
  config.problem.name =
      deck.get_choice("problem.type", choice_values(choices(), "problem.type"), std::nullopt,
                      "the flow: a uniform free stream around the mesh");
  options.freestream.mach = deck.get_real(
      "problem.mach", {std::nullopt, 0, kInf, true, false, "free-stream Mach number"});
  options.freestream.alpha_degrees = deck.get_real(
      "problem.alpha", {0.0, -180, 180, false, false, "angle of attack in degrees, from +x to +y"});
  const std::string order =
      deck.get_choice("multiblock.order", choice_values(choices(), "multiblock.order"),
                      std::string("4"), "SBP interior order (boundary order 1 or 2)");
  options.multiblock.order = order == "2" ? 2 : 4;
  options.multiblock.dissipation = deck.get_real(
      "multiblock.dissipation",
      {0.2, 0, kInf, false, false, "artificial dissipation coefficient (Mattsson et al. 2004)"});
  options.multiblock.far_field_vortex =
      deck.get_bool("multiblock.far_field_vortex", false,
                    "add the lifting body's compressible point vortex to the far-field state");
  options.multiblock.shock_capturing = read_shock_capturing(deck);
  options.multiblock.dissipate_total_enthalpy =
      deck.get_choice("multiblock.dissipation_variable",
                      choice_values(choices(), "multiblock.dissipation_variable"),
                      std::string("energy"),
                      "the dissipated variable in the energy's place: E, or rho H = E + p (keeps "
                      "the total enthalpy constant)") == "total_enthalpy";
  // The flat residual kernel is the default: on the H100 it ran the order-4 residual at 8.1e9
  // nodes/s against the team kernel's 3.7e9 (4e6 nodes), and on 16 cores the two were within
  // 10% (perf/results/h100-20261121-multiblock*.json).
  const std::string kernel =
      deck.get_choice("execution.kernel", choice_values(choices(), "execution.kernel"),
                      std::string("flat"), "residual kernel variant");
  config.execution.kernel = kernel == "team" ? KernelChoice::kTeam : KernelChoice::kFlat;
  options.multiblock.multigrid = read_multigrid(deck);
  if (deck.has("decomposition.ranks"))
    deck.fail("decomposition.ranks",
              "a multi-block run gives each rank whole blocks, not a box of a rank grid; leave it "
              "out (decomposition.blocks cuts the mesh into more blocks)");
  options.mesh.split_into = static_cast<int>(deck.get_int(
      "decomposition.blocks",
      {0, 0, multiblock::kMaxBlocks,
       "cut the largest blocks until the mesh has this many (0: as it is); the same result on "
       "any rank count"}));
  reject_time_accurate_keys(deck);
  config.time.march = MarchKind::kSteady;
  config.time.cfl =
      deck.get_real("time.cfl", {2.0, 0, 10, true, false, "CFL number of the local time steps"});
  config.time.residual_drop = deck.get_real(
      "time.residual_drop",
      {1e-10, 0, 1, true, true, "stop when every equation's L2 residual fell by this factor"});
  config.time.max_cycles =
      deck.get_int("time.max_cycles", {std::nullopt, 1, kMaxLong, "Runge-Kutta cycles at most"});
}

}  // namespace

const ChoiceTable& choices() {
  static const ChoiceTable table{
      {{"problem.type"}, {"freestream"}, "a uniform free stream around the mesh"},
      {{"mesh.generator"},
       {"box", "four_block", "naca0012", "plot3d", "cube", "cube_blocks", "naca0012_extruded",
        "cylinder", "sphere", "cone_flare"},
       "where the mesh comes from"},
      {{"mesh.boundaries[].face"},
       {"imin", "imax", "jmin", "jmax", "kmin", "kmax"},
       "face of the block"},
      {{"mesh.boundaries[].kind", "mesh.default_boundary"},
       {"far_field", "slip_wall", "symmetry", "supersonic_inflow", "supersonic_outflow"},
       "boundary condition"},
      {{"multiblock.order"}, {"2", "4"}, "SBP interior order"},
      {{"multiblock.dissipation_variable"},
       {"energy", "total_enthalpy"},
       "the dissipated variable in the energy's place"},
      {{"execution.kernel"}, {"flat", "team"}, "residual kernel"},
      {{"multigrid.cycle"}, {"v", "w"}, "multigrid cycle shape"},
      {{"multigrid.residual_smoothing_weights"},
       {"directional", "constant"},
       "how the residual smoothing coefficient is shared between the index directions"},
  };
  return table;
}

void read_deck(DeckReader& deck, RunConfig& config) {
  read_multiblock_keys(deck, config);
  config.output = deck::read_output(deck, config.deck_path, MarchKind::kSteady);
}

}  // namespace portaflow::multiblock
