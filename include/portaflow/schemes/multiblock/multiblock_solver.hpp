// The multi-block curvilinear SBP-SAT Euler solver (Elsen et al. 2008, NSSUS style), 2D and 3D (one
// class template over the dimension; the kernels are the same code for both): vertex-centred SBP
// differences of order 2 or 4 with artificial dissipation, SAT penalties for far field, slip walls
// and block interfaces, and a 5-stage Runge-Kutta with local time steps to a steady state.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>

#include "portaflow/core/point_exchange.hpp"
#include "portaflow/mesh/multiblock_mesh.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/multiblock/multiblock_config.hpp"
#include "portaflow/schemes/multiblock/multiblock_fields.hpp"
#include "portaflow/schemes/multiblock/shock_position.hpp"
#include "portaflow/schemes/multiblock/wall_loads.hpp"
#include "portaflow/schemes/solver.hpp"

namespace portaflow::multiblock {

// Jameson, Schmidt & Turkel (AIAA 81-1259) 5-stage coefficients, u_k = u_0 + alpha_k dt R(u_k-1):
// the stability polynomial 1 + z + z^2/2 + 3 z^3/16 + z^4/32 + z^5/128 reaches the imaginary
// axis up to |z| = 4, the largest any 5-stage scheme can (m - 1 for m stages), which suits the
// central SBP operators whose eigenvalues lie near that axis; its real-axis reach covers the
// dissipation. Elsen et al. (2008) say only "modified coefficients for a maximum stability region".
inline constexpr double kRungeKuttaAlpha[5] = {0.25, 1.0 / 6.0, 0.375, 0.5, 1.0};
inline constexpr int kRungeKuttaStages = 5;

// Primitive (rho, u, v, (w,) p) as a function of position, for initial, boundary and source
// data: f(x, y) in 2D, f(x, y, z) in 3D.
template <int Dim>
struct PointFunctionOf;
template <>
struct PointFunctionOf<2> {
  using type = std::function<std::array<double, 4>(double x, double y)>;
};
template <>
struct PointFunctionOf<3> {
  using type = std::function<std::array<double, 5>(double x, double y, double z)>;
};
using PointFunction = PointFunctionOf<2>::type;
using PointFunction3 = PointFunctionOf<3>::type;

template <int Dim>
class FasMultigrid;

template <int Dim>
class MultiBlockSolverOf : public SteadySolver {
 public:
  static constexpr int kNumVars = Dim + 2;
  using State = std::array<double, kNumVars>;
  using Position = std::array<double, Dim>;
  using Function = typename PointFunctionOf<Dim>::type;

  // The mesh from the deck (generator or Plot3D file); its dimension must be Dim.
  explicit MultiBlockSolverOf(const RunConfig& config);
  // A given mesh (tests, benchmarks). On a run over ranks each rank keeps the blocks `owner`
  // gives it (the rank of each block; empty: assign_blocks in block_ranks.hpp).
  MultiBlockSolverOf(const RunConfig& config, mesh::MultiBlockMesh mesh,
                     std::vector<int> owner = {});
  ~MultiBlockSolverOf() override;

  // ---- The steady march (schemes/solver.hpp) ---------------------------------------------
  long long cell_count() const override { return node_count(); }
  // Whole blocks over the run's ranks (block_ranks.hpp): nodes, norms, forces, time steps and the
  // non-physical search are global; the solution is the one-rank run's, bit for bit.
  bool decomposed() const override { return true; }
  double exchange_seconds() const override;
  long long steps() const override { return cycles_; }
  // One Runge-Kutta cycle, or with multigrid.levels > 1 one multigrid cycle.
  void cycle() override;
  // Node-stage updates: five stages a Runge-Kutta cycle, each a residual evaluation per node.
  double updates_per_step() const override { return kRungeKuttaStages * node_cycles_per_cycle(); }
  const char* update_name() const override { return "node-stage updates"; }
  std::vector<std::string> residual_names() const override;
  std::vector<double> residual_norms() override;
  // lift and drag (forces()).
  Monitors monitors() const override;
  // Node fields rho, u, v, (w,) p, mach, cp, mass_residual per block.
  SolutionSnapshot snapshot() const override;
  std::optional<NonPhysicalCell> find_nonphysical() const override;
  std::string nonphysical_advice() const override;
  // surface_cp.csv (the wall's pressure coefficients) and forces.csv (cycles, converged,
  // residual_drop, lift, drag).
  std::vector<ResultTable> final_tables(const MarchOutcome& outcome) const override;
  std::vector<std::string> setup_report() const override;
  // With shock capturing: how many nodes the sensor marks, and when it was held.
  std::string output_note() override;
  // The generated mesh as mesh.xyz (Plot3D), for other codes and for checking it.
  void write_setup_files(const std::filesystem::path& folder) const override;
  std::vector<SetupPhase> setup_phases() const override { return setup_phases_; }
  // The state, the far-field data (the vortex's, updated every few cycles), the last residual
  // and its norms: what the next cycle and the outputs read.
  SolverState save_state() const override;
  void restore_state(const SolverState& state) override;

