// Multi-block Plot3D grid files (NASA's "whole multi-grid" format, the form in which users bring
// real meshes). block_connectivity.hpp turns the blocks read into a MultiBlockMesh.
//
// File layout: the block count; the dimensions of every block ("ni nj" in 2D, "ni nj nk" in 3D);
// then per block all x, all y (and all z in 3D), i fastest. Two encodings:
// - formatted ASCII: whitespace-separated numbers (Fortran "1.5D+00" exponents are accepted);
// - Fortran unformatted sequential, little-endian: 4-byte record markers around each record,
//   int32 dimensions and float64 coordinates; one record for the block count, one record with
//   all dimensions, one record per block of coordinates.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "portaflow/mesh/multiblock_mesh.hpp"

namespace portaflow::mesh {

enum class Plot3dEncoding { kAscii, kBinary };

// Reads every block, named "block0", "block1", ... The encoding and the dimension are detected:
// - binary when the file's first four bytes are not text, i.e. the record marker 4 of the
//   block-count record (any other marker is reported as an error);
// - binary 2D or 3D from the length of the dimensions record: nblocks * 8 or nblocks * 12 bytes;
// - ASCII 2D or 3D from the count of numbers: the 2D reading (2 dimensions per block) and the 3D
//   reading (3 per block) each predict the total count, and the one that matches the file is
//   used. Both can match only by coincidence; then the 3D reading wins when every one of its nk
//   is > 1 (a genuine volume grid), else the 2D one.
// A 3D file whose blocks all have nk = 1 and a constant z is a planar grid: it is read as 2D.
// Throws portaflow::Error naming the file and the place (block, byte offset, or number index
// and line) for a file that cannot be opened, a truncated file, a non-positive dimension, a
// wrong record marker (a big-endian file is recognised and said so), a token that is not a
// number (nan and inf included) and data after the last block: InputError (exit code 2), as for
// a bad deck.
std::vector<BlockGrid> read_plot3d(const std::filesystem::path& file);

// The same from the file's bytes in memory; `label` names the file in messages (the fuzz target,
// fuzz/plot3d_fuzz.cpp).
std::vector<BlockGrid> parse_plot3d(const std::string& bytes, const std::string& label);

// Writes the blocks (all 2D or all 3D) to "<file>.tmp", then renames it over `file`, so a
// reader never sees a half-written grid and a failed write leaves an older file intact. ASCII
// coordinates have 17 significant digits, so both encodings round-trip the coordinates bit for
// bit. Throws portaflow::Error naming the file
// when the blocks are inconsistent or the file cannot be written.
void write_plot3d(const std::filesystem::path& file, const std::vector<BlockGrid>& blocks,
                  Plot3dEncoding encoding);

}  // namespace portaflow::mesh
