// Face points from the mesh topology (Elsen et al. 2008, Figs. 5-6): one entry per face node of
// every boundary patch and of both sides of every interface, with the gather index of the twin node
// (the "neighbour stream") precomputed on the host.
#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "portaflow/core/device_copy.hpp"
#include "portaflow/core/error.hpp"
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
};

// Packed node index of offsets (s, t) on a patch.
int patch_node(const mesh::FacePatch& patch, const BlockTable& table, int s, int t) {
  const BlockExtent& e = table.blocks[patch.block];
  const int d = mesh::face_direction(patch.face);
  const auto tangential = mesh::tangential_directions(patch.face);
  int ijk[3] = {0, 0, 0};
  ijk[d] = mesh::face_is_max(patch.face) ? e.nodes[d] - 1 : 0;
  ijk[tangential[0]] = patch.begin[0] + s;
  ijk[tangential[1]] = patch.begin[1] + t;
  return table.node(patch.block, ijk[0], ijk[1], ijk[2]);
}

void add_patch(int order, const mesh::FacePatch& patch, FacePointKind kind,
               const mesh::InterfacePatch* interface, const BlockTable& table,
               HostFacePoints& out) {
  const BlockExtent& e = table.blocks[patch.block];
  const int d = mesh::face_direction(patch.face);
  const auto tangential = mesh::tangential_directions(patch.face);
  const int r = mesh::face_is_max(patch.face) ? e.nodes[d] - 1 : 0;
  const auto extent = patch.extent();
  for (int t = 0; t < extent[1]; ++t) {
    for (int s = 0; s < extent[0]; ++s) {
      out.node.push_back(patch_node(patch, table, s, t));
      int twin = -1;
      if (interface) {
        const auto other = mesh::twin_offsets(*interface, s, t);
        twin = patch_node(interface->b, table, other[0], other[1]);
      }
      out.twin.push_back(twin);
      out.direction.push_back(d);
      out.kind.push_back(kind);
      out.side.push_back(mesh::face_is_max(patch.face) ? 1 : -1);
      out.inverse_norm.push_back(static_cast<Real>(1 / norm_weight(order, r, e.nodes[d])));
      double weight = 1;
      const int position[2] = {patch.begin[0] + s, patch.begin[1] + t};
      for (int a = 0; a < 2; ++a) {
        const int n = e.nodes[tangential[a]];
        if (n > 1) weight *= norm_weight(order, position[a], n);
      }
      out.surface_weight.push_back(static_cast<Real>(weight));
    }
  }
}

// The same interface seen from its b side.
mesh::InterfacePatch reversed_interface(const mesh::InterfacePatch& in) {
  mesh::InterfacePatch out;
  out.a = in.b;
  out.b = in.a;
  // a's axis k runs along b's axis axis_map[k]; so b's axis axis_map[k] runs along a's axis k.
  for (int k = 0; k < 2; ++k) {
    out.axis_map[in.axis_map[k]] = k;
    out.reversed[in.axis_map[k]] = in.reversed[k];
  }
  return out;
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

}  // namespace

FacePoints build_face_points(int order, const mesh::MultiBlockMesh& mesh, const BlockTable& table,
                             std::vector<std::array<double, 3>>& positions) {
  HostFacePoints host;
  for (const auto& boundary : mesh.boundaries) {
    const FacePointKind kind =
        boundary.kind == mesh::BoundaryKind::kFarField ? kFarFieldPoint : kWallPoint;
    add_patch(order, boundary.patch, kind, nullptr, table, host);
  }
  for (const auto& interface : mesh.interfaces) {
    add_patch(order, interface.a, kInterfacePoint, &interface, table, host);
    const mesh::InterfacePatch other = reversed_interface(interface);
    add_patch(order, other.a, kInterfacePoint, &other, table, host);
  }
  share_interface_penalties(host);
  positions.clear();
  for (const int node : host.node) {
    const NodeIndex at = table.locate(node);
    const auto& block = mesh.blocks[at.block];
    const std::size_t i = block.index(at.ijk[0], at.ijk[1], at.ijk[2]);
    positions.push_back({block.x[i], block.y[i], block.z.empty() ? 0.0 : block.z[i]});
  }
  FacePoints points;
  points.count = static_cast<int>(host.node.size());
  points.node = copy_to_device("multiblock.face.node", host.node);
  points.twin = copy_to_device("multiblock.face.twin", host.twin);
  points.direction = copy_to_device("multiblock.face.direction", host.direction);
  points.kind = copy_to_device("multiblock.face.kind", host.kind);
  points.side = copy_to_device("multiblock.face.side", host.side);
  points.inverse_norm = copy_to_device("multiblock.face.inverse_norm", host.inverse_norm);
  points.surface_weight = copy_to_device("multiblock.face.surface_weight", host.surface_weight);
  points.external =
      DeviceView<Real**>("multiblock.face.external", mesh.dimension + 2, points.count);
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
  return points;
}

}  // namespace portaflow::multiblock
