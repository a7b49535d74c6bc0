#include "portaflow/mesh/extrude_mesh.hpp"

#include <string>

#include "portaflow/core/error.hpp"

namespace portaflow::mesh {

namespace {

// A 2D patch's second (unused) range becomes the whole span.
FacePatch through_span(FacePatch patch, int span_nodes) {
  patch.begin[1] = 0;
  patch.end[1] = span_nodes;
  return patch;
}

}  // namespace

MultiBlockMesh extrude(const MultiBlockMesh& planar, int span_nodes, double span,
                       BoundaryKind span_kind) {
  if (planar.dimension != 2) throw InputError("extrude: the mesh to extrude must be 2D");
  if (span_nodes < 2)
    throw InputError("extrude: needs at least 2 nodes along the span, got " +
                     std::to_string(span_nodes));
  if (!(span > 0)) throw InputError("extrude: the span must be positive");
  MultiBlockMesh mesh;
  mesh.dimension = 3;
  for (const BlockGrid& flat : planar.blocks) {
    BlockGrid block;
    block.name = flat.name;
    block.nodes = {flat.nodes[0], flat.nodes[1], span_nodes};
    const std::size_t layer = flat.node_count();
    for (int k = 0; k < span_nodes; ++k) {
      // k / (n - 1) * span, with the last layer exactly at the span.
      const double z = k == span_nodes - 1 ? span : span * k / (span_nodes - 1);
      block.x.insert(block.x.end(), flat.x.begin(), flat.x.end());
      block.y.insert(block.y.end(), flat.y.begin(), flat.y.end());
      block.z.insert(block.z.end(), layer, z);
    }
    mesh.blocks.push_back(std::move(block));
  }
  for (const BoundaryPatch& b : planar.boundaries)
    mesh.boundaries.push_back({through_span(b.patch, span_nodes), b.kind});
  for (const InterfacePatch& i : planar.interfaces) {
    InterfacePatch p = i;
    p.a = through_span(i.a, span_nodes);
    p.b = through_span(i.b, span_nodes);
    p.axis_map = {0, 1};
    p.reversed = {i.reversed[0], false};
    mesh.interfaces.push_back(p);
  }
  for (int b = 0; b < static_cast<int>(mesh.blocks.size()); ++b)
    for (Face f : {Face::kKMin, Face::kKMax})
      mesh.boundaries.push_back({whole_face(mesh, b, f), span_kind});
  validate(mesh);
  return mesh;
}

}  // namespace portaflow::mesh
