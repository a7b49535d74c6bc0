#include "perf/json_writer.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "portaflow/core/error.hpp"

namespace portaflow::bench {

std::string json_escape(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size() + 2);
  for (const char c : text) {
    switch (c) {
      case '"':
        escaped += "\\\"";
        break;
      case '\\':
        escaped += "\\\\";
        break;
      case '\n':
        escaped += "\\n";
        break;
      case '\t':
        escaped += "\\t";
        break;
      case '\r':
        escaped += "\\r";
        break;
      case '\b':
        escaped += "\\b";
        break;
      case '\f':
        escaped += "\\f";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char code[8];
          std::snprintf(code, sizeof code, "\\u%04x", static_cast<unsigned>(c));
          escaped += code;
        } else {
          escaped += c;  // UTF-8 multi-byte sequences pass through unchanged
        }
    }
  }
  return escaped;
}

std::string json_number(double value) {
  if (!std::isfinite(value))
    throw Error("JSON has no representation for " + std::string(std::isnan(value) ? "NaN" : "inf"));
  char text[40];
  // %.17g always round-trips an IEEE double; shorter forms are tried first for readability.
  for (int precision = 15; precision <= 17; ++precision) {
    std::snprintf(text, sizeof text, "%.*g", precision, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  return text;
}

void JsonWriter::newline_and_indent(std::size_t depth) {
  if (indent_ <= 0) return;
  out_ << '\n' << std::string(depth * static_cast<std::size_t>(indent_), ' ');
}

std::string JsonWriter::path() const {
  std::string where = "$";
  for (const Level& level : stack_) {
    if (level.container == Container::kObject) {
      if (!level.key.empty()) where += "." + level.key;
    } else if (level.index >= 0) {
      where += "[" + std::to_string(level.index) + "]";
    }
  }
  return where;
}

void JsonWriter::before_value(const char* what) {
  if (document_done_)
    throw Error(std::string("JSON writer: ") + what + " after the document was complete");
  if (stack_.empty()) return;  // the top-level value
  Level& level = stack_.back();
  if (level.container == Container::kObject) {
    if (!level.expecting_value)
      throw Error(std::string("JSON writer: ") + what + " inside an object needs a key first, at " +
                  path());
    level.expecting_value = false;
  } else {
    if (!level.empty) out_ << ',';
    level.empty = false;
    ++level.index;
    newline_and_indent(stack_.size());
  }
}

JsonWriter& JsonWriter::begin_object() {
  before_value("an object");
  out_ << '{';
  Level level;
  level.container = Container::kObject;
  stack_.push_back(level);
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  before_value("an array");
  out_ << '[';
  Level level;
  level.container = Container::kArray;
  stack_.push_back(level);
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  if (stack_.empty() || stack_.back().container != Container::kObject)
    throw Error("JSON writer: end_object() without a matching begin_object(), at " + path());
  if (stack_.back().expecting_value)
    throw Error("JSON writer: key without a value before end_object(), at " + path());
  const bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty) newline_and_indent(stack_.size());
  out_ << '}';
  if (stack_.empty()) document_done_ = true;
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  if (stack_.empty() || stack_.back().container != Container::kArray)
    throw Error("JSON writer: end_array() without a matching begin_array(), at " + path());
  const bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty) newline_and_indent(stack_.size());
  out_ << ']';
  if (stack_.empty()) document_done_ = true;
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  if (stack_.empty() || stack_.back().container != Container::kObject)
    throw Error("JSON writer: key '" + std::string(name) + "' outside an object, at " + path());
  Level& level = stack_.back();
  if (level.expecting_value)
    throw Error("JSON writer: key '" + std::string(name) + "' after a key with no value, at " +
                path());
  if (!level.empty) out_ << ',';
  level.empty = false;
  level.expecting_value = true;
  level.key = std::string(name);
  newline_and_indent(stack_.size());
  out_ << '"' << json_escape(name) << "\":";
  if (indent_ > 0) out_ << ' ';
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
  before_value("a string");
  out_ << '"' << json_escape(text) << '"';
  if (stack_.empty()) document_done_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(double number) {
  if (!std::isfinite(number)) {
    throw Error("JSON writer: the value at " + path() + " is " +
                (std::isnan(number) ? "NaN" : "infinite") +
                "; a benchmark figure must be finite (write null where a figure does not apply)");
  }
  before_value("a number");
  out_ << json_number(number);
  if (stack_.empty()) document_done_ = true;
  return *this;
}

JsonWriter& JsonWriter::signed_integer(long long number) {
  before_value("a number");
  out_ << number;
  if (stack_.empty()) document_done_ = true;
  return *this;
}

JsonWriter& JsonWriter::unsigned_integer(unsigned long long number) {
  before_value("a number");
  out_ << number;
  if (stack_.empty()) document_done_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
  before_value("a boolean");
  out_ << (flag ? "true" : "false");
  if (stack_.empty()) document_done_ = true;
  return *this;
}

JsonWriter& JsonWriter::null_value() {
  before_value("null");
  out_ << "null";
  if (stack_.empty()) document_done_ = true;
  return *this;
}

JsonWriter& JsonWriter::optional_number(const std::optional<double>& number) {
  return number ? value(*number) : null_value();
}

std::string JsonWriter::str() const {
  if (!document_done_) {
    throw Error(stack_.empty()
                    ? "JSON writer: nothing was written"
                    : "JSON writer: the document is incomplete, still open at " + path());
  }
  return out_.str() + "\n";
}

}  // namespace portaflow::bench
