// Mesh quality figures (see the header): one pass over each block's cells for volume, aspect ratio
// and angles, then one over the stored volumes for the stretching between neighbour cells.
#include "portaflow/mesh/mesh_quality.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "portaflow/core/format.hpp"

namespace portaflow::mesh {

namespace {

using Vector = std::array<double, 3>;

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kDegreesPerRadian = 180.0 / M_PI;

Vector difference(const Vector& to, const Vector& from) {
  return {to[0] - from[0], to[1] - from[1], to[2] - from[2]};
}
double dot(const Vector& a, const Vector& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vector cross(const Vector& a, const Vector& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double length(const Vector& a) { return std::sqrt(dot(a, a)); }

// The corners of one cell: corner c is node (i, j, k) + (bit 0, bit 1, bit 2 of c), so corners
// c and c ^ (1 << d) share the cell's edge along direction d. A 2D cell uses corners 0..3 (z = 0).
struct Cell {
  int dimension = 2;
  int corner_count = 4;
  std::array<Vector, 8> corners{};
};

Cell cell_at(const BlockGrid& block, int dimension, int i, int j, int k) {
  Cell cell;
  cell.dimension = dimension;
  cell.corner_count = 1 << dimension;
  for (int c = 0; c < cell.corner_count; ++c)
    cell.corners[c] = node_position(block, {i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1)});
  return cell;
}

// The cell edge along +direction through `corner`, oriented with the index (so the corner
// Jacobians of a right-handed block are positive at every corner).
Vector edge_along(const Cell& cell, int corner, int direction) {
  const int bit = 1 << direction;
  return difference(cell.corners[corner | bit], cell.corners[corner & ~bit]);
}

// The mean corner Jacobian: exact for a quadrilateral (the Jacobian of the bilinear map is linear
// in the reference coordinates) and for a parallelepiped; signed, so a folded cell shows.
double signed_volume(const Cell& cell) {
  double sum = 0.0;
  for (int c = 0; c < cell.corner_count; ++c) {
    const Vector normal = cross(edge_along(cell, c, 0), edge_along(cell, c, 1));
    sum += cell.dimension == 3 ? dot(normal, edge_along(cell, c, 2)) : normal[2];
  }
  return sum / cell.corner_count;
}

// Longest edge over shortest; infinite when an edge has collapsed.
double aspect_ratio(const Cell& cell) {
  double shortest = kInfinity, longest = 0.0;
  for (int d = 0; d < cell.dimension; ++d) {
    for (int c = 0; c < cell.corner_count; ++c) {
      if (c & (1 << d)) continue;  // each edge once, from its lower corner
      const double edge = length(edge_along(cell, c, d));
      shortest = std::min(shortest, edge);
      longest = std::max(longest, edge);
    }
  }
  return shortest > 0.0 ? longest / shortest : kInfinity;
}

// The smallest angle between two edges leaving the same corner, in degrees; atan2 keeps it
// accurate near 0 and 180 degrees, where acos of the cosine is not.
double smallest_angle_degrees(const Cell& cell) {
  double smallest = M_PI;
  for (int c = 0; c < cell.corner_count; ++c) {
    for (int a = 0; a < cell.dimension; ++a) {
      for (int b = a + 1; b < cell.dimension; ++b) {
        const Vector u = difference(cell.corners[c ^ (1 << a)], cell.corners[c]);
        const Vector v = difference(cell.corners[c ^ (1 << b)], cell.corners[c]);
        smallest = std::min(smallest, std::atan2(length(cross(u, v)), dot(u, v)));
      }
    }
  }
  return smallest * kDegreesPerRadian;
}

// Cells per direction; 1 along the unused k of a 2D block, 0 along a direction with one node.
std::array<int, 3> cell_counts(const BlockGrid& block) {
  std::array<int, 3> cells{1, 1, 1};
  for (int d = 0; d < block.dimension(); ++d) cells[d] = std::max(block.nodes[d] - 1, 0);
  return cells;
}

// The larger of two volumes over the smaller, by magnitude (a folded cell's volume is <= 0).
double volume_ratio(double a, double b) {
  const double smaller = std::min(std::abs(a), std::abs(b));
  const double larger = std::max(std::abs(a), std::abs(b));
  return smaller > 0.0 ? larger / smaller : kInfinity;
}

// The largest volume ratio of two cells adjacent along any direction; `volumes` holds cell
// (i, j, k) at i + cells[0] * (j + cells[1] * k).
double largest_neighbour_ratio(const std::vector<double>& volumes,
                               const std::array<int, 3>& cells) {
  const std::array<std::size_t, 3> stride = {
      1, static_cast<std::size_t>(cells[0]),
      static_cast<std::size_t>(cells[0]) * static_cast<std::size_t>(cells[1])};
  double largest = 1.0;
  for (int k = 0; k < cells[2]; ++k)
    for (int j = 0; j < cells[1]; ++j)
      for (int i = 0; i < cells[0]; ++i) {
        const std::array<int, 3> cell = {i, j, k};
        const std::size_t at = i * stride[0] + j * stride[1] + k * stride[2];
        for (int d = 0; d < 3; ++d)
          if (cell[d] + 1 < cells[d])
            largest = std::max(largest, volume_ratio(volumes[at], volumes[at + stride[d]]));
      }
  return largest;
}

std::string block_label(const BlockQuality& block, std::size_t index) {
  return "block " + std::to_string(index) + " '" + block.name + "'";
}

bool is_3d(const BlockQuality& block) { return block.nodes[2] > 1; }

unsigned long long node_count(const BlockQuality& block) {
  return static_cast<unsigned long long>(block.nodes[0]) * block.nodes[1] * block.nodes[2];
}

// "60 x 21 x 36 = 45360 nodes"
std::string nodes_text(const BlockQuality& block) {
  std::string text = std::to_string(block.nodes[0]) + " x " + std::to_string(block.nodes[1]);
  if (is_3d(block)) text += " x " + std::to_string(block.nodes[2]);
  return text + " = " + std::to_string(node_count(block)) + " nodes";
}

std::string figure(double value) { return format("%.3g", value); }

std::string describe_block(const BlockQuality& block, std::size_t index) {
  return block_label(block, index) + ": " + nodes_text(block) + "; cell " +
         (is_3d(block) ? "volume " : "area ") + figure(block.smallest_volume) + " .. " +
         figure(block.largest_volume) +
         (block.smallest_volume <= 0.0 ? " (<= 0: folded or left-handed cells)" : "") +
         "; aspect ratio <= " + figure(block.largest_aspect_ratio) +
         "; angles >= " + figure(block.smallest_angle_degrees) +
         " deg; neighbour volume ratio <= " + figure(block.largest_neighbour_volume_ratio);
}

// "smallest cell volume 1.2e-05 in block 3 'cone'": the block where `value` is smallest (or
// largest), the first such block when several tie.
std::string extreme_text(const std::vector<BlockQuality>& blocks, const std::string& what,
                         double BlockQuality::*value, bool smallest, const std::string& unit) {
  std::size_t at = 0;
  for (std::size_t b = 1; b < blocks.size(); ++b) {
    const double here = blocks[b].*value, best = blocks[at].*value;
    if (smallest ? here < best : here > best) at = b;
  }
  return what + " " + figure(blocks[at].*value) + unit + " in " + block_label(blocks[at], at);
}

std::string describe_summary(const std::vector<BlockQuality>& blocks) {
  unsigned long long nodes = 0;
  for (const BlockQuality& block : blocks) nodes += node_count(block);
  const std::string volume = is_3d(blocks.front()) ? "volume" : "area";
  return "all blocks: " + std::to_string(nodes) + " nodes; " +
         extreme_text(blocks, "smallest cell " + volume, &BlockQuality::smallest_volume, true, "") +
         "; " +
         extreme_text(blocks, "largest aspect ratio", &BlockQuality::largest_aspect_ratio, false,
                      "") +
         "; " +
         extreme_text(blocks, "smallest angle", &BlockQuality::smallest_angle_degrees, true,
                      " deg") +
         "; " +
         extreme_text(blocks, "largest neighbour volume ratio",
                      &BlockQuality::largest_neighbour_volume_ratio, false, "");
}

}  // namespace

BlockQuality block_quality(const BlockGrid& block) {
  BlockQuality quality;
  quality.name = block.name;
  quality.nodes = block.nodes;
  const int dimension = block.dimension();
  const std::array<int, 3> cells = cell_counts(block);
  std::vector<double> volumes;
  volumes.reserve(static_cast<std::size_t>(cells[0]) * cells[1] * cells[2]);
  double smallest_angle = 180.0, largest_aspect = 1.0;
  for (int k = 0; k < cells[2]; ++k)
    for (int j = 0; j < cells[1]; ++j)
      for (int i = 0; i < cells[0]; ++i) {
        const Cell cell = cell_at(block, dimension, i, j, k);
        volumes.push_back(signed_volume(cell));
        largest_aspect = std::max(largest_aspect, aspect_ratio(cell));
        smallest_angle = std::min(smallest_angle, smallest_angle_degrees(cell));
      }
  if (volumes.empty()) return quality;
  const auto [smallest, largest] = std::minmax_element(volumes.begin(), volumes.end());
  quality.smallest_volume = *smallest;
  quality.largest_volume = *largest;
  quality.largest_aspect_ratio = largest_aspect;
  quality.smallest_angle_degrees = smallest_angle;
  quality.largest_neighbour_volume_ratio = largest_neighbour_ratio(volumes, cells);
  return quality;
}

std::vector<BlockQuality> mesh_quality(const MultiBlockMesh& mesh) {
  std::vector<BlockQuality> qualities;
  qualities.reserve(mesh.blocks.size());
  for (const BlockGrid& block : mesh.blocks) qualities.push_back(block_quality(block));
  return qualities;
}

std::vector<std::string> describe_quality(const std::vector<BlockQuality>& blocks) {
  std::vector<std::string> lines;
  if (blocks.empty()) return lines;
  for (std::size_t b = 0; b < blocks.size(); ++b) lines.push_back(describe_block(blocks[b], b));
  lines.push_back(describe_summary(blocks));
  return lines;
}

}  // namespace portaflow::mesh
