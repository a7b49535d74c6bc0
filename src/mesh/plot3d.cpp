// Plot3D multi-block grid files: reading (encoding and dimension detected) and writing. A bad
// file must end in a sentence that names the file and the place, never in a crash or in a mesh
// read with the wrong layout, because these files come from other tools and from users.
#include "portaflow/mesh/plot3d.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "portaflow/core/error.hpp"

namespace portaflow::mesh {

namespace {

constexpr std::uint64_t kMaxRecordBytes = std::numeric_limits<std::int32_t>::max();
const char* const kAxisNames[] = {"x", "y", "z"};
const char* const kDimensionNames[] = {"ni", "nj", "nk"};

// Every message starts with this, so the user knows which of several grid files is wrong.
std::string file_label(const std::filesystem::path& path) {
  return "Plot3D file '" + path.string() + "'";
}

std::vector<double>& coordinate(BlockGrid& block, int axis) {
  return axis == 0 ? block.x : (axis == 1 ? block.y : block.z);
}

const std::vector<double>& coordinate(const BlockGrid& block, int axis) {
  return axis == 0 ? block.x : (axis == 1 ? block.y : block.z);
}

// ni * nj * nk, or 0 when it exceeds what a record can hold (no real grid block comes near).
std::uint64_t checked_node_count(const std::array<int, 3>& nodes) {
  std::uint64_t count = 1;
  for (int n : nodes) {
    count *= static_cast<std::uint64_t>(n);
    if (count > kMaxRecordBytes) return 0;
  }
  return count;
}

// Names the blocks, and turns a 3D file of planar blocks (all nk = 1, one z) into 2D blocks:
// some tools write 2D grids that way, and a 2D BlockGrid has no z.
void finish_blocks(std::vector<BlockGrid>& blocks, int dimension, const std::string& label) {
  for (std::size_t b = 0; b < blocks.size(); ++b) blocks[b].name = "block" + std::to_string(b);
  if (dimension == 2) return;
  std::size_t flat = 0;
  for (const BlockGrid& block : blocks) flat += block.nodes[2] == 1 ? 1 : 0;
  if (flat == 0) return;
  if (flat != blocks.size()) {
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      if (blocks[b].nodes[2] != 1) continue;
      throw InputError(
          label + ": block " + std::to_string(b) +
          " has nk = 1 but other blocks have nk > 1; a mesh cannot mix 2D and 3D blocks");
    }
  }
  const double plane = blocks[0].z[0];
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    for (std::size_t n = 0; n < blocks[b].z.size(); ++n) {
      if (blocks[b].z[n] == plane) continue;
      throw InputError(
          label + ": every block has nk = 1, so the grid is read as 2D, but z of node " +
          std::to_string(n) + " of block " + std::to_string(b) + " is " +
          std::to_string(blocks[b].z[n]) + " while block 0 lies in z = " + std::to_string(plane) +
          "; a 2D grid must lie in one plane z = const");
    }
  }
  for (BlockGrid& block : blocks) block.z.clear();
}

// ---------------------------------------------------------------- binary (Fortran unformatted)

std::int32_t decode_int32(const std::string& bytes, std::size_t at) {
  std::uint32_t value = 0;
  for (int n = 3; n >= 0; --n) value = (value << 8) | static_cast<unsigned char>(bytes[at + n]);
  std::int32_t result;
  std::memcpy(&result, &value, sizeof result);
  return result;
}

double decode_double(const std::string& bytes, std::size_t at) {
  std::uint64_t value = 0;
  for (int n = 7; n >= 0; --n) value = (value << 8) | static_cast<unsigned char>(bytes[at + n]);
  double result;
  std::memcpy(&result, &value, sizeof result);
  return result;
}

class BinaryReader {
 public:
  BinaryReader(const std::string& bytes, std::string label)
      : bytes_(bytes), label_(std::move(label)) {}

  std::size_t offset() const { return offset_; }

