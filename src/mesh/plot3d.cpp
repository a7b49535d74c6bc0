#include "portaflow/mesh/plot3d.hpp"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "portaflow/core/error.hpp"

namespace portaflow::mesh {

namespace {

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& what) {
  throw Error("Plot3D file '" + file.string() + "': " + what);
}

std::string read_all(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) fail(file, "cannot be opened (does it exist, is it readable?)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<BlockGrid> blocks_from_dimensions(const std::filesystem::path& file,
                                              const std::vector<long long>& dims, int per_block) {
  std::vector<BlockGrid> blocks(dims.size() / per_block);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    blocks[b].name = "block" + std::to_string(b);
    for (int d = 0; d < per_block; ++d) {
      const long long n = dims[b * per_block + d];
      if (n < 1 || n > (1 << 24))
        fail(file, "block " + std::to_string(b) + " has " + std::to_string(n) + " nodes in "
                   "direction " + "ijk"[d] + " (expected 1 to 2^24)");
      blocks[b].nodes[d] = static_cast<int>(n);
    }
  }
  return blocks;
}

std::size_t coordinates_needed(const std::vector<BlockGrid>& blocks, int dimension) {
  std::size_t n = 0;
  for (const auto& b : blocks) n += dimension * b.node_count();
  return n;
}

void fill_coordinates(std::vector<BlockGrid>& blocks, int dimension, const double* values) {
  for (auto& b : blocks) {
    const std::size_t n = b.node_count();
    b.x.assign(values, values + n);
    b.y.assign(values + n, values + 2 * n);
    if (dimension == 3) b.z.assign(values + 2 * n, values + 3 * n);
    values += dimension * n;
  }
}

// ---- ASCII -------------------------------------------------------------------------------
std::vector<BlockGrid> read_ascii(const std::filesystem::path& file, const std::string& text) {
  std::vector<double> numbers;
  const char* p = text.c_str();
  const char* end = p + text.size();
  while (p < end) {
    while (p < end && std::isspace(static_cast<unsigned char>(*p))) ++p;
    if (p >= end) break;
    char* after = nullptr;
    const double v = std::strtod(p, &after);
    if (after == p) {
      std::string word(p, std::min<std::size_t>(20, end - p));
      word = word.substr(0, word.find_first_of(" \t\r\n"));
      fail(file, "number " + std::to_string(numbers.size() + 1) + " is not a number: '" + word +
                     "'");
    }
    numbers.push_back(v);
    p = after;
  }
  if (numbers.empty()) fail(file, "is empty");
  const double count = numbers[0];
  if (count < 1 || count != static_cast<long long>(count) || count > 100000)
    fail(file, "the first number (the block count) must be a positive integer, found " +
                   std::to_string(count));
  const std::size_t nb = static_cast<std::size_t>(count);
  // Try 3D first (ni nj nk per block), then 2D: the one that accounts for every number.
  for (int per_block : {3, 2}) {
    if (numbers.size() < 1 + nb * per_block) continue;
    std::vector<long long> dims;
    bool integers = true;
    for (std::size_t k = 0; k < nb * per_block; ++k) {
      const double v = numbers[1 + k];
      integers = integers && v == static_cast<long long>(v) && v >= 1;
      dims.push_back(static_cast<long long>(v));
    }
    if (!integers) continue;
    auto blocks = blocks_from_dimensions(file, dims, per_block);
    const std::size_t need = coordinates_needed(blocks, per_block);
    if (numbers.size() != 1 + nb * per_block + need) continue;
    fill_coordinates(blocks, per_block, numbers.data() + 1 + nb * per_block);
    return blocks;
  }
  fail(file, "holds " + std::to_string(numbers.size()) + " numbers, which fits neither a 2D (" +
                 "ni nj per block) nor a 3D (ni nj nk) grid of " + std::to_string(nb) +
                 " blocks: truncated, or numbers left over?");
}

// ---- Fortran unformatted binary ------------------------------------------------------------
class RecordReader {
 public:
  RecordReader(const std::filesystem::path& file, const std::string& bytes)
      : file_(file), bytes_(bytes) {}
  // The payload of the next record; checks both markers.
  std::string next(const char* what) {
    const std::int32_t length = marker(what);
    if (length < 0 || offset_ + static_cast<std::size_t>(length) + 4 > bytes_.size())
      fail(file_, std::string("the ") + what + " record at byte " + std::to_string(offset_ - 4) +
                      " claims " + std::to_string(length) + " bytes; the file is truncated");
    std::string payload = bytes_.substr(offset_, length);
    offset_ += length;
    if (marker(what) != length)
      fail(file_, std::string("the ") + what + " record's closing marker at byte " +
                      std::to_string(offset_ - 4) + " does not match its opening one");
    return payload;
  }
  bool at_end() const { return offset_ == bytes_.size(); }
  std::size_t offset() const { return offset_; }

 private:
  std::int32_t marker(const char* what) {
    if (offset_ + 4 > bytes_.size())
      fail(file_, std::string("truncated before the ") + what + " record (byte " +
                      std::to_string(offset_) + ")");
    std::int32_t m;
    std::memcpy(&m, bytes_.data() + offset_, 4);
    offset_ += 4;
    return m;
  }
  const std::filesystem::path& file_;
  const std::string& bytes_;
  std::size_t offset_ = 0;
};

