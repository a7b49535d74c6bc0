// The finite-volume family's decks: muscl_hancock (after Blakely's benchmark) and muscl (after
// Zimmerman et al. 2018), each a uniform grid in 1D or 2D, an Euler problem and the sides, then
// the family's fv.* keys.
#include "portaflow/config/shared_sections.hpp"
#include "portaflow/schemes/fv/fv_config.hpp"
#include "portaflow/schemes/fv/fv_scheme.hpp"

namespace portaflow::fv {

namespace {

const ChoiceTable& muscl_hancock_own() {
  static const ChoiceTable table{
      {{"fv.limiter"},
       {"first_order", "minbee", "van_leer", "superbee"},
       "slope limiter (Toro sec. 14.4)"},
      {{"fv.flux"}, {"exact", "hllc", "rusanov"}, "Riemann solver at the faces"},
      {{"fv.splitting"}, {"alternating", "averaged"}, "dimensional splitting (2D)"},
  };
  return table;
}

const ChoiceTable& muscl_own() {
  static const ChoiceTable table{
      {{"fv.reconstruction"}, {"muscl2", "muscl3"}, "face reconstruction"},
      {{"fv.limiter"}, {"minmod", "none"}, "limiter of the reconstruction"},
      {{"fv.flux"}, {"rusanov", "hllc", "exact"}, "Riemann solver at the faces"},
      {{"fv.geometry"}, {"planar", "cylindrical", "spherical"}, "1D geometry"},
  };
  return table;
}

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

const ChoiceTable& muscl_hancock_choices() {
  static const ChoiceTable table =
      join_tables({&deck::grid_choices(1), &deck::grid_choices(2), &muscl_hancock_own()});
  return table;
}

const ChoiceTable& muscl_choices() {
  static const ChoiceTable table =
      join_tables({&deck::grid_choices(1), &deck::grid_choices(2), &muscl_own()});
  return table;
}

// muscl_hancock: Toro's limiters, the exact solver by default (Blakely's), splitting in 2D.
void read_muscl_hancock_deck(DeckReader& deck, RunConfig& config) {
  const int dimension = deck::grid_dimension(deck);
  const ChoiceTable& own = muscl_hancock_own();
  deck::read_grid_run(deck, config, dimension, deck::grid_problem_names(dimension), [&] {
    FvConfig& fv = config.family<FvConfig>();
    fv.limiter =
        limiter_kind(deck.get_choice("fv.limiter", choice_values(own, "fv.limiter"),
                                     std::string("van_leer"), "slope limiter (Toro sec. 14.4)"));
    fv.flux = flux_kind(deck.get_choice("fv.flux", choice_values(own, "fv.flux"),
                                        std::string("exact"), "Riemann solver at the faces"));
    if (dimension == 2) {
      const std::string splitting =
          deck.get_choice("fv.splitting", choice_values(own, "fv.splitting"),
                          std::string("alternating"), "dimensional splitting (2D)");
      fv.splitting =
          splitting == "averaged" ? SplittingKind::kAveraged : SplittingKind::kAlternating;
      // Cells per line walker, for a GPU's y sweeps (and any sweep, when given: walkers then).
      if (deck.has("execution.segment"))
        config.execution.segment = static_cast<int>(deck.get_int(
            "execution.segment",
            {std::nullopt, 1, 1 << 20, "cells per line walker (makes every sweep walkers)"}));
    }
  });
}

// muscl: Zimmerman et al.'s minmod-limited MUSCL with Rusanov by default; geometry in 1D.
void read_muscl_deck(DeckReader& deck, RunConfig& config) {
  const int dimension = deck::grid_dimension(deck);
  const ChoiceTable& own = muscl_own();
  deck::read_grid_run(deck, config, dimension, deck::grid_problem_names(dimension), [&] {
    FvConfig& fv = config.family<FvConfig>();
    const std::string order =
        deck.get_choice("fv.reconstruction", choice_values(own, "fv.reconstruction"),
                        std::string("muscl2"), "face reconstruction");
    fv.reconstruction =
        order == "muscl3" ? ReconstructionKind::kMuscl3 : ReconstructionKind::kMuscl2;
    fv.limiter = limiter_kind(
        deck.get_choice("fv.limiter", choice_values(own, "fv.limiter"), std::string("minmod"),
                        "limiter of the reconstruction (none: smooth data only)"));
    fv.tvb_m =
        deck.get_real("fv.tvb_m", {0.0, 0, deck::kInf, false, false,
                                   "TVB constant M: differences below M h^2 are not limited"});
    fv.flux = flux_kind(deck.get_choice("fv.flux", choice_values(own, "fv.flux"),
                                        std::string("rusanov"), "Riemann solver at the faces"));
    if (dimension == 1) {
      const std::string geometry =
          deck.get_choice("fv.geometry", choice_values(own, "fv.geometry"), std::string("planar"),
                          "1D geometry (x is the radius unless planar)");
      fv.geometry = geometry == "cylindrical" ? GeometryKind::kCylindrical
                    : geometry == "spherical" ? GeometryKind::kSpherical
                                              : GeometryKind::kPlanar;
      if (fv.geometry != GeometryKind::kPlanar && config.mesh.domain_min[0] < 0)
        deck.fail("mesh.domain",
                  "a radial geometry needs r >= 0: the domain must start at 0 or above");
    }
  });
}

}  // namespace portaflow::fv
