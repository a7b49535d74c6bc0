// Structured curvilinear blocks and how they meet: the mesh of the multi-block solver
// (Elsen et al. 2008, sec. 6.4 and Figs. 4-6). Host-only plain C++: generators, Plot3D files and
// the solver's setup all speak these types; the solver copies coordinates to the device itself.
//
// Conventions, the same in 2D and 3D (a 2D block has nodes[2] == 1 and no k faces):
// - node (i, j, k) of a block is entry i + ni * (j + nj * k) of its coordinate arrays;
// - face f of a block is normal to direction f / 2 (0: i, 1: j, 2: k) on the side f % 2
//   (0: the minimum index, 1: the maximum);
// - a patch is a rectangle of nodes on one face: half-open node ranges along the face's two
//   tangential directions, taken in increasing direction order (i face: j then k; j face: i then
//   k; k face: i then j). In 2D the second range is [0, 1).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace portaflow::mesh {

enum class Face { kIMin = 0, kIMax = 1, kJMin = 2, kJMax = 3, kKMin = 4, kKMax = 5 };

inline int face_direction(Face f) { return static_cast<int>(f) / 2; }
inline bool face_is_max(Face f) { return static_cast<int>(f) % 2 == 1; }
// "imin", "imax", "jmin", ... as decks and messages spell them.
const char* face_name(Face f);
// The two tangential directions of a face, in increasing order (see above).
std::array<int, 2> tangential_directions(Face f);

// Node coordinates of one structured block. z is empty in 2D.
struct BlockGrid {
  std::string name;
  std::array<int, 3> nodes{1, 1, 1};
  std::vector<double> x, y, z;

  int dimension() const { return nodes[2] > 1 ? 3 : 2; }
  std::size_t node_count() const {
    return static_cast<std::size_t>(nodes[0]) * nodes[1] * nodes[2];
  }
  std::size_t index(int i, int j, int k = 0) const {
    return static_cast<std::size_t>(i) +
           static_cast<std::size_t>(nodes[0]) *
               (static_cast<std::size_t>(j) + static_cast<std::size_t>(nodes[1]) * k);
  }
};

// A rectangle of nodes on one face of one block (half-open ranges, see the conventions above).
struct FacePatch {
  int block = 0;
  Face face = Face::kIMin;
  std::array<int, 2> begin{0, 0};
  std::array<int, 2> end{1, 1};

  std::array<int, 2> extent() const { return {end[0] - begin[0], end[1] - begin[1]}; }
};

// What a boundary patch imposes (through SAT penalties in the solver).
enum class BoundaryKind {
  kFarField,  // characteristic: incoming waves from the free stream
  kSlipWall,  // inviscid wall: no flow through
  kSymmetry,  // a mirror plane (the same penalty as a slip wall for the Euler equations)
  // Hypersonic external flow: every wave enters, so the whole free-stream state is imposed ...
  kSupersonicInflow,
  // ... or every wave leaves, so nothing is (the one-sided SBP rows extrapolate).
  kSupersonicOutflow,
};
// "far_field", "slip_wall", "symmetry", "supersonic_inflow", "supersonic_outflow"
const char* boundary_kind_name(BoundaryKind kind);

struct BoundaryPatch {
  FacePatch patch;
  BoundaryKind kind = BoundaryKind::kFarField;
};

// Two patches whose nodes coincide one to one (duplicated interface nodes, Elsen et al. 2008,
// Fig. 4). Node (s, t) of patch a (offsets from a.begin along a's first and second tangential
// directions) meets the node of patch b at offsets
//   along b's tangential axis axis_map[0]: reversed[0] ? extent_b - 1 - s : s,
//   along b's tangential axis axis_map[1]: reversed[1] ? extent_b - 1 - t : t.
// In 2D axis_map is {0, 1} and only reversed[0] matters.
struct InterfacePatch {
  FacePatch a, b;
  std::array<int, 2> axis_map{0, 1};
  std::array<bool, 2> reversed{false, false};
};

// Offsets on patch b of the node at offsets (s, t) on patch a.
std::array<int, 2> twin_offsets(const InterfacePatch& interface, int s, int t);

// The same interface seen from its b side (b's patch first; applied twice, the interface itself).
InterfacePatch seen_from_b(const InterfacePatch& interface);

// A whole mesh: blocks, and every face node covered by a boundary patch or an interface patch
// (a node may lie on several patches: corners, sub-face ends).
struct MultiBlockMesh {
  int dimension = 2;
  std::vector<BlockGrid> blocks;
  std::vector<BoundaryPatch> boundaries;
  std::vector<InterfacePatch> interfaces;

  std::size_t node_count() const;
};

// Throws portaflow::Error with a sentence naming the block, face and node when: a block is too
// small (fewer than 2 nodes in a used direction) or its coordinate arrays have the wrong size; a
// patch lies outside its face; an interface pairs patches of different sizes or nodes that do
// not coincide (within `tolerance` times the smallest edge length next to them); a face node is
// covered by no patch.
void validate(const MultiBlockMesh& mesh, double tolerance = 1e-8);

// Every node of a block face as one patch.
FacePatch whole_face(const MultiBlockMesh& mesh, int block, Face face);

// Node counts of a block with `nodes` along the two tangential directions of `face`.
std::array<int, 2> face_extent(const std::array<int, 3>& nodes, Face face);

// (i, j, k) of the node at offsets (s, t) of `patch` on a block with `nodes`.
std::array<int, 3> patch_node(const std::array<int, 3>& nodes, const FacePatch& patch, int s,
                              int t);

// Position of node (i, j, k), or of entry `index` of the coordinate arrays; z is 0 in 2D.
std::array<double, 3> node_position(const BlockGrid& block, const std::array<int, 3>& node);
std::array<double, 3> node_position(const BlockGrid& block, std::size_t index);

// A block named `name` with `nodes` and coordinate arrays of that size (z too when nodes[2] > 1),
// for a generator to fill.
BlockGrid sized_block(const std::string& name, const std::array<int, 3>& nodes);

// Whether the edges from p0 to pi, pj and pk (a block's i, j and k directions at a node) are
// right-handed: their triple product is positive, as the solver's det(dx/dxi) must be.
bool right_handed(const std::array<double, 3>& p0, const std::array<double, 3>& pi,
                  const std::array<double, 3>& pj, const std::array<double, 3>& pk);

// Length of the shortest grid edge that ends at node (i, j, k) of the block.
double smallest_edge_next_to(const BlockGrid& block, const std::array<int, 3>& node);

// The coincidence test of validate() and find_interfaces(): the two nodes are at most
// `tolerance` times the shortest edge next to either of them apart, so one relative tolerance
// serves meshes of any size and stretching.
bool nodes_coincide(const BlockGrid& block_a, const std::array<int, 3>& node_a,
                    const BlockGrid& block_b, const std::array<int, 3>& node_b, double tolerance);

}  // namespace portaflow::mesh
