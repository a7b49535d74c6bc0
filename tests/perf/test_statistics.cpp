// Statistics of benchmark samples (perf/statistics.hpp) against values computed by hand with
// Hyndman & Fan's definition 7 (numpy.quantile's default): h = (n - 1) q, linear between the
// order statistics around h.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "perf/statistics.hpp"
#include "portaflow/core/error.hpp"

namespace portaflow::bench {
namespace {

TEST(Statistics, MedianOfOddCountIsTheMiddleValue) {
  EXPECT_DOUBLE_EQ(median({5.0}), 5.0);
  EXPECT_DOUBLE_EQ(median({3.0, 1.0, 2.0}), 2.0);
  EXPECT_DOUBLE_EQ(median({9.0, 1.0, 7.0, 3.0, 100.0}), 7.0);  // unsorted, an outlier
}

TEST(Statistics, MedianOfEvenCountIsTheMeanOfTheMiddleTwo) {
  EXPECT_DOUBLE_EQ(median({1.0, 2.0}), 1.5);
  EXPECT_DOUBLE_EQ(median({4.0, 1.0, 3.0, 2.0}), 2.5);
  EXPECT_DOUBLE_EQ(median({10.0, 0.0, 1.0, 1000.0, 2.0, 3.0}), 2.5);
}

TEST(Statistics, QuantilesMatchHandComputedValues) {
  const std::vector<double> x = {7.0, 1.0, 3.0, 5.0, 9.0};  // sorted: 1 3 5 7 9, n - 1 = 4
  EXPECT_DOUBLE_EQ(quantile(x, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(quantile(x, 0.25), 3.0);  // h = 1
  EXPECT_DOUBLE_EQ(quantile(x, 0.75), 7.0);  // h = 3
  EXPECT_DOUBLE_EQ(quantile(x, 0.1), 1.8);   // h = 0.4: 1 + 0.4 (3 - 1)
  EXPECT_DOUBLE_EQ(quantile(x, 0.9), 8.2);   // h = 3.6: 7 + 0.6 (9 - 7)
  EXPECT_DOUBLE_EQ(quantile(x, 1.0), 9.0);
  const std::vector<double> y = {1.0, 2.0, 3.0, 4.0};  // n - 1 = 3
  EXPECT_DOUBLE_EQ(quantile(y, 0.25), 1.75);           // h = 0.75
  EXPECT_DOUBLE_EQ(quantile(y, 0.75), 3.25);           // h = 2.25
  EXPECT_DOUBLE_EQ(quantile({42.0}, 0.3), 42.0);
}

TEST(Statistics, SummaryGivesSpreadRelativeToTheMedian) {
  const Summary s = summarize({2.0, 4.0, 1.0, 3.0, 10.0});  // sorted 1 2 3 4 10
  EXPECT_EQ(s.count, 5);
  EXPECT_DOUBLE_EQ(s.min, 1.0);
  EXPECT_DOUBLE_EQ(s.q1, 2.0);
  EXPECT_DOUBLE_EQ(s.median, 3.0);
  EXPECT_DOUBLE_EQ(s.q3, 4.0);
  EXPECT_DOUBLE_EQ(s.max, 10.0);
  EXPECT_DOUBLE_EQ(s.mean, 4.0);
  EXPECT_DOUBLE_EQ(s.relative_iqr, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(s.relative_spread, 3.0);
}

TEST(Statistics, RefusesEmptyNaNAndOutOfRangeQuantiles) {
  EXPECT_THROW(median({}), Error);
  EXPECT_THROW(summarize({}), Error);
  EXPECT_THROW(median({1.0, std::nan(""), 2.0}), Error);
  EXPECT_THROW(quantile({1.0, 2.0}, -0.1), Error);
  EXPECT_THROW(quantile({1.0, 2.0}, 1.5), Error);
  EXPECT_THROW(quantile({1.0, 2.0}, std::nan("")), Error);
}

}  // namespace
}  // namespace portaflow::bench
