// The high-order family's deck (schemes dg, cpr, ndg and sd; Zimmerman et al. 2018): the element
// grid (mesh.cells elements per direction, optionally warped), the polynomial degree, the face
// flux, and the troubled-cell limiter with its positivity safeguard.
#include "portaflow/config/shared_sections.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"
#include "portaflow/schemes/highorder/highorder_scheme.hpp"

namespace portaflow::highorder {

namespace {

using deck::kInf;

const ChoiceTable& own_choices() {
  static const ChoiceTable table{
      {{"problem.type"},
       {"isentropic_vortex", "density_wave", "radial_explosion"},
       "the initial-value problem"},
      {{"highorder.flux"}, {"rusanov", "hllc"}, "common flux at element faces"},
      {{"limiter.kind"}, {"none", "minmod"}, "troubled-cell limiter"},
  };
  return table;
}

const ChoiceTable& boundary_choices() {
  static const ChoiceTable table{deck::grid_choices(2).back()};
  return table;
}

// The detector's default TVB constant, measured with the portaflow command on the vortex
// (measured 2026-11-26, perf/results/): M = 5 and 20 still flag smooth elements at 80^2 and
// 160^2 (P1); 50 flags none at 20^2-160^2 (P1), 120^2 (P2), 80^2 (P3), and still limits the
// radial explosion. The same value as the muscl decks' fv.tvb_m.
constexpr double kDefaultTvbM = 50;

// limiter.*: on by default for problems with discontinuities (they need it) and off for smooth
// ones (Zimmerman et al. 2018 limit only their discontinuous problem; the detector costs two
// passes a stage).
LimiterConfig read_limiter(DeckReader& deck, bool smooth) {
  LimiterConfig l;
  const std::string kind = deck.get_choice(
      "limiter.kind", choice_values(own_choices(), "limiter.kind"),
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
                           "element's mean (h^2 the element's area) is not tested (0: Zimmerman et "
                           "al.'s detector, which flags smooth extrema)"});
  l.positivity = deck.get_bool("limiter.positivity", l.troubled_cell,
                               "Zhang-Shu scaling towards the element mean so that density and "
                               "pressure stay positive at every solution and face point");
  return l;
}

}  // namespace

const ChoiceTable& choices(HighOrderMethod method) {
  static const ChoiceTable divergence{{{"highorder.divergence"},
                                       {"chain_rule", "flux_interpolation"},
                                       "flux divergence at the solution points"}};
  static const ChoiceTable flux_points{
      {{"highorder.flux_points"}, {"lobatto", "legendre"}, "sd's k + 2 flux points"}};
  static const ChoiceTable team_kernels{
      {{"execution.kernel"}, {"auto", "team", "flat"}, "residual kernel"}};
  static const ChoiceTable flat_kernels{
      {{"execution.kernel"}, {"auto", "flat"}, "residual kernel"}};
  static const ChoiceTable dg = join_tables({&own_choices(), &boundary_choices(), &team_kernels});
  static const ChoiceTable cpr =
      join_tables({&own_choices(), &boundary_choices(), &divergence, &team_kernels});
  static const ChoiceTable ndg = join_tables({&own_choices(), &boundary_choices(), &flat_kernels});
  static const ChoiceTable sd =
      join_tables({&own_choices(), &boundary_choices(), &flux_points, &flat_kernels});
  switch (method) {
    case HighOrderMethod::kCpr:
      return cpr;
    case HighOrderMethod::kNdg:
      return ndg;
    case HighOrderMethod::kSd:
      return sd;
    default:
      return dg;
  }
}

void read_deck(DeckReader& deck, RunConfig& config, HighOrderMethod method) {
  const ChoiceTable& table = choices(method);
  deck::read_grid_run(deck, config, 2, choice_values(table, "problem.type"), [&] {
    HighOrderConfig& ho = config.family<HighOrderConfig>();
    ho.method = method;
    // box_mesh.hpp's warping keeps every element right-handed up to 0.1.
    ho.warp = deck.get_real("mesh.warp", {0.0, 0, 0.1, false, false,
                                          "sine warping of the element grid (fraction of the "
                                          "domain size)"});
    ho.degree = static_cast<int>(deck.get_int(
        "highorder.order", {2, 1, kHighOrderMaxDegree,
                            "polynomial degree k of the solution in each direction (P_k)"}));
    const std::string flux =
        deck.get_choice("highorder.flux", choice_values(table, "highorder.flux"),
                        std::string("rusanov"), "common flux at element faces");
    ho.flux = flux == "hllc" ? FluxKind::kHllc : FluxKind::kRusanov;
    if (ho.method == HighOrderMethod::kCpr) {
      const std::string divergence =
          deck.get_choice("highorder.divergence", choice_values(table, "highorder.divergence"),
                          std::string("chain_rule"),
                          "flux divergence at the solution points (chain_rule: Zimmerman et al.'s; "
                          "flux_interpolation: conservative)");
      ho.divergence = divergence == "flux_interpolation" ? DivergenceKind::kFluxInterpolation
                                                         : DivergenceKind::kChainRule;
    }
    if (ho.method == HighOrderMethod::kSd) {
      const std::string points =
          deck.get_choice("highorder.flux_points", choice_values(table, "highorder.flux_points"),
                          std::string("lobatto"),
                          "sd's k + 2 flux points per direction (lobatto: Zimmerman et al.'s Fig. "
                          "1c; legendre: the "
                          "element ends and the k Gauss-Legendre points)");
      ho.flux_points = points == "legendre" ? FluxPointKind::kLegendre : FluxPointKind::kLobatto;
    }
    ho.limiter = read_limiter(deck, is_smooth(config.problem));
    // dg and cpr have a team kernel besides the flat one; ndg and sd the flat one only.
    const std::vector<std::string>& kernels = choice_values(table, "execution.kernel");
    const std::string kernel =
        deck.get_choice("execution.kernel", kernels, std::string("auto"),
                        "residual kernel (auto: the faster on this backend, as measured)");
    config.execution.kernel = kernel == "team"   ? KernelChoice::kTeam
                              : kernel == "flat" ? KernelChoice::kFlat
                                                 : KernelChoice::kAuto;
  });
}

}  // namespace portaflow::highorder
