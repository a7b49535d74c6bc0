// The multi-block family's deck options (scheme multiblock; Elsen et al. 2008), read by
// read_multiblock_deck.cpp.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace portaflow {

namespace multiblock {
// Blocks a process may hold: the block table lives in each kernel's arguments
// (schemes/multiblock/block_table.hpp).
inline constexpr int kMaxBlocks = 48;
}  // namespace multiblock

// multiblock: where the mesh comes from.
enum class MultiBlockMeshKind {
  kBox,        // one block, all faces far field (Elsen et al. 2008, sec. 7.1); optionally warped
  kFourBlock,  // the box split into 2 x 2 blocks whose index directions are rotated and reversed
  kNaca0012,   // three-block C-mesh around NACA 0012 (wake lower, airfoil, wake upper)
  kPlot3d,     // a multi-block Plot3D grid file; interfaces found from coincident face nodes
  kCylinder,   // the front of a circular cylinder in a supersonic stream (mesh/blunt_body_mesh.hpp)
  kSphere,     // 3D: the front hemisphere of a sphere in a supersonic stream (the same file)
  kConeFlare,  // 3D: a sphere-cone-cylinder-flare body, half of it (mesh/cone_flare_mesh.hpp)
  // 3D:
  kCube,              // one block, all faces far field (Elsen et al. 2008, Fig. 7), may be warped
  kCubeBlocks,        // the cube as five rotated blocks with sub-faces (mesh/cube_mesh.hpp)
  kNaca0012Extruded,  // the three-block C-mesh extruded along z, symmetry planes at both ends
};

// A boundary patch a deck names for a Plot3D mesh: a whole face of a block.
struct BoundarySpec {
  int block = 0;  // 0-based
  int face = 0;   // mesh::Face as an int (imin = 0 ... kmax = 5)
  int kind = 0;   // mesh::BoundaryKind as an int
};

struct MultiBlockMeshConfig {
  MultiBlockMeshKind kind = MultiBlockMeshKind::kBox;
  // box and four_block: nodes per direction over the whole domain, the domain, and the
  // amplitude of a smooth sine warping of the interior nodes (fraction of the domain size).
  std::array<int, 3> nodes{17, 17, 1};
  std::array<double, 4> domain{0, 1, 0, 1};  // x_min, x_max, y_min, y_max
  std::array<double, 2> domain_z{0, 1};      // cube, cube_blocks: z_min, z_max
  double warp = 0;
  // naca0012_extruded: nodes along the span and its length (chords).
  int span_nodes = 9;
  double span = 1.0;
  // naca0012: refinement level, 0 (coarse), 1 (medium) or 2 (fine), each twice the previous in
  // every direction, nested (the coarser levels are every other node of the finer).
  int level = 0;
  double far_field_chords = 20;  // distance of the outer boundary from the airfoil
  // cylinder: blocks around the body (nodes: around the body, wall to outer boundary), and the
  // Mach number the outer boundary is fitted to (0: the free stream's); sphere: the same Mach
  // number (nodes: across the cap, wall to outer boundary); cone_flare: the same.
  int blocks_around = 4;
  double fit_mach = 0;
  // plot3d: the grid file and the boundary kind of each face node no interface covers.
  std::string plot3d_file;
  std::vector<BoundarySpec> boundaries;
  int default_boundary = 0;  // mesh::BoundaryKind for faces the deck does not list
  // decomposition.blocks: cut the largest blocks until the mesh has this many (0: as it is), so
  // that a run over ranks, which gives each rank whole blocks, can share the nodes fairly
  // (mesh/split_blocks.hpp).
  int split_into = 0;
};

