// Typed, located access to a YAML deck. Every getter checks type and range and, on failure,
// throws InputError with "deck.yaml:LINE:COL: key 'a.b': expected ..., found ...". Every key read
// is remembered, so after reading, finish() reports any key nobody asked for (usually a typo)
// and builds the resolved deck: every value actually used, defaults filled in.
//
// Values given by `--set a.b=value` are located as "--set a.b=value" instead of a line.
//
// Items of a list of maps (mesh.boundaries: [{block: 0, face: imin}, ...]) are addressed with
// their 0-based index as a path part, "mesh.boundaries.1.face"; messages write it
// "mesh.boundaries[1].face".
#pragma once

#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace portaflow {

// Limits and documentation for a real-valued key. min/max are inclusive unless *_exclusive.
struct RealSpec {
  std::optional<double> default_value;  // empty: the key is required
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool min_exclusive = false;
  bool max_exclusive = false;
  const char* meaning = "";
};

// What the reader knows of a key it was asked for: the reference documentation of the deck keys
// (`portaflow list --keys`) is made from these.
struct KeyDoc {
  std::string path;          // list items as "[]": "mesh.boundaries[].face"
  std::string expected;      // "a real number in (0, 1]", "one of a, b"
  std::string default_text;  // empty: required (or no default)
  std::string meaning;
};

struct IntSpec {
  std::optional<long long> default_value;
  long long min = std::numeric_limits<long long>::min();
  long long max = std::numeric_limits<long long>::max();
  const char* meaning = "";
};

class DeckReader {
 public:
  DeckReader(DeckReader&&) noexcept;
  DeckReader& operator=(DeckReader&&) noexcept;
  ~DeckReader();

  // Reads and parses the deck; applies each "key.path=value" override. Throws InputError for a
  // missing file, malformed YAML, or a malformed override.
  static DeckReader from_file(const std::filesystem::path& deck,
                              const std::vector<std::string>& overrides = {});
  // Same, from text in memory (tests); `name` stands in for the file name in messages.
  static DeckReader from_string(const std::string& text, const std::string& name,
                                const std::vector<std::string>& overrides = {});

  bool has(const std::string& path) const;
  // Number of items when the key holds a list, 0 otherwise (absent, scalar or map).
  std::size_t list_size(const std::string& path) const;
  double get_real(const std::string& path, const RealSpec& spec);
  long long get_int(const std::string& path, const IntSpec& spec);
  bool get_bool(const std::string& path, std::optional<bool> default_value, const char* meaning);
  std::string get_string(const std::string& path, std::optional<std::string> default_value,
                         const char* meaning);
  // One of `choices`; the error lists them.
  std::string get_choice(const std::string& path, const std::vector<std::string>& choices,
                         std::optional<std::string> default_value, const char* meaning);
  // A list of exactly `count` numbers, each checked against spec (default not used).
  std::vector<double> get_real_list(const std::string& path, std::size_t count,
                                    const RealSpec& spec);
  std::vector<long long> get_int_list(const std::string& path, std::size_t count,
                                      const IntSpec& spec);
  // The same with a default: `default_values` (its size is the count) when the key is absent.
  std::vector<double> get_real_list(const std::string& path,
                                    const std::vector<double>& default_values,
                                    const RealSpec& spec);
  // A list of maps, e.g. mesh.boundaries; absent means an empty list. Checks that every item is a
  // map and returns the number of items; read item k's keys with the getters above at
  // "path.k.key". Keys of an item that nobody reads are reported by reject_unknown_keys().
  std::size_t get_map_list(const std::string& path, const char* meaning);
  // The name of a file that must exist (required key). A relative name is taken from the deck's
  // folder (from the current folder when it was given with --set). Returns the absolute path,
  // which is also what the resolved deck holds, so that the resolved deck runs from anywhere.
  std::filesystem::path get_existing_file(const std::string& path, const char* meaning);

  // Throws InputError naming the first key in the deck that no getter asked for. Call once all
  // keys are read.
  void reject_unknown_keys() const;

  // The deck as used: every key read, with defaults filled in, in the order they were read, as
  // YAML text with a header naming the deck.
  std::string resolved_text() const;

  // "file:line:col" of a key's value (or of the closest enclosing map if it is absent).
  std::string location(const std::string& path) const;
  [[noreturn]] void fail(const std::string& path, const std::string& message) const;

  const std::string& name() const;

  // Every get_choice so far: the key path and the list it was checked against (for the test that
  // holds the readers to io/deck_choices.hpp's table).
  const std::vector<std::pair<std::string, std::vector<std::string>>>& choices_asked() const {
    return choices_asked_;
  }
  // Every key asked for so far, first time each, in the order asked.
  const std::vector<KeyDoc>& keys_read() const { return keys_read_; }
  // For a key whose default depends on the deck (output.dir): the default as the reference
  // should state it.
  void describe_default(const std::string& path, const std::string& text);

 private:
  // The parsed deck and what was read of it; yaml-cpp stays inside deck_reader.cpp, so the
  // scheme families' readers see none of it.
  struct Deck;
  explicit DeckReader(std::unique_ptr<Deck> deck);

  std::unique_ptr<Deck> deck_;
  std::vector<std::pair<std::string, std::vector<std::string>>> choices_asked_;
  void document(const std::string& path, const std::string& expected,
                const std::string& default_text, const char* meaning);
  std::vector<KeyDoc> keys_read_;
  std::set<std::string> documented_;
};

// A key whose value differs between two resolved decks (DeckReader::resolved_text); a key absent
// from one of them has "(absent)" there. Values compare as YAML text, lists written [a, b].
struct KeyChange {
  std::string path;  // as display_key shows it
  std::string before, after;
};
std::vector<KeyChange> resolved_changes(const std::string& before, const std::string& after);

// Splits "a.b.c" into {"a", "b", "c"}.
std::vector<std::string> split_key_path(const std::string& path);

// A key path as messages show it: list indices in brackets, "mesh.boundaries[1].face".
std::string display_key(const std::string& path);

}  // namespace portaflow
