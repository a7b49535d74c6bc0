#include "portaflow/io/checkpoint.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "portaflow/core/error.hpp"
#include "portaflow/core/ranks.hpp"
#include "portaflow/io/atomic_write.hpp"

namespace portaflow::io {

namespace {

constexpr const char* kMagic = "PortaFlow checkpoint 3";
// The previous format: the same without the resolved deck; still read.
constexpr const char* kMagicWithoutDeck = "PortaFlow checkpoint 2";

std::string hex(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%a", v);
  return text;
}

class HeaderReader {
 public:
  HeaderReader(std::istream& in, std::string file) : in_(in), file_(std::move(file)) {}
  // The next line, which must start with `key `; returns the rest.
  std::string expect(const std::string& key) {
    std::string line;
    if (!std::getline(in_, line)) fail("ends early; expected '" + key + "'");
    if (line.rfind(key + " ", 0) != 0) fail("expected '" + key + "', found '" + line + "'");
    return line.substr(key.size() + 1);
  }
  [[noreturn]] void fail(const std::string& why) const {
    throw InputError("checkpoint '" + file_ + "' is not usable: it " + why);
  }

 private:
  std::istream& in_;
  std::string file_;
};

}  // namespace

void write_checkpoint(const std::filesystem::path& file, const Checkpoint& c) {
  std::ostringstream out;
  out << kMagic << "\n"
      << "scheme " << c.scheme << "\n"
      << "precision " << c.precision << "\n"
      << "cells " << c.cells[0] << " " << c.cells[1] << " " << c.cells[2] << "\n"
      << "time " << hex(c.state.time) << "\n"
      << "steps " << c.state.steps << "\n"
      << "frames " << c.frames.size() << "\n";
  for (const auto& [time, name] : c.frames) out << "frame " << hex(time) << " " << name << "\n";
  out << "march " << c.march.size();
  for (const double v : c.march) out << " " << hex(v);
  out << "\n";
  out << "deck " << c.deck.size() << "\n" << c.deck << "\n";
  out << "arrays " << c.state.arrays.size() << "\n";
  for (const auto& a : c.state.arrays) {
    out << "array " << a.name << " " << a.extents.size();
    for (auto e : a.extents) out << " " << e;
    out << " " << a.bytes.size() << "\n";
    out.write(reinterpret_cast<const char*>(a.bytes.data()),
              static_cast<std::streamsize>(a.bytes.size()));
    out << "\n";
  }
  out << "end\n";
  write_text_atomically(file, out.str());
}

Checkpoint read_checkpoint(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError("cannot open checkpoint '" + file.string() + "'");
  HeaderReader h(in, file.string());
  std::string magic;
  std::getline(in, magic);
  if (magic != kMagic && magic != kMagicWithoutDeck)
    h.fail("does not start with '" + std::string(kMagic) + "'");
  Checkpoint c;
  c.scheme = h.expect("scheme");
  c.precision = h.expect("precision");
  std::istringstream(h.expect("cells")) >> c.cells[0] >> c.cells[1] >> c.cells[2];
  c.state.time = std::strtod(h.expect("time").c_str(), nullptr);
  c.state.steps = std::stoll(h.expect("steps"));
  const long long frames = std::stoll(h.expect("frames"));
  for (long long k = 0; k < frames; ++k) {
    std::istringstream line(h.expect("frame"));
    std::string time, name;
    line >> time >> name;
    c.frames.emplace_back(std::strtod(time.c_str(), nullptr), name);
  }
  {
    std::istringstream line(h.expect("march"));
    std::size_t count = 0;
    line >> count;
    for (std::size_t k = 0; k < count && line; ++k) {
      std::string value;
      line >> value;
      c.march.push_back(std::strtod(value.c_str(), nullptr));
    }
    if (!line) h.fail("has a malformed march line");
  }
  if (magic == kMagic) {
    const std::size_t bytes = std::stoull(h.expect("deck"));
    c.deck.resize(bytes);
    in.read(c.deck.data(), static_cast<std::streamsize>(bytes));
    if (in.gcount() != static_cast<std::streamsize>(bytes)) h.fail("is truncated in its deck");
    in.get();  // the newline after the text
  }
  const long long arrays = std::stoll(h.expect("arrays"));
  for (long long k = 0; k < arrays; ++k) {
    std::istringstream line(h.expect("array"));
    SolverState::Array a;
    std::size_t rank = 0, bytes = 0;
    line >> a.name >> rank;
    a.extents.resize(rank);
    for (auto& e : a.extents) line >> e;
    line >> bytes;
    if (!line) h.fail("has a malformed array line");
    a.bytes.resize(bytes);
    in.read(reinterpret_cast<char*>(a.bytes.data()), static_cast<std::streamsize>(bytes));
    if (in.gcount() != static_cast<std::streamsize>(bytes))
      h.fail("is truncated in array " + a.name);
    in.get();  // the newline after the data
    c.state.arrays.push_back(std::move(a));
  }
  std::string end;
  std::getline(in, end);
  if (end != "end") h.fail("is truncated (no 'end' line)");
  return c;
}

std::filesystem::path rank_file(const std::filesystem::path& file) {
  if (ranks::count() == 1) return file;
  return file.parent_path() / (file.stem().string() + ".rank" + std::to_string(ranks::rank()) +
                               file.extension().string());
}

std::string rank_file_note() {
  if (ranks::count() == 1) return "";
  return " (one file per rank: checkpoint.rank<r>.pfc, r = 0 .. " +
         std::to_string(ranks::count() - 1) + ")";
}

}  // namespace portaflow::io
