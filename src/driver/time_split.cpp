#include "portaflow/driver/time_split.hpp"

#include "portaflow/core/format.hpp"

namespace portaflow {

double TimeSplit::total() const {
  double sum = startup + deck + setup + steps + output;
  for (const SetupPhase& phase : phases) sum += phase.seconds;
  return sum;
}

std::string TimeSplit::text() const {
  auto part = [](const std::string& name, double seconds) {
    return name + " " + format("%.3g", seconds) + " s";
  };
  std::string line = "time: " + part("device start-up", startup) + ", " + part("deck", deck);
  for (const SetupPhase& phase : phases) line += ", " + part(phase.name, phase.seconds);
  line += ", " + part("set-up", setup) + ", " + part("steps", steps) + ", " +
          part("output", output) + "; total " + format("%.3g", total()) + " s";
  return line;
}

}  // namespace portaflow
