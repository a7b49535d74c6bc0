// Order statistics of benchmark samples (times per step of each repeat). Medians and quartiles
// rather than means: one repeat disturbed by another process or a clock change moves the mean
// but not the median, and the spread (IQR, max - min) says how much to trust the median.
#pragma once

#include <vector>

namespace portaflow::bench {

// The q-quantile (0 <= q <= 1) by linear interpolation between order statistics: position
// h = (n - 1) q in the sorted samples, value x[floor h] + (h - floor h)(x[floor h + 1] - x[floor
// h]). This is Hyndman & Fan's definition 7, the default of R's quantile() and numpy.quantile(), so
// a result can be checked by hand or with either tool. Throws portaflow::Error for no samples, a q
// outside [0, 1], or a NaN sample.
double quantile(std::vector<double> samples, double q);

// The middle value of the sorted samples; the mean of the two middle values for an even count.
double median(const std::vector<double>& samples);

struct Summary {
  long long count = 0;
  double min = 0;
  double q1 = 0;  // 0.25-quantile
  double median = 0;
  double q3 = 0;  // 0.75-quantile
  double max = 0;
  double mean = 0;
  double relative_iqr = 0;     // (q3 - q1) / median
  double relative_spread = 0;  // (max - min) / median
};

// All of the above at once. Throws like quantile(); relative figures are 0 when the median is 0.
Summary summarize(const std::vector<double>& samples);

}  // namespace portaflow::bench
