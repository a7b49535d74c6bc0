// Number formatting for progress lines and messages: printf-style numbers and durations.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace portaflow {

// printf-style formatting of one number, e.g. format("%.6g", x).
inline std::string format(const char* fmt, double a) {
  char text[64];
  std::snprintf(text, sizeof text, fmt, a);
  return text;
}

// "H:MM:SS"; "?" for a negative or non-finite duration (an ETA not known yet).
inline std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const long long s = std::llround(seconds);
  char text[32];
  std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, (s / 60) % 60, s % 60);
  return text;
}

}  // namespace portaflow
