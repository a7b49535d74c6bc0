// What a deck asks for, as plain structs. The io layer fills these from YAML (and checks every
// value); schemes read them and never see YAML (docs/architecture.md, Layers). The keys every
// scheme shares (scheme, problem, mesh, time, output, physics, boundary, execution) are here; each
// scheme family's own options live in its config header beside its solver and are one member of
// RunConfig.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "portaflow/schemes/cese/cese_config.hpp"
#include "portaflow/schemes/common/flux_kind.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"
#include "portaflow/schemes/incompressible/incompressible_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"

namespace portaflow {

// The scheme names a deck may give, mapped once on the host to an enum, so that no code past the
// deck reader compares strings.
enum class SchemeKind {
  kExactRiemann,  // exact solution of a 1D Riemann problem sampled on the mesh
  kCese1D,        // Chang's CE/SE a-alpha scheme, 1D
  kCese2D,        // CE/SE on the quadrilateral staggered mesh, 2D
  kMusclHancock,  // Toro's MUSCL-Hancock with a Riemann solver at the faces, 1D or 2D (split)
  kMuscl,         // unsplit MUSCL (2nd or 3rd order) + Riemann flux + SSP-RK3, 1D or 2D
  kMultiBlock,    // curvilinear multi-block SBP-SAT differences to steady state (Elsen et al. 2008)
  kDg,            // discontinuous Galerkin, Gauss-Legendre points, quads (Zimmerman et al. 2018)
  kCpr,           // CPR / flux reconstruction, Gauss-Lobatto points, quads (Zimmerman et al. 2018)
  kNdg,           // nodal DG in strong form, Gauss-Lobatto points, quads (Zimmerman et al. 2018)
  kSd,            // spectral difference: Gauss solution points, flux points (Zimmerman et al. 2018)
  kStreamfunctionVorticity,  // incompressible psi-omega on curvilinear nodes (Gohari et al. 2012)
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
  kRiemann2D,         // 2D: four quadrants around a centre (eq. 5.1 of the CE/SE GPU thesis, 2016)
  kDensityWave,       // 2D: a density sine advected by a uniform flow (exact solution)
  kIsentropicVortex,  // 2D: Shu's isentropic vortex advected by a uniform flow (exact solution)
  kRadialExplosion,   // 2D: a disc in another state (Toro sec. 17.1.1; Zimmerman et al. 2018)
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

// kAuto: the variant measured faster on the backend the run is on (a scheme that offers it
// says which in its reader).
enum class KernelChoice { kTeam, kFlat, kAuto };

struct ExecutionConfig {
  KernelChoice kernel = KernelChoice::kTeam;
  std::array<int, 2> tile{0, 0};  // [tx, ty] outputs per team; 0: the backend's default
  int segment = 0;  // MUSCL-Hancock flat: cells per line walker; 0: chosen from size and backend
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
  long long history_every = 1;     // steps between history rows
  double progress_seconds = 2;     // wall-clock seconds between progress lines; 0: none
  long long checkpoint_every = 0;  // steps between checkpoints; 0: none
  long long every_cycles = 0;      // multiblock: cycles between VTK frames; 0: the last only
  // An output.dir holding another run's files is refused unless this is set (or --overwrite);
  // then those files are removed first (io/output_folder.hpp).
  bool overwrite = false;
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
  // Per family (each read by its own src/io/deck/read_<family>.cpp).
  CeseConfig cese;
  FvConfig fv;
  HighOrderConfig highorder;
  IncompressibleConfig incompressible;
  // multiblock (its mesh, discretisation, flow and steady march)
  MultiBlockMeshConfig multiblock_mesh;
  MultiBlockConfig multiblock;
  FreestreamConfig freestream;
  SteadyConfig steady;
};

}  // namespace portaflow
