// What a deck asks for, as plain structs: the keys every scheme family shares (scheme, problem,
// mesh, time, output, physics, boundary, execution) and, held as one member, the family's own
// options, whose struct lives in the family's folder beside its deck reader (see
// docs/architecture.md, "Adding a scheme"). Schemes read these and never see YAML.
#pragma once

#include <any>
#include <array>
#include <string>
#include <typeinfo>
#include <vector>

namespace portaflow {

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

// kNeighbour is never read from a deck: it marks a side of a run decomposed over ranks that faces
// another rank, whose ghost layers the halo exchange fills (core/halo_exchange.hpp).
enum class BoundaryKind { kNonReflective, kReflective, kPeriodic, kNeighbour };

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
  // decomposition.ranks: the rank grid [px, py] of a run split over MPI ranks (docs/mpi.md);
  // {0, 0}: the one with the fewest cells along the cuts. rank_grid_at: where the deck sets it
  // ("deck.yaml:12:10"), for the message when it does not fit the run.
  std::array<int, 2> rank_grid{0, 0};
  std::string rank_grid_at;
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

// Time-accurate runs march to t_end in steps of the CFL limit; steady runs march in cycles of
// local (pseudo-) time steps until every equation's residual has fallen by residual_drop.
enum class MarchKind { kTimeAccurate, kSteady };

struct TimeConfig {
  MarchKind march = MarchKind::kTimeAccurate;
  double t_end = 0;
  double cfl = 0.5;
  long long max_steps = 0;  // 0: no limit
  // Steady runs.
  double residual_drop = 1e-10;  // stop when every equation's L2 residual fell by this factor
  long long max_cycles = 10000;  // stop after this many cycles
};

struct OutputConfig {
  std::string dir;
  std::string name = "solution";  // prefix of the VTK series files
  double every = 0;               // simulated time between VTK frames; 0: first and last only
  bool vtk = true;
  long long history_every = 1;     // steps between history rows
  double progress_seconds = 2;     // wall-clock seconds between progress lines; 0: none
  long long checkpoint_every = 0;  // steps (steady runs: cycles) between checkpoints; 0: none
  long long every_cycles = 0;      // steady runs: cycles between VTK frames; 0: the last only
  // An output.dir holding another run's files is refused unless this is set (or --overwrite);
  // then those files are removed first (io/output_folder.hpp).
  bool overwrite = false;
};

struct RunConfig {
  std::string deck_path;    // for messages
  std::string scheme_name;  // the deck's `scheme:`, a name in the scheme list
  ProblemConfig problem;
  PhysicsConfig physics;
  MeshConfig mesh;
  TimeConfig time;
  OutputConfig output;
  BoundaryConfig boundary;
  ExecutionConfig execution;

  // The scheme family's own options (a struct its folder defines; its deck reader fills it).
  // The non-const form makes an empty one first if none is held (readers, tests).
  template <class FamilyOptions>
  FamilyOptions& family() {
    if (!family_.has_value()) family_.emplace<FamilyOptions>();
    auto* options = std::any_cast<FamilyOptions>(&family_);
    if (!options) wrong_family(typeid(FamilyOptions).name());
    return *options;
  }
  template <class FamilyOptions>
  const FamilyOptions& family() const {
    const auto* options = std::any_cast<FamilyOptions>(&family_);
    if (!options) wrong_family(typeid(FamilyOptions).name());
    return *options;
  }

 private:
  [[noreturn]] void wrong_family(const char* asked) const;

  std::any family_;
};

// True when the initial data are smooth, so schemes may start from their exact gradients (and
// boundaries must be periodic, as the exact solution is).
bool is_smooth(const ProblemConfig& problem);

}  // namespace portaflow