  std::int32_t read_int32(const std::string& what) {
    require_bytes(4, what);
    const std::int32_t value = decode_int32(bytes_, offset_);
    offset_ += 4;
    return value;
  }

  double read_double(const std::string& what) {
    require_bytes(8, what);
    const double value = decode_double(bytes_, offset_);
    offset_ += 8;
    return value;
  }

  // A record marker that must equal `expected` (the record's length in bytes).
  void read_marker(std::int64_t expected, const std::string& what) {
    const std::size_t at = offset_;
    const std::int32_t marker = read_int32("the record marker " + what);
    if (marker == expected) return;
    fail_at(at, "the record marker " + what + " is " + std::to_string(marker) + ", expected " +
                    std::to_string(expected) + " (the record's length in bytes)");
  }

  void require_bytes(std::size_t count, const std::string& what) const {
    if (bytes_.size() - offset_ >= count) return;
    throw InputError(label_ + " is truncated: it ends at byte " + std::to_string(bytes_.size()) +
                     " where " + what + " (" + std::to_string(count) + " bytes from byte " +
                     std::to_string(offset_) + ") was expected");
  }

  [[noreturn]] void fail_at(std::size_t at, const std::string& problem) const {
    throw InputError(label_ + ", byte " + std::to_string(at) + ": " + problem);
  }

  void expect_end() const {
    if (offset_ == bytes_.size()) return;
    throw InputError(label_ + " has " + std::to_string(bytes_.size() - offset_) +
                     " bytes of trailing data after the last block's record, from byte " +
                     std::to_string(offset_));
  }

 private:
  const std::string& bytes_;
  std::string label_;
  std::size_t offset_ = 0;
};

std::vector<BlockGrid> read_binary(const std::string& bytes, const std::string& label) {
  BinaryReader reader(bytes, label);
  reader.require_bytes(4, "the first record marker");
  const std::int32_t first_marker = decode_int32(bytes, 0);
  if (first_marker != 4) {
    const bool big_endian = static_cast<unsigned char>(bytes[3]) == 4 && bytes[0] == 0 &&
                            bytes[1] == 0 && bytes[2] == 0;
    reader.fail_at(0, "the first record marker is " + std::to_string(first_marker) +
                          ", expected 4 (the length of the block-count record)" +
                          (big_endian ? "; the file looks big-endian, convert it to little-endian"
                                      : "; only Fortran sequential files with 4-byte record "
                                        "markers are read (no stream access, no subrecords)"));
  }
  reader.read_marker(4, "before the block count");
  const std::size_t count_at = reader.offset();
  const std::int32_t block_count = reader.read_int32("the block count");
  if (block_count <= 0) {
    reader.fail_at(count_at,
                   "the block count is " + std::to_string(block_count) + "; it must be positive");
  }
  reader.read_marker(4, "after the block count");

  const std::size_t dimensions_at = reader.offset();
  const std::int32_t dimensions_length = reader.read_int32("the dimensions record marker");
  const std::int64_t blocks64 = block_count;
  int dimension = 0;
  if (dimensions_length == blocks64 * 8) dimension = 2;
  if (dimensions_length == blocks64 * 12) dimension = 3;
  if (dimension == 0) {
    reader.fail_at(dimensions_at, "the dimensions record is " + std::to_string(dimensions_length) +
                                      " bytes long; " + std::to_string(block_count) +
                                      " blocks need " + std::to_string(blocks64 * 8) +
                                      " (2D: ni nj) or " + std::to_string(blocks64 * 12) +
                                      " (3D: ni nj nk)");
  }
  reader.require_bytes(static_cast<std::uint64_t>(dimensions_length), "the dimensions record");
  std::vector<BlockGrid> blocks(static_cast<std::size_t>(block_count));
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    for (int d = 0; d < dimension; ++d) {
      const std::size_t at = reader.offset();
      const std::string what =
          std::string("dimension ") + kDimensionNames[d] + " of block " + std::to_string(b);
      const std::int32_t value = reader.read_int32(what);
      if (value <= 0) {
        reader.fail_at(at, what + " is " + std::to_string(value) + "; it must be positive");
      }
      blocks[b].nodes[d] = value;
    }
  }
  reader.read_marker(dimensions_length, "after the dimensions");

  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const std::uint64_t nodes = checked_node_count(blocks[b].nodes);
    const std::uint64_t length = nodes * static_cast<std::uint64_t>(dimension) * 8;
    const std::string block_name = "block " + std::to_string(b);
    if (nodes == 0 || length > kMaxRecordBytes) {
      reader.fail_at(reader.offset(), block_name +
                                          " is too large for one record; Fortran subrecords "
                                          "are not supported");
    }
    reader.read_marker(static_cast<std::int64_t>(length),
                       "before the coordinates of " + block_name);
    reader.require_bytes(length, "the coordinates of " + block_name);
    for (int axis = 0; axis < dimension; ++axis) {
      std::vector<double>& values = coordinate(blocks[b], axis);
      values.resize(nodes);
      for (double& value : values) value = reader.read_double("a coordinate");
    }
    reader.read_marker(static_cast<std::int64_t>(length), "after the coordinates of " + block_name);
  }
  reader.expect_end();
  finish_blocks(blocks, dimension, label);
  return blocks;
}

