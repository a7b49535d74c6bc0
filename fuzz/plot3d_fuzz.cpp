// libFuzzer target over the Plot3D reader: file bytes in, blocks or an InputError naming the file
// out (fuzz_support.hpp). ci/fuzz.sh builds and runs it.
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "portaflow/mesh/plot3d.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const std::string name = "fuzz.xyz";
  portaflow::fuzz::expect_loads_or_located_error(
      name, [&] { (void)portaflow::mesh::parse_plot3d(bytes, "Plot3D file '" + name + "'"); });
  return 0;
}
