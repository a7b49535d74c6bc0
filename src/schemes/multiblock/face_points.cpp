// Face points from the mesh topology (Elsen et al. 2008, Figs. 5-6): one entry per face node of
// every boundary patch and of both sides of every interface, with the gather index of the twin node
// (the "neighbour stream") precomputed on the host. On a run over ranks each rank keeps the points
// of its own blocks, in the whole mesh's order, and a twin on another rank is read from the
// states that rank sends (schemes/multiblock/block_ranks.hpp).
#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <utility>

#include "portaflow/core/device_copy.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/schemes/multiblock/block_ranks.hpp"
#include "portaflow/schemes/multiblock/multiblock_solver.hpp"
#include "portaflow/schemes/multiblock/sbp_operators.hpp"

namespace portaflow::multiblock {

namespace {

double norm_weight(int order, int r, int n) {
  return order == 2 ? sbp_norm<2>(r, n) : sbp_norm<4>(r, n);
}

struct HostFacePoints {
  std::vector<int> node, twin, direction, kind;
  std::vector<Real> side, inverse_norm, surface_weight;
  std::vector<int> twin_rank;    // the rank owning the twin node (-1: no twin)
  std::vector<int> whole_index;  // the point's index among the whole mesh's face points
  std::vector<std::array<double, 3>> position;
};

// Where the face points of one rank come from: the whole mesh, who owns each block, and where
// each block's nodes start on its owner (schemes/multiblock/block_ranks.hpp).
struct RankView {
  const mesh::MultiBlockMesh& whole;
  const std::vector<int>& owner;
  const std::vector<int>& offsets;
  int rank = 0;
  int whole_count = 0;  // face points of the whole mesh enumerated so far
};

// Packed index, on the block's owner, of offsets (s, t) on a patch.
int patch_node(const mesh::FacePatch& patch, const RankView& view, int s, int t) {
  const auto& nodes = view.whole.blocks[static_cast<std::size_t>(patch.block)].nodes;
  const int d = mesh::face_direction(patch.face);
  const auto tangential = mesh::tangential_directions(patch.face);
  int ijk[3] = {0, 0, 0};
  ijk[d] = mesh::face_is_max(patch.face) ? nodes[d] - 1 : 0;
  ijk[tangential[0]] = patch.begin[0] + s;
  ijk[tangential[1]] = patch.begin[1] + t;
  return view.offsets[static_cast<std::size_t>(patch.block)] + ijk[0] +
         nodes[0] * (ijk[1] + nodes[1] * ijk[2]);
}

// The patch's points when its block is the view's rank's; the whole mesh's count either way.
void add_patch(int order, const mesh::FacePatch& patch, FacePointKind kind,
               const mesh::InterfacePatch* interface, RankView& view, HostFacePoints& out) {
  const auto extent = patch.extent();
  if (view.owner[static_cast<std::size_t>(patch.block)] != view.rank) {
    view.whole_count += extent[0] * extent[1];
    return;
  }
  const auto& block = view.whole.blocks[static_cast<std::size_t>(patch.block)];
  const auto& nodes = block.nodes;
  const int d = mesh::face_direction(patch.face);
  const auto tangential = mesh::tangential_directions(patch.face);
  const int r = mesh::face_is_max(patch.face) ? nodes[d] - 1 : 0;
  for (int t = 0; t < extent[1]; ++t) {
    for (int s = 0; s < extent[0]; ++s) {
      out.node.push_back(patch_node(patch, view, s, t));
      int twin = -1, twin_rank = -1;
      if (interface) {
        const auto other = mesh::twin_offsets(*interface, s, t);
        twin = patch_node(interface->b, view, other[0], other[1]);
        twin_rank = view.owner[static_cast<std::size_t>(interface->b.block)];
      }
      out.twin.push_back(twin);
      out.twin_rank.push_back(twin_rank);
      out.whole_index.push_back(view.whole_count++);
      out.direction.push_back(d);
      out.kind.push_back(kind);
      out.side.push_back(mesh::face_is_max(patch.face) ? 1 : -1);
      out.inverse_norm.push_back(static_cast<Real>(1 / norm_weight(order, r, nodes[d])));
      double weight = 1;
      const int position[2] = {patch.begin[0] + s, patch.begin[1] + t};
      for (int a = 0; a < 2; ++a) {
        const int n = nodes[tangential[a]];
        if (n > 1) weight *= norm_weight(order, position[a], n);
      }
      out.surface_weight.push_back(static_cast<Real>(weight));
      const auto ijk = mesh::patch_node(nodes, patch, s, t);
      out.position.push_back(mesh::node_position(block, ijk));
    }
  }
}

// A face node where several sub-faces of one face meet (Elsen et al. 2008, Fig. 4: an edge or
// corner node shared by several blocks) has an interface entry per neighbouring block, all with
// coinciding twins. Each full penalty would multiply the node's penalty strength by their number (4
// at the middle of a 3D face meeting 2 x 2 blocks: the warped five-block cube blew up there within
// 20 cycles at CFL 2.5), so they share it: each is weighted by 1 / their number, one penalty
// towards the neighbours' mean.
void share_interface_penalties(HostFacePoints& host) {
  std::map<std::pair<int, int>, int> count;  // (node, face) -> interface entries
  auto face_of = [&](std::size_t p) {
    return std::make_pair(host.node[p], 2 * host.direction[p] + (host.side[p] > 0 ? 1 : 0));
  };
  for (std::size_t p = 0; p < host.node.size(); ++p)
    if (host.kind[p] == kInterfacePoint) ++count[face_of(p)];
  for (std::size_t p = 0; p < host.node.size(); ++p)
    if (host.kind[p] == kInterfacePoint)
      host.inverse_norm[p] /= static_cast<Real>(count[face_of(p)]);
}

FacePointKind point_kind(mesh::BoundaryKind kind) {
  switch (kind) {
    case mesh::BoundaryKind::kFarField:
      return kFarFieldPoint;
    case mesh::BoundaryKind::kSlipWall:
    case mesh::BoundaryKind::kSymmetry:
      return kWallPoint;
    case mesh::BoundaryKind::kSupersonicInflow:
      return kInflowPoint;
    case mesh::BoundaryKind::kSupersonicOutflow:
      return kOutflowPoint;
  }
  throw Error("internal error: unknown boundary kind");
}

// The face points of `rank` in the whole mesh's order: boundary patches, then each interface's a
// and b sides (the order a node's penalties are added in, the same on any rank count).
HostFacePoints enumerate_face_points(int order, RankView view) {
  HostFacePoints host;
  for (const auto& boundary : view.whole.boundaries) {
    add_patch(order, boundary.patch, point_kind(boundary.kind), nullptr, view, host);
  }
  for (const auto& interface : view.whole.interfaces) {
    add_patch(order, interface.a, kInterfacePoint, &interface, view, host);
    const mesh::InterfacePatch other = mesh::seen_from_b(interface);
    add_patch(order, other.a, kInterfacePoint, &other, view, host);
  }
  return host;
}

// Points whose twin another rank owns read it from the remote array: twin -2 - column, the
// columns grouped by that rank (in increasing rank order), each group in point order. The
// ranks' peers: what each receives (these columns) and sends (the twins the others read).
std::vector<PointPeer> connect_remote_twins(int order, const RankView& view, int ranks,
                                            HostFacePoints& host) {
  std::vector<PointPeer> peers;
  int column = 0;
  for (int r = 0; r < ranks; ++r) {
    if (r == view.rank) continue;
    PointPeer peer;
    peer.rank = r;
    peer.receive_first = column;
    for (std::size_t p = 0; p < host.node.size(); ++p)
      if (host.twin_rank[p] == r) host.twin[p] = -2 - column++;
    peer.receive_count = column - peer.receive_first;
    RankView theirs = view;
    theirs.rank = r;
    theirs.whole_count = 0;
    const HostFacePoints other = enumerate_face_points(order, theirs);
    for (std::size_t p = 0; p < other.node.size(); ++p)
      if (other.twin_rank[p] == view.rank) peer.send.push_back(other.twin[p]);
    if (peer.receive_count > 0 || !peer.send.empty()) peers.push_back(std::move(peer));
  }
  return peers;
}

}  // namespace

RankFacePoints build_face_points(int order, const mesh::MultiBlockMesh& whole,
                                 const std::vector<int>& owner, int rank) {
  const std::vector<int> offsets = packed_offsets(whole, owner);
  const int ranks = *std::max_element(owner.begin(), owner.end()) + 1;
  const RankView view{whole, owner, offsets, rank, 0};
  HostFacePoints host = enumerate_face_points(order, view);
  share_interface_penalties(host);
  RankFacePoints out;
  out.peers = connect_remote_twins(order, view, ranks, host);
  out.positions = host.position;
  out.whole_index = host.whole_index;
  int remote_columns = 0;
  for (const PointPeer& peer : out.peers) remote_columns += peer.receive_count;
  FacePoints& points = out.points;
  points.count = static_cast<int>(host.node.size());
  points.node = copy_to_device("multiblock.face.node", host.node);
  points.twin = copy_to_device("multiblock.face.twin", host.twin);
  points.direction = copy_to_device("multiblock.face.direction", host.direction);
  points.kind = copy_to_device("multiblock.face.kind", host.kind);
  points.side = copy_to_device("multiblock.face.side", host.side);
  points.inverse_norm = copy_to_device("multiblock.face.inverse_norm", host.inverse_norm);
  points.surface_weight = copy_to_device("multiblock.face.surface_weight", host.surface_weight);
  points.external =
      DeviceView<Real**>("multiblock.face.external", whole.dimension + 2, points.count);
  points.remote = DeviceView<Real**>("multiblock.face.remote", whole.dimension + 2, remote_columns);
  // The points grouped by node (a stable sort: each node's points stay in increasing order).
  std::vector<int> by_node(host.node.size());
  for (std::size_t p = 0; p < by_node.size(); ++p) by_node[p] = static_cast<int>(p);
  std::stable_sort(by_node.begin(), by_node.end(),
                   [&](int a, int b) { return host.node[a] < host.node[b]; });
  std::vector<int> nodes, first;
  for (std::size_t k = 0; k < by_node.size(); ++k) {
    const int node = host.node[static_cast<std::size_t>(by_node[k])];
    if (nodes.empty() || nodes.back() != node) {
      nodes.push_back(node);
      first.push_back(static_cast<int>(k));
    }
  }
  first.push_back(static_cast<int>(by_node.size()));
  points.node_count = static_cast<int>(nodes.size());
  points.nodes = copy_to_device("multiblock.face.nodes", nodes);
  points.first_point = copy_to_device("multiblock.face.first_point", first);
  points.points_of_node = copy_to_device("multiblock.face.points_of_node", by_node);
  return out;
}

}  // namespace portaflow::multiblock