// ----------------------------------------------------------------------------- formatted ASCII

struct Token {
  std::size_t offset;
  std::size_t length;
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

std::vector<Token> tokenize(const std::string& text) {
  std::vector<Token> tokens;
  std::size_t n = 0;
  while (n < text.size()) {
    while (n < text.size() && is_space(text[n])) ++n;
    const std::size_t start = n;
    while (n < text.size() && !is_space(text[n])) ++n;
    if (n > start) tokens.push_back({start, n - start});
  }
  return tokens;
}

class AsciiReader {
 public:
  AsciiReader(const std::string& text, std::string label)
      : text_(text), label_(std::move(label)), tokens_(tokenize(text)) {}

  std::size_t count() const { return tokens_.size(); }

  bool is_integer(std::size_t n) const {
    const std::string token = text_of(n);
    std::size_t start = (token[0] == '+' || token[0] == '-') ? 1 : 0;
    if (start == token.size() || token.size() - start > 9) return false;  // fits an int
    for (std::size_t c = start; c < token.size(); ++c) {
      if (token[c] < '0' || token[c] > '9') return false;
    }
    return true;
  }

  int integer(std::size_t n) const { return std::atoi(text_of(n).c_str()); }

  // Number n (0-based here, 1-based in messages) as a positive integer: `what` names it.
  int positive_integer(std::size_t n, const std::string& what) const {
    if (n >= tokens_.size()) truncated(what);
    if (!is_integer(n)) fail_at(n, "is not an integer", what);
    const int value = integer(n);
    if (value <= 0) fail_at(n, "is not positive", what);
    return value;
  }

  // Fortran writes double precision exponents with D ("1.5D+00").
  double real(std::size_t n, const std::string& what) const {
    if (n >= tokens_.size()) truncated(what);
    std::string token = text_of(n);
    for (char& c : token) {
      if (c == 'd' || c == 'D') c = 'e';
    }
    // Overflow gives inf and is rejected with nan and inf; underflow (a subnormal) is a value.
    char* end = nullptr;
    const double value = std::strtod(token.c_str(), &end);
    if (end != token.c_str() + token.size() || !std::isfinite(value)) {
      fail_at(n, "is not a number", what);
    }
    return value;
  }

  // "<file>, number 14 (line 3) is not a number: 'two' (expected a y coordinate of block 0)"
  [[noreturn]] void fail_at(std::size_t n, const std::string& problem,
                            const std::string& expected) const {
    throw InputError(label_ + ", number " + std::to_string(n + 1) + " (line " +
                     std::to_string(line_of(n)) + ") " + problem + ": '" + spelling(n) +
                     "' (expected " + expected + (problem == "is not positive" ? " >= 1)" : ")"));
  }