  // Nodes of the whole mesh (this rank's: fields().table.total_nodes).
  long long node_count() const { return whole_nodes_; }
  long long cycles() const { return cycles_; }
  // Work of one cycle() in Runge-Kutta cycles of node updates (node_count() without multigrid).
  double node_cycles_per_cycle() const;
  // Collective on a run over ranks: the wall terms are summed in the whole mesh's point order.
  ForceCoefficients forces() const;
  std::vector<SurfacePoint> surface_pressure() const;
  // Collective: the captured shock along each slip-wall node's wall-normal grid line
  // (shock_position.hpp), in surface_pressure()'s order.
  std::vector<ShockPoint> shock_positions() const;
  // Collective: the largest |H / H_inf - 1| over the nodes (H the total enthalpy, constant in a
  // steady inviscid flow from a uniform stream).
  double total_enthalpy_error() const;
  // The cylinder mesh in a supersonic stream: the stand-off distance on the stagnation line
  // against Billig (1967), the stagnation-point pressure against the Rayleigh pitot formula and
  // total_enthalpy_error(), each as a relative error.
  std::vector<std::pair<std::string, double>> exact_errors() const override;
  // Adds a named part of the set-up to the time split (the mesh, made before the solver).
  void add_setup_phase(const std::string& name, double seconds) {
    setup_phases_.push_back({name, seconds});
  }
  // A line for the run log about how the mesh was made (a block cut, say).
  void add_mesh_note(const std::string& line) { mesh_notes_.push_back(line); }

  // ---- For verification (manufactured solutions, freestream preservation) -----------------
  // Sets the state from primitive values at each node.
  void set_state(const Function& primitive);
  // Sets the conservative state from a host array in host_state()'s layout.
  void set_conservative_state(const std::vector<double>& packed);
  // Sets the far-field data at every far-field face point from primitive values there.
  void set_far_field(const Function& primitive);
  // Adds a source (conservative components, per unit volume) to dU/dt at every node.
  void set_source(const Function& source);
  // Evaluates dU/dt of the current state (no update); returns max |dU/dt| per equation.
  State evaluate_residual();
  // Host copies: conservative state (var-major, packed node order) and node coordinates.
  std::vector<double> host_state() const;
  std::vector<double> host_residual() const;  // dU/dt as last evaluated, same layout
  std::vector<Position> host_coordinates() const;
  // The whole mesh (every rank's blocks), the rank of each block, and this rank's blocks (their
  // indices in the whole mesh, in the order of fields().table).
  const mesh::MultiBlockMesh& mesh() const { return *whole_; }
  const std::vector<int>& block_owner() const { return owner_; }
  const std::vector<int>& owned_blocks() const { return owned_; }
  const Fields<Dim>& fields() const { return fields_; }
  const FacePoints& face_points() const { return points_; }
  // The smallest det(dx/dxi) the metric computation found.
  double smallest_jacobian_determinant() const { return smallest_det_; }

