// What a deck asks for, as plain structs. The io layer fills these from YAML (and checks every
// value); schemes read them and never see YAML (DESIGN.md §3).
#pragma once

#include <array>
#include <string>
#include <vector>

namespace portaflow {

// The scheme names a deck may give, mapped once to an enum (STYLE.md, practice 4).
enum class SchemeKind {
  kExactRiemann,  // exact solution of a 1D Riemann problem sampled on the mesh
  kCese1D,        // Chang's CE/SE a-alpha scheme, 1D
  kCese2D,        // CE/SE on the quadrilateral staggered mesh, 2D
  kMusclHancock,  // Toro's MUSCL-Hancock with a Riemann solver at the faces, 1D or 2D (split)
  kMuscl,         // unsplit MUSCL (2nd or 3rd order) + Riemann flux + SSP-RK3, 1D or 2D
  kMultiBlock,    // curvilinear multi-block SBP-SAT finite differences to steady state (seed 001)
};

// One primitive state (rho, u, p) of a 1D Riemann problem.
struct PrimitiveInput1D {
  double rho = 0;
  double u = 0;
  double p = 0;
};

// Two constant states separated at x0.
struct RiemannProblemConfig {
  PrimitiveInput1D left;
  PrimitiveInput1D right;
  double x0 = 0;
};

// One primitive state (rho, u, v, p) of a 2D problem.
struct PrimitiveInput2D {
  double rho = 0;
  double u = 0;
  double v = 0;
  double p = 0;
};

enum class ProblemKind {
  kRiemann,           // 1D: two states split at x0
  kBlastWave,         // 1D: three states split at x1 < x2 (Woodward & Colella 1984)
  kShuOsher,          // 1D: a shock running into a sinusoidal density (Shu & Osher 1989)
  kRiemann2D,         // 2D: four constant quadrants around a centre (eq. 5.1 of seed 000)
  kDensityWave,       // 2D: a density sine advected by a uniform flow (exact solution)
  kIsentropicVortex,  // 2D: Shu's isentropic vortex advected by a uniform flow (exact solution)
  kRadialExplosion,   // 2D: a circle of one state in another (Toro sec. 17.1.1; seed 002)
};

struct ProblemConfig {
  ProblemKind kind = ProblemKind::kRiemann;
  std::string name = "riemann";
  RiemannProblemConfig riemann;  // riemann; shu_osher uses left and x0
  // blast_wave
  PrimitiveInput1D middle;
  double x1 = 0, x2 = 0;
  // shu_osher: right density rho_mean + amplitude sin(wavenumber x), with right.u, right.p
  double rho_mean = 1, amplitude = 0, wavenumber = 0;
  // riemann_2d: quadrants named by compass direction around `center`
  PrimitiveInput2D northeast, northwest, southwest, southeast;
  std::array<double, 2> center{0, 0};
  // density_wave and isentropic_vortex: the uniform background flow
  PrimitiveInput2D mean;
  std::array<double, 2> periods{1, 1};  // density_wave: sine periods across the domain in x, y
  double strength = 5;                  // isentropic_vortex: epsilon
  // radial_explosion: `inside` within `radius` of `center`, `outside` elsewhere
  PrimitiveInput2D inside, outside;
  double radius = 0;
};

enum class BoundaryKind { kNonReflective, kReflective, kPeriodic };

// Boundary condition per side: x_min, x_max, y_min, y_max.
struct BoundaryConfig {
  std::array<BoundaryKind, 4> side{BoundaryKind::kNonReflective, BoundaryKind::kNonReflective,
                                   BoundaryKind::kNonReflective, BoundaryKind::kNonReflective};
};

enum class KernelChoice { kTeam, kFlat };

struct ExecutionConfig {
  KernelChoice kernel = KernelChoice::kTeam;
  std::array<int, 2> tile{0, 0};  // [tx, ty] outputs per team; 0: the backend's default
  int segment = 0;  // MUSCL-Hancock flat: cells per line walker; 0: chosen from size and backend
};

// muscl_hancock: Toro's four (sec. 14.4); muscl: minmod or none (unlimited).
enum class LimiterKind { kFirstOrder, kMinbee, kVanLeer, kSuperbee, kMinmod, kNone };
enum class FluxKind { kExact, kHllc, kRusanov };

// 2D dimensional splitting: x-y on even steps and y-x on odd ones (seed 003's), or the average
// of x-y and y-x from the same state (symmetric under x <-> y, twice the sweeps).
enum class SplittingKind { kAlternating, kAveraged };

// muscl: the reconstruction of face values from cell values.
enum class ReconstructionKind {
  kMuscl2,  // linear, slope minmod(backward, forward) (or central when unlimited)
  kMuscl3,  // van Leer's kappa = 1/3 scheme (third-order face values), minmod-limited or not
};

// muscl in 1D: planar, or the radial equations with cylindrical or spherical symmetry (x = r).
enum class GeometryKind { kPlanar, kCylindrical, kSpherical };

struct FvConfig {
  LimiterKind limiter = LimiterKind::kVanLeer;
  FluxKind flux = FluxKind::kExact;
  SplittingKind splitting = SplittingKind::kAlternating;
  ReconstructionKind reconstruction = ReconstructionKind::kMuscl2;
  GeometryKind geometry = GeometryKind::kPlanar;
  double tvb_m = 0;  // muscl: differences below tvb_m h^2 are not limited (0: plain minmod)
};

struct CeseConfig {
  double alpha = 2;  // W0 exponent (eq. 3.9 of seed 000)
};

struct PhysicsConfig {
  double gamma = 1.4;
};

// A uniform Cartesian mesh: cells[d] cells on [domain_min[d], domain_max[d]] for d < dimension.
struct MeshConfig {
  int dimension = 1;
  std::array<int, 3> cells{1, 1, 1};
  std::array<double, 3> domain_min{0, 0, 0};
  std::array<double, 3> domain_max{1, 1, 1};
  long long cell_count() const {
    long long n = 1;
    for (int d = 0; d < dimension; ++d) n *= cells[d];
    return n;
  }
};

struct TimeConfig {
  double t_end = 0;
  double cfl = 0.5;
  long long max_steps = 0;  // 0: no limit
};

struct OutputConfig {
  std::string dir;
  std::string name = "solution";  // prefix of the VTK series files
  double every = 0;               // simulated time between VTK frames; 0: first and last only
  bool vtk = true;
  long long history_every = 1;    // steps between history rows
  double progress_seconds = 2;    // wall-clock seconds between progress lines; 0: none
  long long checkpoint_every = 0; // steps between checkpoints; 0: none
  long long every_cycles = 0;     // multiblock: cycles between VTK frames; 0: the last only
};

// multiblock: where the mesh comes from.
enum class MultiBlockMeshKind {
  kBox,        // one block, every face far field (seed 001's scaling test); optionally warped
  kFourBlock,  // the box split into 2 x 2 blocks whose index directions are rotated and reversed
  kNaca0012,   // three-block C-mesh around NACA 0012 (wake lower, airfoil, wake upper)
  kPlot3d,     // a multi-block Plot3D grid file; interfaces found from coincident face nodes
};

// A boundary patch a deck names for a Plot3D mesh: a whole face of a block.
struct BoundarySpec {
  int block = 0;       // 0-based
  int face = 0;        // mesh::Face as an int (imin = 0 ... kmax = 5)
  int kind = 0;        // mesh::BoundaryKind as an int
};

struct MultiBlockMeshConfig {
  MultiBlockMeshKind kind = MultiBlockMeshKind::kBox;
  // box and four_block: nodes per direction over the whole domain, the domain, and the
  // amplitude of a smooth sine warping of the interior nodes (fraction of the domain size).
  std::array<int, 3> nodes{17, 17, 1};
  std::array<double, 4> domain{0, 1, 0, 1};  // x_min, x_max, y_min, y_max
  double warp = 0;
  // naca0012: refinement level, 0 (coarse), 1 (medium) or 2 (fine), each twice the previous in
  // every direction, nested (the coarser levels are every other node of the finer).
  int level = 0;
  double far_field_chords = 20;  // distance of the outer boundary from the airfoil
  // plot3d: the grid file and the boundary kind of each face node no interface covers.
  std::string plot3d_file;
  std::vector<BoundarySpec> boundaries;
  int default_boundary = 0;  // mesh::BoundaryKind for faces the deck does not list
};

// multiblock: the discretisation.
struct MultiBlockConfig {
  int order = 4;             // SBP interior order: 2 (boundary 1) or 4 (boundary 2)
  double dissipation = 0.2;  // coefficient of the SBP artificial dissipation (Mattson et al. 2004)
  // Far-field state = free stream + the compressible point vortex of the current lift at the
  // quarter chord (Thomas & Salas 1986), so a lifting body's circulation is not cut off by a
  // domain of finite size. For airfoils with chord 1 from x = 0.
  bool far_field_vortex = false;
};

// A uniform free stream (non-dimensional: rho = 1, p = 1 / gamma, so the speed of sound is 1).
struct FreestreamConfig {
  double mach = 0.5;
  double alpha_degrees = 0;  // angle of attack, from +x towards +y
};

// Steady-state marching (multiblock).
struct SteadyConfig {
  double residual_drop = 1e-10;  // stop when every equation's L2 residual fell by this factor
  long long max_cycles = 10000;  // stop after this many Runge-Kutta cycles
};

struct RunConfig {
  std::string deck_path;  // for messages
  SchemeKind scheme = SchemeKind::kExactRiemann;
  std::string scheme_name;
  ProblemConfig problem;
  PhysicsConfig physics;
  MeshConfig mesh;
  TimeConfig time;
  OutputConfig output;
  BoundaryConfig boundary;
  ExecutionConfig execution;
  CeseConfig cese;
  FvConfig fv;
  // multiblock only
  MultiBlockMeshConfig multiblock_mesh;
  MultiBlockConfig multiblock;
  FreestreamConfig freestream;
  SteadyConfig steady;
};

}  // namespace portaflow