  [[noreturn]] void truncated(const std::string& what) const {
    throw InputError(label_ + " is truncated: it ends after " + std::to_string(tokens_.size()) +
                     " numbers, where " + what + " was expected");
  }

  void expect_end(std::size_t used) const {
    if (used == tokens_.size()) return;
    throw InputError(
        label_ + " has trailing data, numbers left over: " + std::to_string(tokens_.size() - used) +
        " after the last block's coordinates, from number " + std::to_string(used + 1) + " (line " +
        std::to_string(line_of(used)) + ", '" + spelling(used) + "')");
  }

 private:
  std::string text_of(std::size_t n) const {
    return text_.substr(tokens_[n].offset, tokens_[n].length);
  }
  // A token as messages quote it: a binary file read as text can hold one huge "token".
  std::string spelling(std::size_t n) const {
    const std::string token = text_of(n);
    return token.size() <= 40 ? token : token.substr(0, 40) + "...";
  }
  std::size_t line_of(std::size_t n) const {
    const auto begin = text_.begin();
    return 1 + static_cast<std::size_t>(
                   std::count(begin, begin + static_cast<std::ptrdiff_t>(tokens_[n].offset), '\n'));
  }

  const std::string& text_;
  std::string label_;
  std::vector<Token> tokens_;
};

// One way to read an ASCII file: with 2 or 3 dimensions per block. `possible` when the numbers
// after the block count are positive integers there; `expected` is then how many numbers the
// whole file must hold.
struct Reading {
  int dimension = 0;
  bool possible = false;
  std::uint64_t expected = 0;
  bool all_nk_above_one = true;
};

Reading try_reading(const AsciiReader& reader, std::size_t block_count, int dimension) {
  Reading reading;
  reading.dimension = dimension;
  const std::size_t dimension_numbers = block_count * static_cast<std::size_t>(dimension);
  if (reader.count() < 1 + dimension_numbers) return reading;
  std::uint64_t expected = 1 + dimension_numbers;
  for (std::size_t b = 0; b < block_count; ++b) {
    std::array<int, 3> nodes{1, 1, 1};
    for (int d = 0; d < dimension; ++d) {
      const std::size_t n = 1 + b * dimension + static_cast<std::size_t>(d);
      if (!reader.is_integer(n) || reader.integer(n) <= 0) return reading;
      nodes[d] = reader.integer(n);
    }
    const std::uint64_t nodes_in_block = checked_node_count(nodes);
    if (nodes_in_block == 0) return reading;
    expected += nodes_in_block * static_cast<std::uint64_t>(dimension);
    if (dimension == 3 && nodes[2] == 1) reading.all_nk_above_one = false;
  }
  reading.possible = true;
  reading.expected = expected;
  return reading;
}

// The detection rule of read_plot3d (see the header). When no reading matches the file's count
// of numbers, the file is damaged, and the reading used to say where is the one whose
// dimensions are all positive integers (if both are, the one predicting the count nearest to
// the file's), so that the message speaks the terms the file was meant in.
int ascii_dimension(const AsciiReader& reader, std::size_t block_count) {
  const Reading two = try_reading(reader, block_count, 2);
  const Reading three = try_reading(reader, block_count, 3);
  const std::uint64_t count = reader.count();
  const bool two_fits = two.possible && two.expected == count;
  const bool three_fits = three.possible && three.expected == count;
  if (two_fits && three_fits) return three.all_nk_above_one ? 3 : 2;
  if (two_fits) return 2;
  if (three_fits) return 3;
  if (two.possible && three.possible) {
    const auto miss = [count](std::uint64_t expected) {
      return expected > count ? expected - count : count - expected;
    };
    return miss(three.expected) < miss(two.expected) ? 3 : 2;
  }
  if (two.possible) return 2;
  if (three.possible) return 3;
  // Neither: a bad dimension. Read as 3D if the third dimensions are at least integers.
  if (count < 1 + 3 * block_count) return 2;
  for (std::size_t n = 1 + 2 * block_count; n < 1 + 3 * block_count; ++n) {
    if (!reader.is_integer(n)) return 2;
  }
  return 3;
}

std::vector<BlockGrid> read_ascii(const std::string& text, const std::string& label) {
  const AsciiReader reader(text, label);
  if (reader.count() == 0) throw InputError(label + " is empty; expected the block count first");
  const int block_count = reader.positive_integer(0, "the block count");
  // Nothing is allocated for more than the file can hold (a count of 10^9 in an 8-byte file).
  if (reader.count() < 1 + 2 * static_cast<std::size_t>(block_count))
    reader.truncated("the dimensions of " + std::to_string(block_count) + " blocks");
  const int dimension = ascii_dimension(reader, static_cast<std::size_t>(block_count));
  std::vector<BlockGrid> blocks(static_cast<std::size_t>(block_count));
  std::size_t n = 1;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    for (int d = 0; d < dimension; ++d) {
      blocks[b].nodes[d] = reader.positive_integer(
          n++, std::string("dimension ") + kDimensionNames[d] + " of block " + std::to_string(b));
    }
  }
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const std::uint64_t nodes = checked_node_count(blocks[b].nodes);
    if (nodes == 0) throw InputError(label + ": block " + std::to_string(b) + " is too large");
    for (int axis = 0; axis < dimension; ++axis) {
      const std::string what = std::string(axis == 0 ? "an " : "a ") + kAxisNames[axis] +
                               " coordinate of block " + std::to_string(b);
      if (reader.count() < n + nodes) reader.truncated(what);
      std::vector<double>& values = coordinate(blocks[b], axis);
      values.resize(nodes);
      for (double& value : values) value = reader.real(n++, what);
    }
  }
  reader.expect_end(n);
  finish_blocks(blocks, dimension, label);
  return blocks;
}

