// The Blasius boundary layer (the flat-plate check of Gohari et al. 2012, Fig. 10):
// f''' + f f'' / 2 = 0, f(0) = f'(0) = 0, f'(inf) = 1, whose wall value f''(0) = 0.332057 gives
// Cf sqrt(Re_x) = 0.664.
#pragma once

namespace portaflow::incompressible {

inline constexpr double kBlasiusWallShear = 0.332057;  // f''(0)

// u / U = f'(eta) at eta = y sqrt(U / (nu x)) (RK4 integration from the wall, step 1e-3, done
// once; 1 beyond eta = 10).
double blasius_velocity(double eta);

}  // namespace portaflow::incompressible
