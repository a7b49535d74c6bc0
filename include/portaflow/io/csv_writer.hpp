// CSV outputs: line-outs (one column per variable) and the run's history (one row per step).
// Numbers are written in the shortest form that reads back to the same double, so a CSV can
// serve as a regression reference exactly, and every file is written atomically.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace portaflow::io {

// The shortest decimal text that parses back (strtod) to exactly `value`: at most 17 significant
// digits, "0.1" rather than "0.10000000000000001". Non-finite values become "nan", "inf", "-inf".
std::string format_round_trip(double value);

// Writes a header line and one row per index of the columns. Throws portaflow::Error when the
// header and column counts differ, when columns differ in length (naming the column), or when a
// header name is empty or contains a comma, a quote or a line break (we write no CSV quoting).
void write_csv(const std::filesystem::path& path, const std::vector<std::string>& header,
               const std::vector<std::vector<double>>& columns);

// A time series written as CSV, e.g. step,time,dt,mass,momentum_x,energy. Rows are kept in
// memory and flush() rewrites the whole file atomically, so a reader never sees a torn last row
// and the file is always complete up to the last flush. Memory is 8 bytes per value (10^6 rows of
// 8 columns: 64 MB) and each flush rewrites every row, so flush at the output cadence, not every
// step.
class HistoryWriter {
 public:
  // Validates the header (as write_csv does); writes nothing until the first flush.
  HistoryWriter(std::filesystem::path path, std::vector<std::string> header);

  // Throws portaflow::Error when the row's length differs from the header's.
  void append(const std::vector<double>& row);

  // Rewrites the file with the header and every row appended so far.
  void flush() const;

  const std::filesystem::path& path() const { return path_; }
  std::size_t rows() const { return values_.size() / header_.size(); }

 private:
  std::filesystem::path path_;
  std::vector<std::string> header_;
  std::vector<double> values_;  // row after row, header_.size() values each
};

}  // namespace portaflow::io