// The first bytes of a text file are printable or white space; record marker 4 is not.
bool looks_binary(const std::string& bytes) {
  for (std::size_t n = 0; n < bytes.size() && n < 4; ++n) {
    const auto c = static_cast<unsigned char>(bytes[n]);
    if (!(is_space(static_cast<char>(c)) || (c >= 0x20 && c < 0x7f))) return true;
  }
  return false;
}

// ------------------------------------------------------------------------------------- writing

void append_int32(std::string& out, std::int64_t value) {
  std::uint32_t bits = static_cast<std::uint32_t>(static_cast<std::int32_t>(value));
  for (int n = 0; n < 4; ++n, bits >>= 8) out.push_back(static_cast<char>(bits & 0xff));
}

void append_double(std::string& out, double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  for (int n = 0; n < 8; ++n, bits >>= 8) out.push_back(static_cast<char>(bits & 0xff));
}

int check_blocks_to_write(const std::vector<BlockGrid>& blocks, const std::string& label) {
  require(!blocks.empty(), "cannot write " + label + ": there are no blocks");
  const int dimension = blocks[0].dimension();
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const BlockGrid& block = blocks[b];
    const std::string name = "block " + std::to_string(b) + " '" + block.name + "'";
    require(block.dimension() == dimension,
            "cannot write " + label + ": " + name + " is " + std::to_string(block.dimension()) +
                "D but block 0 is " + std::to_string(dimension) + "D");
    const std::uint64_t nodes = checked_node_count(block.nodes);
    require(block.nodes[0] > 0 && block.nodes[1] > 0 && block.nodes[2] > 0 && nodes > 0 &&
                nodes * static_cast<std::uint64_t>(dimension) * 8 <= kMaxRecordBytes,
            "cannot write " + label + ": " + name +
                " has non-positive dimensions or is too large for one Fortran record");
    for (int axis = 0; axis < 3; ++axis) {
      const std::size_t expected = (axis < dimension) ? nodes : 0;
      require(coordinate(block, axis).size() == expected,
              "cannot write " + label + ": " + name + " has " +
                  std::to_string(coordinate(block, axis).size()) + " " + kAxisNames[axis] +
                  " coordinates, expected " + std::to_string(expected));
    }
  }
  return dimension;
}

