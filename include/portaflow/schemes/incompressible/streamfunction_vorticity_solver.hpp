// scheme: streamfunction_vorticity (Gohari et al. 2012): the incompressible Navier-Stokes equations
// as vorticity transport plus a Poisson equation for the stream function, on the nodes of a
// structured curvilinear grid, marched explicitly in time (two-stage SSP Runge-Kutta, the
// Poisson equation solved after each stage, the wall vorticity from the new psi).
#pragma once

#include <memory>

#include "portaflow/schemes/solver.hpp"

namespace portaflow::incompressible {

std::unique_ptr<Solver> make_streamfunction_vorticity_solver(const RunConfig& config);

}  // namespace portaflow::incompressible
