// The kernels of one multi-block residual evaluation and Runge-Kutta stage (Elsen et al. 2008,
// Fig. 1):
// metrics once, then per stage the volume residual (flux differences + artificial dissipation),
// the SAT penalties on face points, and the pointwise stage update with the next spectral radii.
// `order` (2 or 4) is mapped to a template instance once per call, on the host. Every kernel is
// written once for Dim = 2 and 3 (instantiated for both in its .cpp).
#pragma once

#include <array>

#include "portaflow/config/run_config.hpp"
#include "portaflow/physics/euler.hpp"
#include "portaflow/schemes/multiblock/multiblock_fields.hpp"

namespace portaflow::multiblock {

// Metrics and Jacobian from the node coordinates with the solution's own SBP operator, so
// sum_d D_d(grad(xi_d)/J) = 0 holds to round-off and a uniform flow stays uniform (in 3D through
// Thomas & Lombard's conservative form, see metrics.cpp). Returns the smallest det(dx/dxi)
// (must be > 0: a right-handed, unfolded mesh).
template <int Dim>
double compute_metrics(int order, Fields<Dim>& fields);

// spectral_radius from u (pointwise).
template <int Dim>
void compute_spectral_radii(const Fields<Dim>& fields, const physics::IdealGas& gas);

// residual = J (-sum_d D_d F_d - epsilon sum_d H_d^-1 DI_d u), every node. Flat: one thread per
// node, fluxes recomputed at each stencil point, plus fields.source where it is allocated; team
// (2D only: 3D uses flat): tiles of a block with u and the metric in team scratch, each flux
// computed once per tile point, no source (add_source adds it).
template <int Dim>
void compute_volume_residual(int order, KernelChoice kernel, const Fields<Dim>& fields,
                             Real dissipation, const physics::IdealGas& gas);

// residual += J H_d^-1 (F_n(u_b) - F_roe(u_b, u_e; n)) at every face point (outward n), each
// node's points added by one thread in a fixed order.
template <int Dim>
void add_penalties(const Fields<Dim>& fields, const FacePoints& points,
                   const physics::IdealGas& gas);

// residual += source (manufactured solutions).
template <int Dim>
void add_source(const Fields<Dim>& fields);

// The 5-stage Runge-Kutta stages: u = u_start + alpha dt residual, then the spectral radii of
// the new u. The first stage also sets the local time steps (cfl / (J sum_d radius_d)), saves
// u_start and, if sum_squares, returns the sum over nodes of residual^2 per equation (for the L2
// norms; zeros otherwise, and the call does not wait for the device).
template <int Dim>
std::array<double, Dim + 2> first_stage(const Fields<Dim>& fields, Real alpha, Real cfl,
                                        const physics::IdealGas& gas, bool sum_squares);
// time_step alone, as the first stage sets it (for the residual smoothing, which needs it
// before the first stage).
template <int Dim>
void compute_time_steps(const Fields<Dim>& fields, Real cfl, const physics::IdealGas& gas);
template <int Dim>
void later_stage(const Fields<Dim>& fields, Real alpha, const physics::IdealGas& gas);

// residual = (prod_d (1 - epsilon_d delta_d^2))^-1 (time_step residual) / time_step along each
// block's index lines (implicit residual smoothing of the local update; epsilon_d = epsilon, or
// Martinelli's directional coefficients from the spectral radii). One team per line: team_size
// 0 gives it one thread on the CPU (Thomas) and on a GPU one per row up to 256 (cyclic
// reduction); the tests set it to run cyclic reduction on the CPU too.
template <int Dim>
void smooth_residual(const Fields<Dim>& fields, Real epsilon, bool directional, int team_size = 0);

// Each face point's share of the pressure force on the wall, H_tangential (p - p_ref) n_out (the
// force the fluid exerts beyond a uniform p_ref: the free stream's, which pushes an open wall
// such as a forebody without its base as well), as (point, c); zero off the walls. The solver
// sums them in a fixed order.
template <int Dim>
DeviceView<Real**> wall_force_terms(const Fields<Dim>& fields, const FacePoints& points,
                                    const physics::IdealGas& gas, Real reference_pressure);

// The first node (lowest packed index) with NaN, rho <= 0 or p <= 0; -1 if none.
template <int Dim>
int first_nonphysical_node(const Fields<Dim>& fields, const physics::IdealGas& gas);

}  // namespace portaflow::multiblock
