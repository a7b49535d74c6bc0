#include "portaflow/schemes/common/sparse_csr.hpp"

#include "portaflow/core/device_copy.hpp"

namespace portaflow {

SparseMatrix to_device(const HostCsr& h, const std::string& label) {
  return SparseMatrix(
      label, h.rows, h.columns, h.values.size(), copy_to_device(label + ".values", h.values),
      copy_to_device(label + ".row_map", h.row_map), copy_to_device(label + ".entries", h.entries));
}

HostCsr scaled_transpose(const HostCsr& p, Real scale) {
  HostCsr r;
  r.rows = p.columns;
  r.columns = p.rows;
  r.row_map.assign(static_cast<std::size_t>(r.rows) + 1, 0);
  for (const int c : p.entries) ++r.row_map[static_cast<std::size_t>(c) + 1];
  for (int k = 0; k < r.rows; ++k) r.row_map[k + 1] += r.row_map[k];
  r.entries.resize(p.entries.size());
  r.values.resize(p.values.size());
  std::vector<SparseOffset> next(r.row_map.begin(), r.row_map.end() - 1);
  for (int row = 0; row < p.rows; ++row)
    for (SparseOffset at = p.row_map[row]; at < p.row_map[row + 1]; ++at) {
      const SparseOffset slot = next[static_cast<std::size_t>(p.entries[at])]++;
      r.entries[slot] = row;
      r.values[slot] = scale * p.values[at];
    }
  return r;
}

}  // namespace portaflow
