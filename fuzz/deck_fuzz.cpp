// libFuzzer target over the deck reader: YAML text in, a RunConfig or an InputError naming the deck
// out (fuzz_support.hpp). ci/fuzz.sh builds and runs it.
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "portaflow/config/deck_reader.hpp"
#include "portaflow/schemes/scheme_registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string name = "fuzz.yaml";
  portaflow::fuzz::expect_loads_or_located_error(name, [&] {
    portaflow::DeckReader deck = portaflow::DeckReader::from_string(text, name);
    (void)portaflow::read_run_config(deck);
  });
  return 0;
}
