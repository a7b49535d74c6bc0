// The grid transfers of the multi-block FAS multigrid between a level and the next coarser one
// (mesh/coarsen_mesh.hpp), as sparse matrices (Kokkos-Kernels' CrsMatrix) over the packed nodes
// of all blocks, applied to every equation in one launch (fas_multigrid.cpp says why not with
// Kokkos-Kernels' spmv):
// - injection (coarse x fine): the solution, coarse node = the fine node it keeps;
// - restriction (coarse x fine): residuals, conservatively: dU/dt times the node's SBP mass
//   M = H / J (its volume 1/J times the SBP norm weights H_d: half a volume or less on a block
//   face) is the node's flux balance; each fine node hands its balance to the coarse nodes
//   with the prolongation's weights (R ~ P^T: full weighting, (1/4, 1/2, 1/4) per direction
//   inside a block), and the coarse rate is that sum over the sum of the masses. Averaging rates
//   instead (plain full weighting and injection on faces) over-weights the smallest cells: a
//   wall node's penalty rate grows like 1 / h, so the coarse wall was driven about twice too
//   hard per level and the NACA 0012 cycles blew up within 20 cycles;
// - prolongation (fine x coarse): corrections by bi-/trilinear interpolation in index space
//   (exact at kept nodes; an irregular last interval has no node in between).
// - correction smoothing (coarse x coarse): c <- (1 - k eps) c + eps (sum of its k neighbours
//   in its block), applied a few times to a coarse correction before prolongation: the coarse
//   level's correction has oscillatory parts that the fine smoother barely damps (central
//   differences with a 6th-difference dissipation), and without this the NACA 0012 cycles
//   diverged.
// Transfers never cross a block interface: an interface node is transferred within each block
// it belongs to, and both copies see the same operator because the twins coincide on every level.
#pragma once

#include "portaflow/mesh/coarsen_mesh.hpp"
#include "portaflow/schemes/common/sparse_csr.hpp"
#include "portaflow/schemes/multiblock/block_table.hpp"

namespace portaflow::multiblock {

struct GridTransfer {
  SparseMatrix injection, restriction, prolongation, correction_smoothing;
};

// The host matrices (tests check their rows) and the device copies.
struct HostGridTransfer {
  HostCsr injection, restriction, prolongation, correction_smoothing;
};
// fine_mass: the SBP mass H / J per packed fine node (empty: all equal); smoothing: the
// correction smoothing's neighbour weight eps.
HostGridTransfer build_host_transfer(const BlockTable& fine, const BlockTable& coarse,
                                     const std::vector<mesh::BlockCoarsening>& plan,
                                     const std::vector<double>& fine_mass = {},
                                     double smoothing = 0);
GridTransfer build_grid_transfer(const BlockTable& fine, const BlockTable& coarse,
                                 const std::vector<mesh::BlockCoarsening>& plan,
                                 const std::vector<double>& fine_mass, double smoothing);

}  // namespace portaflow::multiblock
