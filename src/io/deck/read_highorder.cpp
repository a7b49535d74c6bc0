// The high-order family's deck (schemes dg, cpr, ndg and sd; Zimmerman et al. 2018): the element
// grid (mesh.cells elements per direction, optionally warped), the polynomial degree, the face
// flux, and the troubled-cell limiter with its positivity safeguard.
#include "io/deck/deck_sections.hpp"
#include "portaflow/io/deck_choices.hpp"

namespace portaflow::io::deck {

namespace {

const std::string kFamily = "dg, cpr, ndg, sd";

HighOrderMethod method_of(SchemeKind scheme) {
  switch (scheme) {
    case SchemeKind::kCpr:
      return HighOrderMethod::kCpr;
    case SchemeKind::kNdg:
      return HighOrderMethod::kNdg;
    case SchemeKind::kSd:
      return HighOrderMethod::kSd;
    default:
      return HighOrderMethod::kDg;
  }
}

// The detector's default TVB constant, measured with the portaflow command on the vortex
// (perf/results/SUMMARY.md, 2026-11-26): M = 5 and 20 still flag smooth elements at 80^2 and
// 160^2 (P1); 50 flags none at 20^2-160^2 (P1), 120^2 (P2), 80^2 (P3), and still limits the
// radial explosion. The same value as the muscl decks' fv.tvb_m.
constexpr double kDefaultTvbM = 50;

// limiter.*: on by default for problems with discontinuities (they need it) and off for smooth
// ones (Zimmerman et al. 2018 limit only their discontinuous problem; the detector costs two passes
// a stage).
LimiterConfig read_limiter(DeckReader& deck, bool smooth) {
  LimiterConfig l;
  const std::string kind = deck.get_choice(
      "limiter.kind", deck_choices("limiter.kind", kFamily),
      std::string(smooth ? "none" : "minmod"),
      "troubled-cell limiter (minmod: the detector and slope limiting of Zimmerman et al. 2018, "
      "sec. 2.6; default minmod for discontinuous problems, none for smooth ones)");
  l.troubled_cell = kind == "minmod";
  l.threshold = deck.get_real("limiter.threshold",
                              {1e-3, 0, kInf, false, false,
                               "an element is troubled where a face trace differs from its "
                               "minmod reconstruction by more than this"});
  l.tvb_m = deck.get_real("limiter.tvb_m",
                          {kDefaultTvbM, 0, kInf, false, false,
                           "TVB relaxation of the detector: a face trace within tvb_m h^2 of its "
                           "element's mean (h^2 the element's area) is not tested (0: the plain "
                           "minmod detector, which flags smooth extrema)"});
  l.positivity = deck.get_bool("limiter.positivity", l.troubled_cell,
                               "Zhang-Shu scaling towards the element mean so that density and "
                               "pressure stay positive at every solution and face point");
  return l;
}

}  // namespace

void read_highorder_deck(DeckReader& deck, RunConfig& config) {
  read_grid_run(deck, config, 2, deck_choices("problem.type", kFamily), [&] {
    HighOrderConfig& ho = config.highorder;
    ho.method = method_of(config.scheme);
    // box_mesh.hpp's warping keeps every element right-handed up to 0.1.
    ho.warp = deck.get_real("mesh.warp", {0.0, 0, 0.1, false, false,
                                          "sine warping of the element grid (fraction of the "
                                          "domain size)"});
    ho.degree = static_cast<int>(deck.get_int(
        "highorder.order", {2, 1, kHighOrderMaxDegree,
                            "polynomial degree k of the solution in each direction (P_k)"}));
    const std::string flux =
        deck.get_choice("highorder.flux", deck_choices("highorder.flux", kFamily),
                        std::string("rusanov"), "common flux at element faces");
    ho.flux = flux == "hllc" ? FluxKind::kHllc : FluxKind::kRusanov;
    if (ho.method == HighOrderMethod::kCpr) {
      const std::string divergence = deck.get_choice(
          "highorder.divergence", deck_choices("highorder.divergence", "cpr"),
          std::string("chain_rule"),
          "flux divergence at the solution points (chain_rule: as in Zimmerman et al. 2018; "
          "flux_interpolation: conservative)");
      ho.divergence = divergence == "flux_interpolation" ? DivergenceKind::kFluxInterpolation
                                                         : DivergenceKind::kChainRule;
    }
    if (ho.method == HighOrderMethod::kSd) {
      const std::string points = deck.get_choice(
          "highorder.flux_points", deck_choices("highorder.flux_points", "sd"),
          std::string("lobatto"),
          "sd's k + 2 flux points per direction (lobatto: Zimmerman et al. 2018, Fig. 1c; "
          "legendre: the element ends and the k Gauss-Legendre points)");
      ho.flux_points = points == "legendre" ? FluxPointKind::kLegendre : FluxPointKind::kLobatto;
    }
    ho.limiter = read_limiter(deck, is_smooth(config.problem));
    // dg and cpr have a team kernel besides the flat one; ndg and sd the flat one only.
    const bool has_team = ho.method == HighOrderMethod::kDg || ho.method == HighOrderMethod::kCpr;
    const std::vector<std::string>& kernels =
        deck_choices("execution.kernel", has_team ? "dg, cpr" : "ndg, sd");
    const std::string kernel =
        deck.get_choice("execution.kernel", kernels, std::string("auto"),
                        "residual kernel (auto: the faster on this backend, as measured)");
    config.execution.kernel = kernel == "team"   ? KernelChoice::kTeam
                              : kernel == "flat" ? KernelChoice::kFlat
                                                 : KernelChoice::kAuto;
  });
}

}  // namespace portaflow::io::deck
