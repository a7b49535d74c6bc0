// scheme: muscl (the finite-volume scheme of Zimmerman et al. 2018): unsplit, face values
// reconstructed by MUSCL (fv.reconstruction: muscl2 | muscl3, fv.limiter: minmod | none;
// muscl_reconstruction.hpp), a Riemann flux at every face (fv.flux: rusanov | hllc | exact),
// three-stage SSP Runge-Kutta (time/ssp_rk3.hpp). In 2D the x and y face fluxes of the same state
// are summed in one update, so the scheme treats x and y alike (no splitting), and mirrored data
// stay mirrored.
// In 1D, fv.geometry: cylindrical | spherical solves the radially symmetric equations with x = r
// (face areas r^alpha, cell volumes, and the pressure force p dA/dr on the momentum), the
// reference for the 2D radial explosion. Two ghost cells; flat kernels.
#pragma once

#include "portaflow/schemes/common/grid_solver.hpp"

namespace portaflow::fv {

class Muscl1DSolver final : public GridSolver1D {
 public:
  explicit Muscl1DSolver(const RunConfig& config);
  double stable_time_step() override;
  void advance(double dt) override;

 private:
  Field1D stage_;   // the Runge-Kutta stage value U^(k)
  Field1D fluxes_;  // face f between interior cells f - 1 and f
};

class Muscl2DSolver final : public GridSolver2D {
 public:
  explicit Muscl2DSolver(const RunConfig& config);
  double stable_time_step() override;
  void advance(double dt) override;

 private:
  Field2D stage_;     // the Runge-Kutta stage value U^(k)
  Field2D fluxes_x_;  // (v, j, f): face f between cells f - 1 and f of row j
  Field2D fluxes_y_;  // (v, f, i): face f between cells f - 1 and f of column i
};

}  // namespace portaflow::fv
