// A small streaming JSON writer for benchmark results, with no dependency beyond the standard
// library (the benchmark binary must stay free of VTK and ideally of everything else, so that a
// GPU node needs only the binary and a few shared libraries; perf/README.md).
//
// Choices, stated once:
//  - Numbers: integers exactly; doubles in the shortest of %.15g/%.16g/%.17g that reads back
//    (strtod) to the same double, so every number round-trips and 0.1 stays "0.1".
//  - NaN and infinity are REJECTED: value() throws portaflow::Error naming the key. JSON has no
//    spelling for them, and a benchmark figure that is NaN is a broken benchmark, not a result.
//    A figure that does not apply (no ceiling measured, a kernel that declares no flops) is
//    written as an explicit null (null_value(), or optional_number()).
//  - Strings: UTF-8 passed through; '"', '\\' and control characters below 0x20 escaped (\n, \t,
//    \r, \b, \f by name, the rest as \u00XX).
//  - Structure is checked as it is written (a key only inside an object, one value per key, every
//    container closed before str()/finish()); a misuse throws portaflow::Error.
#pragma once

#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace portaflow::bench {

// Escapes `text` for use inside a JSON string (without the surrounding quotes).
std::string json_escape(std::string_view text);

// The shortest decimal text of a finite double that strtod reads back to the same double.
// Throws portaflow::Error for NaN or infinity.
std::string json_number(double value);

class JsonWriter {
 public:
  // indent: spaces per nesting level; 0 writes everything on one line.
  explicit JsonWriter(int indent = 2) : indent_(indent) {}

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view name);

  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
  JsonWriter& value(double number);
  JsonWriter& value(bool flag);
  // Any integer type (int, long, std::size_t, ...), written exactly.
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  JsonWriter& value(T number) {
    if constexpr (std::is_signed_v<T>) {
      return signed_integer(static_cast<long long>(number));
    } else {
      return unsigned_integer(static_cast<unsigned long long>(number));
    }
  }
  JsonWriter& null_value();
  // A number, or null when the optional is empty.
  JsonWriter& optional_number(const std::optional<double>& number);

  // key(name).value(v) in one call.
  template <class T>
  JsonWriter& field(std::string_view name, const T& v) {
    key(name);
    return value(v);
  }
  JsonWriter& optional_field(std::string_view name, const std::optional<double>& number) {
    key(name);
    return optional_number(number);
  }

  // The finished document (with a trailing newline). Throws if a container is still open or
  // nothing was written.
  std::string str() const;

 private:
  enum class Container { kObject, kArray };
  struct Level {
    Container container = Container::kObject;
    bool empty = true;
    bool expecting_value = false;  // objects only: a key was written, its value not yet
    std::string key;               // objects: the latest key
    long long index = -1;          // arrays: the latest element's index
  };
  JsonWriter& signed_integer(long long number);
  JsonWriter& unsigned_integer(unsigned long long number);
  void before_value(const char* what);
  void newline_and_indent(std::size_t depth);
  std::string path() const;  // where we are, for error messages: "$.records[3].cells"

  int indent_;
  std::ostringstream out_;
  std::vector<Level> stack_;
  bool document_done_ = false;
};

}  // namespace portaflow::bench
