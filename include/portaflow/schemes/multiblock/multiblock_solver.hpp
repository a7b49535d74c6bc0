// The multi-block curvilinear SBP-SAT Euler solver (seed 001, NSSUS style), 2D: vertex-centred
// SBP differences of order 2 or 4 with artificial dissipation, SAT penalties for far field, slip
// walls and block interfaces, and a 5-stage Runge-Kutta with local time steps to a steady state.
#pragma once

#include <functional>
#include <memory>

#include "portaflow/mesh/multiblock_mesh.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/multiblock/multiblock_fields.hpp"
#include "portaflow/schemes/multiblock/steady_solver.hpp"

namespace portaflow::multiblock {

// Jameson, Schmidt & Turkel (AIAA 81-1259) 5-stage coefficients, u_k = u_0 + alpha_k dt R(u_k-1):
// the stability polynomial 1 + z + z^2/2 + 3 z^3/16 + z^4/32 + z^5/128 reaches the imaginary
// axis up to |z| = 4, the largest any 5-stage scheme can (m - 1 for m stages), which suits the
// central SBP operators whose eigenvalues lie near that axis; its real-axis reach covers the
// dissipation. Seed 001 says only "modified coefficients for a maximum stability region".
inline constexpr double kRungeKuttaAlpha[5] = {0.25, 1.0 / 6.0, 0.375, 0.5, 1.0};

// Primitive (rho, u, v, p) as a function of position, for initial, boundary and source data.
using PointFunction = std::function<std::array<double, 4>(double x, double y)>;

class FasMultigrid;

class MultiBlockSolver : public SteadySolver {
 public:
  // The mesh from the deck (generator or Plot3D file).
  explicit MultiBlockSolver(const RunConfig& config);
  // A given mesh (tests, benchmarks).
  MultiBlockSolver(const RunConfig& config, mesh::MultiBlockMesh mesh);
  ~MultiBlockSolver() override;

  long long node_count() const override { return fields_.table.total_nodes; }
  long long cycles() const override { return cycles_; }
  std::vector<std::string> equation_names() const override;
  // One Runge-Kutta cycle, or with multigrid.levels > 1 one multigrid cycle.
  void cycle() override;
  double node_cycles_per_cycle() const override;
  std::vector<std::string> setup_report() const override;
  std::vector<double> residual_norms() override;
  ForceCoefficients forces() const override;
  std::vector<SurfacePoint> surface_pressure() const override;
  MultiBlockSnapshot snapshot() const override;
  std::optional<NonPhysicalCell> find_nonphysical() const override;

  // ---- For verification (manufactured solutions, freestream preservation) -----------------
  // Sets the state from primitive values at each node.
  void set_state(const PointFunction& primitive);
  // Sets the far-field data at every far-field face point from primitive values there.
  void set_far_field(const PointFunction& primitive);
  // Adds a source (conservative components, per unit volume) to dU/dt at every node.
  void set_source(const PointFunction& source);
  // Evaluates dU/dt of the current state (no update); returns max |dU/dt| per equation.
  std::array<double, 4> evaluate_residual();
  // Host copies: conservative state (var-major, packed node order) and node coordinates.
  std::vector<double> host_state() const;
  std::vector<double> host_residual() const;  // dU/dt as last evaluated, same layout
  std::vector<std::array<double, 2>> host_coordinates() const;
  const mesh::MultiBlockMesh& mesh() const { return mesh_; }
  const Fields<2>& fields() const { return fields_; }
  const FacePoints& face_points() const { return points_; }
  // The smallest det(dx/dxi) the metric computation found.
  double smallest_jacobian_determinant() const { return smallest_det_; }

  // ---- For the multigrid levels (fas_multigrid.hpp) ----------------------------------------
  // One 5-stage Runge-Kutta cycle with local time steps; keep_norms: its first stage's residual
  // squares become residual_norms().
  void runge_kutta_cycle(bool keep_norms);
  // dU/dt of the current state (with the source or forcing) into fields().residual.
  void compute_residual();
  // The spectral radii of the current state (after a correction or an injection).
  void refresh_spectral_radii();
  // A coarse level's FAS forcing: the source array, allocated (zero) on first use.
  DeviceView<Real**> forcing();

 private:
  void update_far_field_vortex();

  RunConfig config_;
  mesh::MultiBlockMesh mesh_;
  physics::IdealGas gas_;
  Fields<2> fields_;
  FacePoints points_;
  std::vector<std::array<double, 2>> point_positions_;  // host: position of each face point
  long long cycles_ = 0;
  std::array<double, 4> last_squares_{};
  bool have_norms_ = false;
  double smallest_det_ = 0;
  std::unique_ptr<FasMultigrid> multigrid_;  // multigrid.levels > 1
};

// The primitive free-stream state of the deck: rho = 1, p = 1 / gamma, |u| = Mach.
std::array<double, 4> freestream_primitive(const RunConfig& config);

// Builds the mesh a deck asks for.
mesh::MultiBlockMesh mesh_from_config(const RunConfig& config);

// The face points of a mesh (host arrays copied to the device) and their positions.
FacePoints build_face_points(int order, const mesh::MultiBlockMesh& mesh, const BlockTable& table,
                             std::vector<std::array<double, 2>>& positions);

}  // namespace portaflow::multiblock
