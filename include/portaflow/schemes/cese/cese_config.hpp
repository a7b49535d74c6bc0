// The CE/SE family's deck options (schemes cese1d and cese2d), read by read_cese_deck.cpp.
#pragma once

namespace portaflow {

struct CeseConfig {
  double alpha = 2;  // W0 exponent (eq. 3.9 of the CE/SE GPU thesis, 2016)
};

}  // namespace portaflow
