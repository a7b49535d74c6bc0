#include "portaflow/schemes/multiblock/grid_transfer.hpp"

#include <algorithm>
#include <utility>

namespace portaflow::multiblock {

namespace {

// (index, weight) pairs along one direction.
using Weights1D = std::vector<std::pair<int, Real>>;

// Fine index f from the coarse nodes around it: kept[c] <= f <= kept[c + 1].
Weights1D interpolation_weights(const std::vector<int>& kept, int f) {
  const auto above = std::lower_bound(kept.begin(), kept.end(), f);
  const int c = static_cast<int>(above - kept.begin());
  if (*above == f) return {{c, Real(1)}};
  const Real w = Real(f - kept[c - 1]) / Real(kept[c] - kept[c - 1]);
  return {{c - 1, 1 - w}, {c, w}};
}

// Tensor product of three 1D weight lists as packed columns of block b.
void add_product(const BlockTable& table, int b, const Weights1D (&w)[3], HostCsr& out) {
  for (const auto& [k, wk] : w[2])
    for (const auto& [j, wj] : w[1])
      for (const auto& [i, wi] : w[0]) out.add(table.node(b, i, j, k), wi * wj * wk);
}

// Each row's weights times the masses of their nodes, scaled to sum to 1.
void weight_by_volume(HostCsr& r, const std::vector<double>& volume) {
  for (int row = 0; row < r.rows; ++row) {
    double total = 0;
    for (auto k = r.row_map[row]; k < r.row_map[row + 1]; ++k) {
      r.values[k] *= static_cast<Real>(volume[static_cast<std::size_t>(r.entries[k])]);
      total += r.values[k];
    }
    for (auto k = r.row_map[row]; k < r.row_map[row + 1]; ++k)
      r.values[k] = static_cast<Real>(r.values[k] / total);
  }
}

// The averaging of the correction smoothing: each node and its neighbours inside its block.
HostCsr averaging(const BlockTable& table, double eps) {
  HostCsr a;
  a.columns = table.total_nodes;
  for (int b = 0; b < table.count; ++b) {
    const auto& n = table.blocks[b].nodes;
    for (int k = 0; k < n[2]; ++k)
      for (int j = 0; j < n[1]; ++j)
        for (int i = 0; i < n[0]; ++i) {
          double self = 1;
          for (int d = 0; d < 3; ++d)
            for (const int side : {-1, 1}) {
              int at[3] = {i, j, k};
              at[d] += side;
              if (n[d] == 1 || at[d] < 0 || at[d] >= n[d]) continue;
              a.add(table.node(b, at[0], at[1], at[2]), static_cast<Real>(eps));
              self -= eps;
            }
          a.add(table.node(b, i, j, k), static_cast<Real>(self));
          a.end_row();
        }
  }
  return a;
}

}  // namespace

HostGridTransfer build_host_transfer(const BlockTable& fine, const BlockTable& coarse,
                                     const std::vector<mesh::BlockCoarsening>& plan,
                                     const std::vector<double>& fine_mass, double smoothing) {
  HostGridTransfer t;
  t.injection.columns = t.restriction.columns = fine.total_nodes;
  t.prolongation.columns = coarse.total_nodes;
  for (int b = 0; b < coarse.count; ++b) {
    const auto& kept = plan[static_cast<std::size_t>(b)].kept;
    const auto& n = coarse.blocks[b].nodes;
    for (int k = 0; k < n[2]; ++k)
      for (int j = 0; j < n[1]; ++j)
        for (int i = 0; i < n[0]; ++i) {
          t.injection.add(fine.node(b, kept[0][i], kept[1][j], kept[2][k]), Real(1));
          t.injection.end_row();
        }
  }
  for (int b = 0; b < fine.count; ++b) {
    const auto& kept = plan[static_cast<std::size_t>(b)].kept;
    const auto& n = fine.blocks[b].nodes;
    for (int k = 0; k < n[2]; ++k)
      for (int j = 0; j < n[1]; ++j)
        for (int i = 0; i < n[0]; ++i) {
          const Weights1D w[3] = {interpolation_weights(kept[0], i),
                                  interpolation_weights(kept[1], j),
                                  interpolation_weights(kept[2], k)};
          add_product(coarse, b, w, t.prolongation);
          t.prolongation.end_row();
        }
  }
  t.restriction = scaled_transpose(t.prolongation, Real(1));
  weight_by_volume(t.restriction,
                   fine_mass.empty() ? std::vector<double>(fine.total_nodes, 1.0) : fine_mass);
  t.correction_smoothing = averaging(coarse, smoothing);
  return t;
}

GridTransfer build_grid_transfer(const BlockTable& fine, const BlockTable& coarse,
                                 const std::vector<mesh::BlockCoarsening>& plan,
                                 const std::vector<double>& fine_mass, double smoothing) {
  const HostGridTransfer h = build_host_transfer(fine, coarse, plan, fine_mass, smoothing);
  return {to_device(h.injection, "multigrid.injection"),
          to_device(h.restriction, "multigrid.restriction"),
          to_device(h.prolongation, "multigrid.prolongation"),
          to_device(h.correction_smoothing, "multigrid.correction_smoothing")};
}

}  // namespace portaflow::multiblock