  // ---- For the multigrid levels (fas_multigrid.hpp) ----------------------------------------
  // One 5-stage Runge-Kutta cycle with local time steps; keep_norms: its first stage's residual
  // squares become residual_norms().
  void runge_kutta_cycle(bool keep_norms);
  // dU/dt of the current state (with the source or forcing) into fields().residual.
  void compute_residual();
  // Sum over nodes of residual^2 per equation (public: CUDA lambdas may not live in private
  // members).
  State residual_squares() const;
  // The spectral radii of the current state (after a correction or an injection).
  void refresh_spectral_radii();
  // A coarse level's FAS forcing: the source array, allocated (zero) on first use.
  DeviceView<Real**> forcing();
  // Shock capturing: stop updating the sensor (this level's and the coarser ones').
  void hold_shock_sensor();
  // ... and the least value it may take (on every level): the start-up's.
  void set_sensor_floor(Real floor);
  bool shock_sensor_held() const { return sensor_held_; }

 private:
  void update_far_field_vortex();
  const ShockCapturingConfig& shock_capturing() const;
  void consider_holding_sensor();
  Real startup_sensor_floor() const;
  // The primitive free stream of the deck in this dimension (w = 0 in 3D).
  State freestream() const;
  // What the force coefficients are taken on. Area: the chord 1 in 2D, chord 1 times the span
  // (the extent of the mesh in z) in 3D; for the blunt bodies their frontal area (2 per unit span
  // for the cylinder, pi for the sphere, half the base's for the half cone-flare body, so that
  // its coefficients are the whole body's). Moments: about the quarter chord (0.25, 0) on the
  // chord 1; about the centre on the diameter 2 for the cylinder and sphere; about the nose tip
  // on the base diameter for the cone-flare body. Found once, at setup (forces() runs every
  // history row).
  ForceReference find_force_reference() const;

  RunConfig config_;
  std::shared_ptr<const mesh::MultiBlockMesh> whole_;  // every block
  std::shared_ptr<const mesh::MultiBlockMesh> part_;   // this rank's blocks (whole_ on one rank)
  std::vector<int> owner_, owned_;
  long long whole_nodes_ = 0;
  // Each face point's index among the whole mesh's, and the wall points (forces()).
  std::vector<int> whole_index_, wall_points_;
  PointExchange twin_exchange_;  // interface twins on other ranks
  physics::IdealGas gas_;
  Fields<Dim> fields_;
  FacePoints points_;
  std::vector<std::array<double, 3>> point_positions_;  // host: position of each face point
  long long cycles_ = 0;
  State last_squares_{};
  bool have_norms_ = false;
  double smallest_det_ = 0;
  ForceReference reference_;
  std::unique_ptr<FasMultigrid<Dim>> multigrid_;  // multigrid.levels > 1
  std::vector<SetupPhase> setup_phases_;
  std::vector<std::string> mesh_notes_;
  // Shock capturing: the residual squares the hold is measured from, and the hold.
  State sensor_reference_{};
  bool have_sensor_reference_ = false;
  bool sensor_held_ = false;
  bool held_reported_ = false;
  long long held_at_cycle_ = -1;
  std::string held_reason_;
  double lowest_ratio_ = 1e300;  // the lowest largest-residual ratio (squared) seen, and when
  long long lowest_at_cycle_ = 0;
  Real sensor_floor_ = 0;
};

using MultiBlockSolver = MultiBlockSolverOf<2>;
using MultiBlockSolver3 = MultiBlockSolverOf<3>;

// The primitive free-stream state of the deck: rho = 1, p = 1 / gamma, |u| = Mach (in the x-y
// plane at alpha; 2D components).
std::array<double, 4> freestream_primitive(const RunConfig& config);

// Builds the mesh a deck asks for, cut into decomposition.blocks blocks if set (`cuts`: a line per
// cut, for the run log).
mesh::MultiBlockMesh mesh_from_config(const RunConfig& config,
                                      std::vector<std::string>* cuts = nullptr);
// What the deck's mesh is, for the run log: "NACA 0012 C-mesh level 2", ...
std::string describe_mesh(const MultiBlockMeshConfig& mesh);

// The face points of `rank`'s blocks of the whole mesh (host arrays copied to the device, in the
// whole mesh's order), their positions and indices among the whole mesh's points, and what the
// rank exchanges with the others: the twin states each reads from another rank's blocks.
struct RankFacePoints {
  FacePoints points;
  std::vector<std::array<double, 3>> positions;
  std::vector<int> whole_index;
  std::vector<PointPeer> peers;
};
RankFacePoints build_face_points(int order, const mesh::MultiBlockMesh& whole,
                                 const std::vector<int>& owner, int rank);

}  // namespace portaflow::multiblock
