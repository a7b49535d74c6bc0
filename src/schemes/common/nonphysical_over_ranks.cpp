#include "portaflow/schemes/common/nonphysical_over_ranks.hpp"

#include <cstring>
#include <string>
#include <vector>

#include "portaflow/core/format.hpp"
#include "portaflow/core/ranks.hpp"

namespace portaflow {

std::optional<NonPhysicalCell> first_nonphysical_over_ranks(
    const std::optional<NonPhysicalCell>& found) {
  if (ranks::count() == 1) return found;
  // The lowest rank with a bad cell tells the others which.
  const long long none = ranks::count();
  const long long first = ranks::min(found ? static_cast<long long>(ranks::rank()) : none);
  if (first == none) return std::nullopt;
  std::vector<unsigned char> bytes;
  constexpr std::size_t kFields = 10;
  if (ranks::rank() == first) {
    const double fields[kFields] = {static_cast<double>(found->index[0]),
                                    static_cast<double>(found->index[1]),
                                    static_cast<double>(found->index[2]),
                                    found->position[0],
                                    found->position[1],
                                    found->position[2],
                                    found->rho,
                                    found->pressure,
                                    static_cast<double>(found->block),
                                    static_cast<double>(found->dimension)};
    bytes.assign(reinterpret_cast<const unsigned char*>(fields),
                 reinterpret_cast<const unsigned char*>(fields) + sizeof fields);
  }
  ranks::broadcast(bytes, static_cast<int>(first));
  double fields[kFields];
  std::memcpy(fields, bytes.data(), sizeof fields);
  NonPhysicalCell cell;
  cell.index = {static_cast<long long>(fields[0]), static_cast<long long>(fields[1]),
                static_cast<long long>(fields[2])};
  cell.position = {fields[3], fields[4], fields[5]};
  cell.rho = fields[6];
  cell.pressure = fields[7];
  cell.block = static_cast<int>(fields[8]);
  cell.dimension = static_cast<int>(fields[9]);
  cell.what = "rho = " + format("%.6g", cell.rho) + ", p = " + format("%.6g", cell.pressure) +
              " (on rank " + std::to_string(first) + ")";
  return cell;
}

}  // namespace portaflow