std::vector<BlockGrid> read_binary(const std::filesystem::path& file, const std::string& bytes) {
  RecordReader records(file, bytes);
  const std::string count_record = records.next("block count");
  std::int32_t nb;
  std::memcpy(&nb, count_record.data(), 4);
  if (nb < 1) fail(file, "the block count is " + std::to_string(nb));
  const std::string dims_record = records.next("dimensions");
  int per_block = 0;
  if (dims_record.size() == static_cast<std::size_t>(nb) * 3 * 4) per_block = 3;
  if (dims_record.size() == static_cast<std::size_t>(nb) * 2 * 4) per_block = 2;
  if (per_block == 0)
    fail(file, "the dimensions record has " + std::to_string(dims_record.size()) +
                   " bytes, neither 2 nor 3 int32 per block for " + std::to_string(nb) + " blocks");
  std::vector<long long> dims(static_cast<std::size_t>(nb) * per_block);
  for (std::size_t k = 0; k < dims.size(); ++k) {
    std::int32_t v;
    std::memcpy(&v, dims_record.data() + 4 * k, 4);
    dims[k] = v;
  }
  auto blocks = blocks_from_dimensions(file, dims, per_block);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const std::string what = "block " + std::to_string(b) + " coordinates";
    const std::string payload = records.next(what.c_str());
    const std::size_t need = per_block * blocks[b].node_count();
    if (payload.size() != need * 8)
      fail(file, what + " record has " + std::to_string(payload.size()) + " bytes, expected " +
                     std::to_string(need * 8) + " (float64)");
    std::vector<double> values(need);
    std::memcpy(values.data(), payload.data(), payload.size());
    std::vector<BlockGrid> one{blocks[b]};
    fill_coordinates(one, per_block, values.data());
    blocks[b] = std::move(one[0]);
  }
  if (!records.at_end())
    fail(file, "has " + std::to_string(bytes.size() - records.offset()) +
                   " bytes left over after the last block");
  return blocks;
}

void put_record(std::ofstream& out, const void* data, std::int32_t length) {
  out.write(reinterpret_cast<const char*>(&length), 4);
  out.write(static_cast<const char*>(data), length);
  out.write(reinterpret_cast<const char*>(&length), 4);
}

}  // namespace

std::vector<BlockGrid> read_plot3d(const std::filesystem::path& file) {
  const std::string bytes = read_all(file);
  std::int32_t first = 0;
  if (bytes.size() >= 4) std::memcpy(&first, bytes.data(), 4);
  // A binary file opens with the marker of a 4-byte record; ASCII text never has those bytes.
  if (first == 4) return read_binary(file, bytes);
  return read_ascii(file, bytes);
}

void write_plot3d(const std::filesystem::path& file, const std::vector<BlockGrid>& blocks,
                  Plot3dEncoding encoding) {
  if (blocks.empty()) throw Error("write_plot3d '" + file.string() + "': no blocks");
  int dimension = 2;
  for (const auto& b : blocks)
    if (b.nodes[2] > 1 || !b.z.empty()) dimension = 3;
  for (std::size_t k = 0; k < blocks.size(); ++k) {
    const auto& b = blocks[k];
    const bool ok = b.x.size() == b.node_count() && b.y.size() == b.node_count() &&
                    (dimension == 2 || b.z.size() == b.node_count() || b.z.empty());
    if (!ok) throw Error("write_plot3d '" + file.string() + "': block " + std::to_string(k) +
                         " has coordinate arrays of the wrong size");
  }
  const std::filesystem::path temporary = file.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw Error("write_plot3d: cannot open '" + temporary.string() + "' for writing");
    auto z_of = [&](const BlockGrid& b, std::size_t i) { return b.z.empty() ? 0.0 : b.z[i]; };
    if (encoding == Plot3dEncoding::kAscii) {
      out << blocks.size() << "\n";
      for (const auto& b : blocks) {
        out << b.nodes[0] << " " << b.nodes[1];
        if (dimension == 3) out << " " << b.nodes[2];
        out << "\n";
      }
      char text[32];
      for (const auto& b : blocks) {
        for (int c = 0; c < dimension; ++c)
          for (std::size_t i = 0; i < b.node_count(); ++i) {
            const double v = c == 0 ? b.x[i] : (c == 1 ? b.y[i] : z_of(b, i));
            std::snprintf(text, sizeof text, "%.17g", v);  // round-trips bit for bit
            out << text << ((i + 1) % 4 == 0 ? "\n" : " ");
          }
        out << "\n";
      }
    } else {
      const std::int32_t nb = static_cast<std::int32_t>(blocks.size());
      put_record(out, &nb, 4);
      std::vector<std::int32_t> dims;
      for (const auto& b : blocks)
        for (int d = 0; d < dimension; ++d) dims.push_back(b.nodes[d]);
      put_record(out, dims.data(), static_cast<std::int32_t>(4 * dims.size()));
      for (const auto& b : blocks) {
        std::vector<double> values(b.x);
        values.insert(values.end(), b.y.begin(), b.y.end());
        if (dimension == 3)
          for (std::size_t i = 0; i < b.node_count(); ++i) values.push_back(z_of(b, i));
        put_record(out, values.data(), static_cast<std::int32_t>(8 * values.size()));
      }
    }
    if (!out.flush()) throw Error("write_plot3d: writing '" + temporary.string() + "' failed");
  }
  std::error_code error;
  std::filesystem::rename(temporary, file, error);
  if (error) throw Error("write_plot3d: cannot rename '" + temporary.string() + "' to '" +
                         file.string() + "': " + error.message());
}

}  // namespace portaflow::mesh
