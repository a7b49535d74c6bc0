// Multi-block Plot3D grid files (NASA's "whole, multi-grid" format, the one users bring
// structured meshes in): read and write, 2D (x, y) and 3D (x, y, z), formatted ASCII or Fortran
// unformatted binary (little-endian, 4-byte record markers, int32 dimensions, float64
// coordinates). Layout: the block count; the dimensions of every block (ni nj [nk]); then per
// block all x, all y (, all z), i fastest.
#pragma once

#include <filesystem>
#include <vector>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

enum class Plot3dEncoding { kAscii, kBinary };

// Blocks named "block0", "block1", ... Detects the encoding (a binary file starts with the
// record marker 4) and the dimension (binary: from the dimensions record's length; ASCII: the
// reading with 3 integers per block is taken when it accounts for every number in the file,
// else the one with 2). Throws portaflow::Error naming the file and what is wrong where
// (truncated data, a bad record marker, dimensions < 1, text that is not a number, numbers left
// over).
std::vector<BlockGrid> read_plot3d(const std::filesystem::path& file);

// Writes to "<file>.tmp" and renames, so a failed write leaves an older file intact. 2D when
// every block has nodes[2] == 1 and no z.
void write_plot3d(const std::filesystem::path& file, const std::vector<BlockGrid>& blocks,
                  Plot3dEncoding encoding);

}  // namespace portaflow::mesh
