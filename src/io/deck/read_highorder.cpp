// The high-order family's deck (schemes dg and cpr, seed 002): the element grid (mesh.cells
// elements per direction, optionally warped), the polynomial degree and the face flux.
#include "io/deck/deck_sections.hpp"

namespace portaflow::io::deck {

namespace {

// Smooth problems only: a discontinuity needs the troubled-cell limiter, which these schemes do
// not have yet; without it the run would only end in a non-physical state.
const std::vector<std::string> kProblems{"isentropic_vortex", "density_wave"};

}  // namespace

void read_highorder_deck(DeckReader& deck, RunConfig& config) {
  read_grid_run(deck, config, 2, kProblems, [&] {
    HighOrderConfig& ho = config.highorder;
    ho.method = config.scheme == SchemeKind::kCpr ? HighOrderMethod::kCpr : HighOrderMethod::kDg;
    // box_mesh.hpp's warping keeps every element right-handed up to 0.1.
    ho.warp = deck.get_real("mesh.warp", {0.0, 0, 0.1, false, false,
                                          "sine warping of the element grid (fraction of the "
                                          "domain size)"});
    ho.degree = static_cast<int>(deck.get_int(
        "highorder.order",
        {2, 1, kHighOrderMaxDegree, "polynomial degree k of the solution in each direction (P_k)"}));
    const std::string flux = deck.get_choice("highorder.flux", {"rusanov", "hllc"},
                                             std::string("rusanov"), "common flux at element faces");
    ho.flux = flux == "hllc" ? FluxKind::kHllc : FluxKind::kRusanov;
    if (ho.method == HighOrderMethod::kCpr) {
      const std::string divergence = deck.get_choice(
          "highorder.divergence", {"chain_rule", "flux_interpolation"}, std::string("chain_rule"),
          "flux divergence at the solution points (chain_rule: seed 002's; flux_interpolation: "
          "conservative)");
      ho.divergence = divergence == "flux_interpolation" ? DivergenceKind::kFluxInterpolation
                                                         : DivergenceKind::kChainRule;
    }
    const std::string kernel =
        deck.get_choice("execution.kernel", {"auto", "team", "flat"}, std::string("auto"),
                        "residual kernel (auto: the faster on this backend, as measured)");
    config.execution.kernel = kernel == "team"   ? KernelChoice::kTeam
                              : kernel == "flat" ? KernelChoice::kFlat
                                                 : KernelChoice::kAuto;
  });
}

}  // namespace portaflow::io::deck
