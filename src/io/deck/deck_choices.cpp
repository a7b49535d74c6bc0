#include "portaflow/io/deck_choices.hpp"

#include <algorithm>

#include "portaflow/core/error.hpp"

namespace portaflow::io {

const std::vector<DeckChoice>& deck_choice_table() {
  static const std::vector<std::string> kSides{"boundary.x_min", "boundary.x_max", "boundary.y_min",
                                               "boundary.y_max"};
  // "transmissive" is the finite-volume literature's name for nonreflective (zero gradient).
  static const std::vector<std::string> kBoundaries{"nonreflective", "transmissive", "reflective",
                                                    "periodic"};
  static const std::vector<DeckChoice> table{
      {{"problem.type"}, "exact_riemann", {"riemann"}, "the Riemann problem it samples"},
      {{"problem.type"},
       "1D: cese1d, muscl_hancock, muscl",
       {"riemann", "blast_wave", "shu_osher", "density_wave"},
       "the initial-value problem"},
      {{"problem.type"},
       "2D: cese2d, muscl_hancock, muscl",
       {"riemann_2d", "density_wave", "isentropic_vortex", "radial_explosion"},
       "the initial-value problem"},
      {{"problem.type"},
       "dg, cpr, ndg, sd",
       {"isentropic_vortex", "density_wave", "radial_explosion"},
       "the initial-value problem"},
      {{"problem.type"}, "multiblock", {"freestream"}, "a uniform free stream around the mesh"},
      {kSides, "every scheme but multiblock", kBoundaries, "boundary condition"},
      {{"execution.kernel"},
       "cese1d, cese2d, muscl_hancock, muscl",
       {"team", "flat"},
       "kernel variant"},
      {{"execution.kernel"}, "dg, cpr", {"auto", "team", "flat"}, "residual kernel"},
      {{"execution.kernel"}, "ndg, sd", {"auto", "flat"}, "residual kernel"},
      {{"execution.kernel"}, "multiblock", {"flat", "team"}, "residual kernel"},
      {{"fv.limiter"},
       "muscl_hancock",
       {"first_order", "minbee", "van_leer", "superbee"},
       "slope limiter (Toro sec. 14.4)"},
      {{"fv.limiter"}, "muscl", {"minmod", "none"}, "limiter of the reconstruction"},
      {{"fv.flux"}, "muscl_hancock", {"exact", "hllc", "rusanov"}, "Riemann solver at the faces"},
      {{"fv.flux"}, "muscl", {"rusanov", "hllc", "exact"}, "Riemann solver at the faces"},
      {{"fv.splitting"},
       "muscl_hancock (2D)",
       {"alternating", "averaged"},
       "dimensional splitting"},
      {{"fv.reconstruction"}, "muscl", {"muscl2", "muscl3"}, "face reconstruction"},
      {{"fv.geometry"}, "muscl (1D)", {"planar", "cylindrical", "spherical"}, "1D geometry"},
      {{"highorder.flux"}, "dg, cpr, ndg, sd", {"rusanov", "hllc"}, "common flux at element faces"},
      {{"highorder.divergence"},
       "cpr",
       {"chain_rule", "flux_interpolation"},
       "flux divergence at the solution points"},
      {{"highorder.flux_points"}, "sd", {"lobatto", "legendre"}, "sd's k + 2 flux points"},
      {{"limiter.kind"}, "dg, cpr, ndg, sd", {"none", "minmod"}, "troubled-cell limiter"},
      {{"mesh.generator"},
       "multiblock",
       {"box", "four_block", "naca0012", "plot3d", "cube", "cube_blocks", "naca0012_extruded"},
       "where the mesh comes from"},
      {{"mesh.boundaries[].face"},
       "multiblock",
       {"imin", "imax", "jmin", "jmax", "kmin", "kmax"},
       "face of the block"},
      {{"mesh.boundaries[].kind", "mesh.default_boundary"},
       "multiblock",
       {"far_field", "slip_wall", "symmetry"},
       "boundary condition"},
      {{"multiblock.order"}, "multiblock", {"2", "4"}, "SBP interior order"},
      {{"multigrid.cycle"}, "multiblock", {"v", "w"}, "multigrid cycle shape"},
      {{"multigrid.residual_smoothing_weights"},
       "multiblock",
       {"directional", "constant"},
       "how the residual smoothing coefficient is shared between the index directions"},
      {{"problem.type"},
       "streamfunction_vorticity",
       {"lid_driven_cavity", "airfoil", "flat_plate"},
       "the flow"},
      {{"mesh.generated_on"},
       "streamfunction_vorticity",
       {"device", "host"},
       "where the airfoil's elliptic C-grid is generated"},
      {{"incompressible.poisson"},
       "streamfunction_vorticity",
       {"bicgstab", "jacobi"},
       "stream-function Poisson solver"},
      {{"incompressible.preconditioner"},
       "streamfunction_vorticity",
       {"multigrid", "line_multigrid", "jacobi"},
       "BiCGSTAB's preconditioner"},
      {{"incompressible.wall_vorticity"},
       "streamfunction_vorticity",
       {"jensen", "thom"},
       "no-slip wall vorticity formula"},
      {{"incompressible.turbulence"},
       "streamfunction_vorticity",
       {"laminar", "baldwin_lomax"},
       "turbulence model"},
  };
  return table;
}

const std::vector<std::string>& deck_choices(const std::string& key, const std::string& scope) {
  for (const auto& entry : deck_choice_table())
    if (entry.scope == scope &&
        std::find(entry.keys.begin(), entry.keys.end(), key) != entry.keys.end())
      return entry.values;
  throw Error("internal error: the deck choice table has no '" + key + "' for " + scope);
}

void print_deck_choices(std::ostream& out) {
  out << "Named values (deck key: values, where):\n";
  for (const auto& entry : deck_choice_table()) {
    out << "  ";
    for (std::size_t k = 0; k < entry.keys.size(); ++k) out << (k ? ", " : "") << entry.keys[k];
    out << ":";
    for (std::size_t k = 0; k < entry.values.size(); ++k)
      out << (k ? ", " : " ") << entry.values[k];
    out << "  (" << entry.scope << "; " << entry.meaning << ")\n";
  }
}

}  // namespace portaflow::io