void write_ascii(std::ofstream& out, const std::vector<BlockGrid>& blocks, int dimension) {
  out << blocks.size() << "\n";
  for (const BlockGrid& block : blocks) {
    for (int d = 0; d < dimension; ++d) out << (d ? " " : "") << block.nodes[d];
    out << "\n";
  }
  char number[32];
  for (const BlockGrid& block : blocks) {
    for (int axis = 0; axis < dimension; ++axis) {
      const std::vector<double>& values = coordinate(block, axis);
      for (std::size_t n = 0; n < values.size(); ++n) {
        // 17 significant digits: strtod gives back the same double.
        std::snprintf(number, sizeof number, "%.17g", values[n]);
        out << number << ((n % 4 == 3 || n + 1 == values.size()) ? "\n" : " ");
      }
    }
  }
}

void write_binary(std::ofstream& out, const std::vector<BlockGrid>& blocks, int dimension) {
  std::string record;
  append_int32(record, 4);
  append_int32(record, static_cast<std::int64_t>(blocks.size()));
  append_int32(record, 4);
  const std::int64_t dimensions_length = static_cast<std::int64_t>(blocks.size()) * dimension * 4;
  append_int32(record, dimensions_length);
  for (const BlockGrid& block : blocks) {
    for (int d = 0; d < dimension; ++d) append_int32(record, block.nodes[d]);
  }
  append_int32(record, dimensions_length);
  out.write(record.data(), static_cast<std::streamsize>(record.size()));
  for (const BlockGrid& block : blocks) {
    const std::int64_t length = static_cast<std::int64_t>(block.node_count()) * dimension * 8;
    record.clear();
    append_int32(record, length);
    for (int axis = 0; axis < dimension; ++axis) {
      for (double value : coordinate(block, axis)) append_double(record, value);
    }
    append_int32(record, length);
    out.write(record.data(), static_cast<std::streamsize>(record.size()));
  }
}

}  // namespace

std::vector<BlockGrid> read_plot3d(const std::filesystem::path& path) {
  const std::string label = file_label(path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(label + " cannot be opened (does it exist, is it readable?)");
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError("cannot read " + label);
  return parse_plot3d(bytes, label);
}

std::vector<BlockGrid> parse_plot3d(const std::string& bytes, const std::string& label) {
  // A text editor may have put a UTF-8 byte order mark in front of an ASCII grid.
  const std::string bom = "\xEF\xBB\xBF";
  if (bytes.compare(0, bom.size(), bom) == 0) return read_ascii(bytes.substr(bom.size()), label);
  return looks_binary(bytes) ? read_binary(bytes, label) : read_ascii(bytes, label);
}

void write_plot3d(const std::filesystem::path& path, const std::vector<BlockGrid>& blocks,
                  Plot3dEncoding encoding) {
  const std::string label = file_label(path);
  const int dimension = check_blocks_to_write(blocks, label);
  require(encoding == Plot3dEncoding::kAscii || encoding == Plot3dEncoding::kBinary,
          "cannot write " + label + ": unknown encoding");
  std::filesystem::path temporary = path;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw Error("cannot write " + label + ": cannot create '" + temporary.string() +
                  "' (does the folder exist, is it writable?)");
    }
    if (encoding == Plot3dEncoding::kAscii) {
      write_ascii(out, blocks, dimension);
    } else {
      write_binary(out, blocks, dimension);
    }
    out.close();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      throw Error("cannot write " + label + ": writing '" + temporary.string() +
                  "' failed (disk full?)");
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw Error("cannot write " + label + ": renaming '" + temporary.string() +
                "' over it failed: " + error.message());
  }
}

}  // namespace portaflow::mesh
