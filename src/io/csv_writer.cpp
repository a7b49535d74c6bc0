// CSV text with exact numbers, written through write_atomically.
#include "portaflow/io/csv_writer.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <fstream>
#include <utility>

#include "portaflow/core/error.hpp"
#include "portaflow/io/atomic_write.hpp"

namespace portaflow::io {
namespace fs = std::filesystem;

namespace {

void check_header(const fs::path& path, const std::vector<std::string>& header) {
  if (header.empty()) throw Error("CSV file '" + path.string() + "' needs at least one column");
  for (std::size_t c = 0; c < header.size(); ++c) {
    const std::string& name = header[c];
    if (name.empty()) {
      throw Error("CSV file '" + path.string() + "': column " + std::to_string(c) +
                  " has an empty name");
    }
    if (name.find_first_of(",\"\r\n") != std::string::npos) {
      throw Error("CSV file '" + path.string() + "': column name '" + name +
                  "' contains a comma, a quote or a line break; choose a plain name");
    }
  }
}

std::string join_header(const std::vector<std::string>& header) {
  std::string line;
  for (std::size_t c = 0; c < header.size(); ++c) {
    if (c > 0) line += ',';
    line += header[c];
  }
  return line;
}

}  // namespace

std::string format_round_trip(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  // std::to_chars without a precision gives the shortest representation that round-trips
  // (C++17 [charconv.to.chars]); 32 characters hold any double in that form.
  std::array<char, 32> buffer{};
  const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return {buffer.data(), result.ptr};
}

void write_csv(const fs::path& path, const std::vector<std::string>& header,
               const std::vector<std::vector<double>>& columns) {
  check_header(path, header);
  if (columns.size() != header.size()) {
    throw Error("CSV file '" + path.string() + "': the header names " +
                std::to_string(header.size()) + " columns but " + std::to_string(columns.size()) +
                " columns of values were given");
  }
  const std::size_t rows = columns.front().size();
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (columns[c].size() != rows) {
      throw Error("CSV file '" + path.string() + "': column '" + header[c] + "' has " +
                  std::to_string(columns[c].size()) + " values but column '" + header[0] +
                  "' has " + std::to_string(rows) + "; all columns must have the same length");
    }
  }

  std::string text = join_header(header) + '\n';
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (c > 0) text += ',';
      text += format_round_trip(columns[c][r]);
    }
    text += '\n';
  }
  write_text_atomically(path, text);
}

HistoryWriter::HistoryWriter(fs::path path, std::vector<std::string> header)
    : path_(std::move(path)), header_(std::move(header)) {
  check_header(path_, header_);
}

void HistoryWriter::append(const std::vector<double>& row) {
  if (row.size() != header_.size()) {
    throw Error("history file '" + path_.string() + "': a row has " + std::to_string(row.size()) +
                " values but the header (" + join_header(header_) + ") has " +
                std::to_string(header_.size()) + " columns");
  }
  values_.insert(values_.end(), row.begin(), row.end());
}

void HistoryWriter::flush() const {
  std::string text = join_header(header_) + '\n';
  const std::size_t columns = header_.size();
  for (std::size_t start = 0; start < values_.size(); start += columns) {
    for (std::size_t c = 0; c < columns; ++c) {
      if (c > 0) text += ',';
      text += format_round_trip(values_[start + c]);
    }
    text += '\n';
  }
  write_text_atomically(path_, text);
}

}  // namespace portaflow::io
