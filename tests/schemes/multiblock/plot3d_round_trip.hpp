// A generated multi-block mesh through a Plot3D file and back, shared by the blunt-body and
// cone-flare mesh tests: the nodes come back bit for bit and, joined again with the generator's
// boundary kinds, the same interfaces and boundary patches.
#pragma once

#include <gtest/gtest.h>

#include "io/temporary_folder.hpp"
#include "portaflow/mesh/block_connectivity.hpp"
#include "portaflow/mesh/plot3d.hpp"

namespace portaflow::mesh::test_support {

inline void expect_plot3d_round_trip(const MultiBlockMesh& m, Plot3dEncoding encoding) {
  io::test_support::TemporaryFolder folder;
  const auto file = folder / "mesh.xyz";
  write_plot3d(file, m.blocks, encoding);
  auto blocks = read_plot3d(file);
  ASSERT_EQ(blocks.size(), m.blocks.size());
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    EXPECT_EQ(blocks[b].nodes, m.blocks[b].nodes);
    EXPECT_EQ(blocks[b].x, m.blocks[b].x);
    EXPECT_EQ(blocks[b].y, m.blocks[b].y);
    EXPECT_EQ(blocks[b].z, m.blocks[b].z);
  }
  const auto joined =
      mesh_from_blocks(std::move(blocks), m.boundaries, BoundaryKind::kFarField, 1e-8);
  EXPECT_EQ(joined.interfaces.size(), m.interfaces.size());
  ASSERT_EQ(joined.boundaries.size(), m.boundaries.size());
  for (std::size_t k = 0; k < m.boundaries.size(); ++k)
    EXPECT_EQ(joined.boundaries[k].kind, m.boundaries[k].kind);
}

}  // namespace portaflow::mesh::test_support
