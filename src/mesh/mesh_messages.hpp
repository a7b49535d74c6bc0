// How mesh errors name a place: every message of validate(), the generators and the Plot3D
// readers spells blocks, faces and nodes the same way, so a user can search a log for one block.
#pragma once

#include <array>
#include <sstream>
#include <string>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh::detail {

inline const char* direction_name(int direction) {
  static const char* const kNames[] = {"i", "j", "k"};
  return (direction >= 0 && direction < 3) ? kNames[direction] : "?";
}

// "(3, 4, 0)"
inline std::string node_label(const std::array<int, 3>& node) {
  std::ostringstream text;
  text << "(" << node[0] << ", " << node[1] << ", " << node[2] << ")";
  return text.str();
}

// "block 1 'lower_right'"
inline std::string block_label(const BlockGrid& block, int index) {
  return "block " + std::to_string(index) + " '" + block.name + "'";
}

// "block 1 'lower_right', face jmax"; safe for a patch that names a block the mesh lacks.
inline std::string face_label(const MultiBlockMesh& mesh, int block, Face face) {
  const bool known = block >= 0 && block < static_cast<int>(mesh.blocks.size());
  return (known ? block_label(mesh.blocks[static_cast<std::size_t>(block)], block)
                : "block " + std::to_string(block)) +
         ", face " + face_name(face);
}

}  // namespace portaflow::mesh::detail
