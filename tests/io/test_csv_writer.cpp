// CSV line-outs and the history file: numbers must read back to the same doubles, because these
// files are used as regression references and for convergence plots.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "io/temporary_folder.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/io/csv_writer.hpp"

namespace portaflow::io {
namespace {

using test_support::read_file;
using test_support::TemporaryFolder;

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream stream(text);
  while (std::getline(stream, part, separator)) parts.push_back(part);
  return parts;
}

// The file as rows of fields, header first.
std::vector<std::vector<std::string>> parse_csv(const std::filesystem::path& path) {
  std::vector<std::vector<std::string>> rows;
  for (const std::string& line : split(read_file(path), '\n')) rows.push_back(split(line, ','));
  return rows;
}

std::string seventeen_digits(double value) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

// Values chosen to need every digit: non-terminating binary fractions, extremes, subnormals,
// negative zero and a value one ulp away from 1.
const std::vector<double>& awkward_values() {
  static const std::vector<double> values = {0.1,
                                             1.0 / 3.0,
                                             -2.0 / 7.0,
                                             std::nextafter(1.0, 2.0),
                                             6.02214076e23,
                                             1.0e-300,
                                             std::numeric_limits<double>::max(),
                                             std::numeric_limits<double>::min(),
                                             std::numeric_limits<double>::denorm_min(),
                                             -0.0,
                                             12345678901234567.0,
                                             M_PI};
  return values;
}

TEST(CsvWriter, ValuesRoundTripExactly) {
  TemporaryFolder folder;
  const auto path = folder / "lineout.csv";
  std::vector<double> x, density;
  for (std::size_t i = 0; i < awkward_values().size(); ++i) {
    x.push_back(static_cast<double>(i) * 0.01);
    density.push_back(awkward_values()[i]);
  }
  write_csv(path, {"x", "density"}, {x, density});

  const auto rows = parse_csv(path);
  ASSERT_EQ(rows.size(), x.size() + 1);
  for (std::size_t i = 0; i < x.size(); ++i) {
    ASSERT_EQ(rows[i + 1].size(), 2u);
    const double read_x = std::strtod(rows[i + 1][0].c_str(), nullptr);
    const double read_density = std::strtod(rows[i + 1][1].c_str(), nullptr);
    EXPECT_EQ(seventeen_digits(read_x), seventeen_digits(x[i]));
    EXPECT_EQ(seventeen_digits(read_density), seventeen_digits(density[i]));
    EXPECT_EQ(read_density, density[i]);
    EXPECT_EQ(std::signbit(read_density), std::signbit(density[i])) << "row " << i;
  }
}

TEST(CsvWriter, HeaderLineIsExact) {
  TemporaryFolder folder;
  const auto path = folder / "lineout.csv";
  write_csv(path, {"x", "rho", "u", "p"}, {{0.0, 1.0}, {1.0, 0.125}, {0.0, 0.0}, {1.0, 0.1}});
  EXPECT_EQ(read_file(path), "x,rho,u,p\n0,1,0,1\n1,0.125,0,0.1\n");
}

TEST(CsvWriter, NonFiniteValuesAreWrittenReadably) {
  EXPECT_EQ(format_round_trip(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(format_round_trip(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(format_round_trip(-std::numeric_limits<double>::infinity()), "-inf");
}

TEST(CsvWriter, ColumnLengthMismatchNamesTheColumn) {
  TemporaryFolder folder;
  const auto path = folder / "lineout.csv";
  try {
    write_csv(path, {"x", "pressure"}, {{0.0, 0.5, 1.0}, {1.0, 0.1}});
    FAIL() << "columns of different lengths must be rejected";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("'pressure' has 2 values"), std::string::npos) << message;
    EXPECT_NE(message.find(path.string()), std::string::npos) << message;
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(CsvWriter, HeaderAndColumnCountMismatchIsAnError) {
  TemporaryFolder folder;
  EXPECT_THROW(write_csv(folder / "a.csv", {"x", "rho", "u"}, {{0.0}, {1.0}}), Error);
}

TEST(CsvWriter, HeaderNamesThatNeedQuotingAreRejected) {
  TemporaryFolder folder;
  EXPECT_THROW(write_csv(folder / "a.csv", {"x", "rho,u"}, {{0.0}, {1.0}}), Error);
  EXPECT_THROW(write_csv(folder / "a.csv", {"x", ""}, {{0.0}, {1.0}}), Error);
}

TEST(HistoryWriter, AppendAndFlushTwiceGivesAllRows) {
  TemporaryFolder folder;
  const auto path = folder / "history.csv";
  HistoryWriter history(path, {"step", "time", "dt", "mass", "momentum_x", "energy"});
  EXPECT_FALSE(std::filesystem::exists(path)) << "nothing is written before the first flush";

  history.append({0, 0.0, 1.0e-3, 1.0, 0.0, 2.5});
  history.append({1, 1.0e-3, 1.0e-3, 1.0 + 1e-16, 1.0 / 3.0, 2.5});
  history.flush();
  EXPECT_EQ(read_file(path),
            "step,time,dt,mass,momentum_x,energy\n"
            "0,0,0.001,1,0,2.5\n"
            "1,0.001,0.001,1,0.3333333333333333,2.5\n");

  history.append({2, 2.1e-3, 1.1e-3, 0.9999999999999999, -1.0 / 3.0, 2.4999999999999996});
  history.flush();
  const auto rows = parse_csv(path);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(history.rows(), 3u);
  EXPECT_EQ(rows[0].size(), 6u);
  EXPECT_EQ(rows[3][0], "2");
  EXPECT_EQ(std::strtod(rows[3][3].c_str(), nullptr), 0.9999999999999999);
  EXPECT_EQ(std::strtod(rows[3][4].c_str(), nullptr), -1.0 / 3.0);
  EXPECT_EQ(std::strtod(rows[3][5].c_str(), nullptr), 2.4999999999999996);
}

TEST(HistoryWriter, RowOfWrongLengthIsAnError) {
  TemporaryFolder folder;
  HistoryWriter history(folder / "history.csv", {"step", "time", "dt"});
  try {
    history.append({1, 0.1});
    FAIL() << "a short row must be rejected";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("step,time,dt"), std::string::npos) << error.what();
  }
  EXPECT_EQ(history.rows(), 0u);
}

}  // namespace
}  // namespace portaflow::io