// multigrid: FAS (Jameson 1983) with the 5-stage Runge-Kutta cycle as the smoother on every level.
// Defaults: the fastest measured on the NACA 0012 meshes (docs/user-guide/multiblock.md,
// "Multigrid").
struct MultigridConfig {
  int levels = 1;          // 1: single grid; 2-4: the mesh and every-other-node coarsenings
  bool w_cycle = false;    // V-cycle (one coarse visit per level) or W-cycle (two)
  int pre_smoothing = 2;   // Runge-Kutta cycles on a level before its coarse-grid correction
  int post_smoothing = 2;  // ... and after it
  // Runge-Kutta cycles on the coarsest level at each visit (it has no correction to come before
  // or after); 0: pre + post. On a GPU every level's cycle costs about the same (its kernels
  // wait on their latency, not their work), so fewer there pay: on the level-2 NACA 0012 mesh,
  // 1 takes 348 V-cycles against 330 with 4, and the H200 0.87 s against 1.03 s.
  int coarsest_smoothing = 0;
  // Artificial dissipation coefficient of the coarse levels (order-2 operator): their weakly
  // damped odd-even modes otherwise grow through the corrections (0.2, the fine level's, blew
  // up). 0.5: on the NACA 0012 meshes every cycle kind converged in fewer cycles than at the
  // earlier 1.0, and 0.4-0.7 was the window where the unsmoothed W-cycle on the level-0 mesh at
  // CFL 2.5 converged (1.0 is past the order-2 operator's stability limit there: single grid
  // with it blows up at CFL 2.5); see perf/results/SUMMARY.md.
  double coarse_dissipation = 0.5;
  // Weight of each neighbour in the index-space averaging of a coarse correction before it is
  // interpolated (three sweeps; 0: none); below 1 / (2 dimension) so the averaging is positive.
  // Negative: the default, 0.4 / dimension (0.2 in 2D, 0.133 in 3D: the node keeps weight 0.2).
  double correction_smoothing = -1;
  // Implicit residual smoothing coefficient of every level's Runge-Kutta stages (0: none); lets
  // the stages run at CFL numbers about sqrt(1 + 4 epsilon) times the unsmoothed limit.
  double residual_smoothing = 0;
  // true: Martinelli's directional coefficients (each direction by its share of the spectral
  // radii); false: epsilon in every direction.
  bool directional_smoothing = true;
};

// multiblock.shock_capturing: the nonlinear artificial dissipation of shock-capturing runs
// (schemes/multiblock/shock_capturing.hpp). Defaults: the settings of the Mach 3, 5 and 8
// cylinder runs (docs/user-guide/hypersonic.md), the same for all three.
struct ShockCapturingConfig {
  bool enabled = false;
  // Weight of the low-order dissipation at a shock (sensor 1), in units of the spectral radius:
  // 0.5 is the upwind (Rusanov) dissipation of a first-order scheme.
  double coefficient = 0.5;
  // The Jameson pressure switch |p+ - 2p + p-| / (p+ + 2p + p-) at which the sensor starts to
  // rise from 0 and at which it reaches 1; below the first it is exactly 0, so smooth flow is
  // computed as without shock capturing, bit for bit.
  double threshold = 0.005;
  double saturation = 0.03;
  // The sensor is held once every residual has fallen by this many orders (0: never): from then
  // on each node's sensor may only rise, so its switching cannot stall the convergence to machine
  // zero in a limit cycle (it is also held after 300 cycles without a new residual low).
  double hold_orders = 3;
};

// multiblock: the discretisation.
struct MultiBlockConfig {
  int order = 4;             // SBP interior order: 2 (boundary 1) or 4 (boundary 2)
  double dissipation = 0.2;  // coefficient of the SBP artificial dissipation (Mattsson et al. 2004)
  // Far-field state = free stream + the compressible point vortex of the current lift at the
  // quarter chord (Thomas & Salas 1986), so a lifting body's circulation is not cut off by a
  // domain of finite size. For airfoils with chord 1 from x = 0.
  bool far_field_vortex = false;
  ShockCapturingConfig shock_capturing;
  // The high-order dissipation's variable in the energy's place: E (false) or rho H = E + p
  // (true: a steady solution keeps the free stream's total enthalpy, as in Jameson, Schmidt &
  // Turkel 1981; on the Mach 5 cylinder its largest error fell from 1.4 % to 0.11 %).
  bool dissipate_total_enthalpy = false;
  MultigridConfig multigrid;
};

// A uniform free stream (non-dimensional: rho = 1, p = 1 / gamma, so the speed of sound is 1).
struct FreestreamConfig {
  double mach = 0.5;
  double alpha_degrees = 0;  // angle of attack, from +x towards +y
};

// Everything a multiblock deck says beyond the shared sections (its time section is the shared
// steady march: time.cfl, time.max_cycles, time.residual_drop).
struct MultiBlockOptions {
  MultiBlockMeshConfig mesh;
  MultiBlockConfig multiblock;
  FreestreamConfig freestream;
};

}  // namespace portaflow
