// The finite-volume family's decks: muscl_hancock (Blakely, LSC lecture) and muscl
// (Zimmerman et al. 2018).
#include "io/deck/deck_sections.hpp"
#include "portaflow/io/deck_choices.hpp"

namespace portaflow::io::deck {

namespace {

LimiterKind limiter_kind(const std::string& name) {
  if (name == "first_order") return LimiterKind::kFirstOrder;
  if (name == "minbee") return LimiterKind::kMinbee;
  if (name == "superbee") return LimiterKind::kSuperbee;
  if (name == "minmod") return LimiterKind::kMinmod;
  if (name == "none") return LimiterKind::kNone;
  return LimiterKind::kVanLeer;
}

FluxKind flux_kind(const std::string& name) {
  return name == "hllc"      ? FluxKind::kHllc
         : name == "rusanov" ? FluxKind::kRusanov
                             : FluxKind::kExact;
}

}  // namespace

// muscl_hancock: Toro's limiters, exact solver by default (Blakely, LSC lecture), splitting in 2D.
void read_muscl_hancock_deck(DeckReader& deck, RunConfig& config) {
  const int dimension = grid_dimension(deck, scheme_info(config.scheme).dimension);
  read_grid_run(deck, config, dimension, problem_names(dimension), [&] {
    FvConfig& fv = config.fv;
    fv.limiter =
        limiter_kind(deck.get_choice("fv.limiter", deck_choices("fv.limiter", "muscl_hancock"),
                                     std::string("van_leer"), "slope limiter (Toro sec. 14.4)"));
    fv.flux = flux_kind(deck.get_choice("fv.flux", deck_choices("fv.flux", "muscl_hancock"),
                                        std::string("exact"), "Riemann solver at the faces"));
    if (dimension == 2) {
      const std::string splitting =
          deck.get_choice("fv.splitting", deck_choices("fv.splitting", "muscl_hancock (2D)"),
                          std::string("alternating"), "dimensional splitting (2D)");
      fv.splitting =
          splitting == "averaged" ? SplittingKind::kAveraged : SplittingKind::kAlternating;
      // Flat (the sweep kernels) by default: the faster variant on the H200 (Blakely's benchmark,
      // inputs/fv/riemann_2d_seed003.yaml, in 0.080-0.095 s against the fused team step's 0.150 s)
      // and on 16 cores (2.5-2.8 s against 8.4 s), perf/results/SUMMARY.md.
      config.execution = read_execution(deck, 2, "flat");
    }
  });
}

// muscl: minmod-limited MUSCL (Zimmerman et al. 2018), Rusanov by default; geometry in 1D.
void read_muscl_deck(DeckReader& deck, RunConfig& config) {
  const int dimension = grid_dimension(deck, scheme_info(config.scheme).dimension);
  read_grid_run(deck, config, dimension, problem_names(dimension), [&] {
    FvConfig& fv = config.fv;
    const std::string order =
        deck.get_choice("fv.reconstruction", deck_choices("fv.reconstruction", "muscl"),
                        std::string("muscl2"), "face reconstruction");
    fv.reconstruction =
        order == "muscl3" ? ReconstructionKind::kMuscl3 : ReconstructionKind::kMuscl2;
    fv.limiter = limiter_kind(
        deck.get_choice("fv.limiter", deck_choices("fv.limiter", "muscl"), std::string("minmod"),
                        "limiter of the reconstruction (none: smooth data only)"));
    fv.tvb_m = deck.get_real(
        "fv.tvb_m",
        {0.0, 0, kInf, false, false, "TVB constant M: differences below M h^2 are not limited"});
    fv.flux = flux_kind(deck.get_choice("fv.flux", deck_choices("fv.flux", "muscl"),
                                        std::string("rusanov"), "Riemann solver at the faces"));
    if (dimension == 1) {
      const std::string geometry =
          deck.get_choice("fv.geometry", deck_choices("fv.geometry", "muscl (1D)"),
                          std::string("planar"), "1D geometry (x is the radius unless planar)");
      fv.geometry = geometry == "cylindrical" ? GeometryKind::kCylindrical
                    : geometry == "spherical" ? GeometryKind::kSpherical
                                              : GeometryKind::kPlanar;
      if (fv.geometry != GeometryKind::kPlanar && config.mesh.domain_min[0] < 0)
        deck.fail("mesh.domain",
                  "a radial geometry needs r >= 0: the domain must start at 0 or above");
    }
  });
}

}  // namespace portaflow::io::deck
