// The benchmark's JSON writer (perf/json_writer.hpp): escaping, nesting, numbers that read back
// to the same double, and the misuses it must refuse (NaN, a key outside an object, an unclosed
// document), since a results file that does not parse loses a whole GPU-node run.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "perf/json_writer.hpp"
#include "portaflow/core/error.hpp"

namespace portaflow::bench {
namespace {

TEST(JsonWriter, EscapesQuotesBackslashesAndControlCharacters) {
  EXPECT_EQ(json_escape("plain"), "plain");
  EXPECT_EQ(json_escape("say \"hi\""), "say \\\"hi\\\"");
  EXPECT_EQ(json_escape("C:\\path"), "C:\\\\path");
  EXPECT_EQ(json_escape("a\nb\tc\rd\be\ff"), "a\\nb\\tc\\rd\\be\\ff");
  EXPECT_EQ(json_escape(std::string("\x01\x1f", 2)), "\\u0001\\u001f");
  EXPECT_EQ(json_escape(std::string("nul\0byte", 8)), "nul\\u0000byte");
  // UTF-8 passes through untouched (JSON text is UTF-8); '/' needs no escape.
  EXPECT_EQ(json_escape("H\xc3\xa9lium 2/3"), "H\xc3\xa9lium 2/3");
}

TEST(JsonWriter, WritesNestedContainersCompactly) {
  JsonWriter json(0);
  json.begin_object();
  json.field("name", "stencil2d.flat");
  json.key("sizes").begin_array().value(1).value(20LL).value(std::size_t{300}).end_array();
  json.key("records").begin_array();
  json.begin_object().field("ok", true).key("note").null_value().end_object();
  json.begin_object().end_object();
  json.begin_array().end_array();
  json.end_array();
  json.field("quote", "a\"b");
  json.end_object();
  EXPECT_EQ(json.str(),
            "{\"name\":\"stencil2d.flat\",\"sizes\":[1,20,300],\"records\":[{\"ok\":true,"
            "\"note\":null},{},[]],\"quote\":\"a\\\"b\"}\n");
}

TEST(JsonWriter, IndentsOneLevelPerContainer) {
  JsonWriter json(2);
  json.begin_object();
  json.key("a").begin_array().value(1).value(2).end_array();
  json.key("b").begin_object().field("c", false).end_object();
  json.key("empty").begin_object().end_object();
  json.end_object();
  EXPECT_EQ(json.str(),
            "{\n"
            "  \"a\": [\n"
            "    1,\n"
            "    2\n"
            "  ],\n"
            "  \"b\": {\n"
            "    \"c\": false\n"
            "  },\n"
            "  \"empty\": {}\n"
            "}\n");
}

TEST(JsonWriter, NumbersReadBackToTheSameDouble) {
  const std::vector<double> values = {0.1,
                                      1.0 / 3.0,
                                      2.0 / 3.0,
                                      6.02214076e23,
                                      -1.602176634e-19,
                                      1e-300,
                                      std::numeric_limits<double>::denorm_min(),
                                      std::numeric_limits<double>::min(),
                                      std::numeric_limits<double>::max(),
                                      std::numeric_limits<double>::epsilon(),
                                      123456789012345678.0,
                                      0.0,
                                      -2.5,
                                      3.0e9 / 7.0};
  JsonWriter json(0);
  json.begin_array();
  for (const double v : values) json.value(v);
  json.end_array();
  const std::string text = json.str();
  ASSERT_EQ(text.front(), '[');
  const char* cursor = text.c_str() + 1;
  for (const double expected : values) {
    char* end = nullptr;
    const double parsed = std::strtod(cursor, &end);
    ASSERT_NE(end, cursor) << "no number at: " << cursor;
    EXPECT_EQ(std::memcmp(&parsed, &expected, sizeof parsed), 0)
        << "wrote " << std::string(cursor, static_cast<std::size_t>(end - cursor)) << " for "
        << expected;
    ASSERT_TRUE(*end == ',' || *end == ']') << "unexpected text after a number: " << end;
    cursor = end + 1;
  }
  // The shortest text that round-trips, not always 17 digits.
  EXPECT_EQ(json_number(0.1), "0.1");
  EXPECT_EQ(json_number(64.0), "64");
  EXPECT_EQ(json_number(1e-300), "1e-300");
}

TEST(JsonWriter, WritesIntegersExactly) {
  JsonWriter json(0);
  json.begin_array()
      .value(std::numeric_limits<long long>::max())
      .value(std::numeric_limits<long long>::min())
      .value(std::numeric_limits<unsigned long long>::max())
      .value(-7)
      .end_array();
  EXPECT_EQ(json.str(), "[9223372036854775807,-9223372036854775808,18446744073709551615,-7]\n");
}

TEST(JsonWriter, RejectsNonFiniteNumbersNamingWhere) {
  JsonWriter json(0);
  json.begin_object().key("records").begin_array().begin_object().key("seconds");
  try {
    json.value(std::nan(""));
    FAIL() << "NaN was written";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("$.records[0].seconds"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("NaN"), std::string::npos) << e.what();
  }
  EXPECT_THROW(json.value(std::numeric_limits<double>::infinity()), Error);
  EXPECT_THROW(json_number(-std::numeric_limits<double>::infinity()), Error);
  // An absent figure is an explicit null.
  json.optional_number(std::nullopt);
  json.end_object().end_array().end_object();
  EXPECT_EQ(json.str(), "{\"records\":[{\"seconds\":null}]}\n");
}

TEST(JsonWriter, RefusesMalformedStructure) {
  {
    JsonWriter json;
    json.begin_object();
    EXPECT_THROW(json.value(1), Error);  // a value in an object needs a key
    EXPECT_THROW(json.str(), Error);     // still open
  }
  {
    JsonWriter json;
    EXPECT_THROW(json.key("top"), Error);  // a key outside an object
    json.begin_array();
    EXPECT_THROW(json.key("in array"), Error);
    EXPECT_THROW(json.end_object(), Error);  // mismatched close
  }
  {
    JsonWriter json;
    json.begin_object().key("a");
    EXPECT_THROW(json.key("b"), Error);      // two keys in a row
    EXPECT_THROW(json.end_object(), Error);  // key without a value
  }
  {
    JsonWriter json;
    json.begin_array().end_array();
    EXPECT_THROW(json.begin_object(), Error);  // a second top-level value
  }
  EXPECT_THROW(JsonWriter().str(), Error);  // nothing written
}

}  // namespace
}  // namespace portaflow::bench
