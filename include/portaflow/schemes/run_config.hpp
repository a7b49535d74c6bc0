// What a deck asks for, as plain structs. The io layer fills these from YAML (and checks every
// value); schemes read them and never see YAML (DESIGN.md §3).
#pragma once

#include <array>
#include <string>

namespace portaflow {

// The scheme names a deck may give, mapped once to an enum (STYLE.md, practice 4).
enum class SchemeKind {
  kExactRiemann,  // exact solution of a 1D Riemann problem sampled on the mesh
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

enum class ProblemKind {
  kRiemann,
};

struct ProblemConfig {
  ProblemKind kind = ProblemKind::kRiemann;
  RiemannProblemConfig riemann;
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
};

}  // namespace portaflow
