#include "portaflow/config/deck_reader.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <utility>
#include <vector>

#include "portaflow/core/error.hpp"

namespace portaflow {

namespace {

// yaml-cpp marks are 0-based; editors count from 1.
std::string format_mark(const std::string& file, const YAML::Mark& mark) {
  if (mark.line < 0) return file;
  return file + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1);
}

std::string describe_found(const YAML::Node& node) {
  if (!node.IsDefined()) return "nothing";
  switch (node.Type()) {
    case YAML::NodeType::Null:
      return "an empty value";
    case YAML::NodeType::Scalar:
      return "'" + node.Scalar() + "'";
    case YAML::NodeType::Sequence:
      return "a list of " + std::to_string(node.size()) + " item(s)";
    case YAML::NodeType::Map:
      return "a map";
    default:
      return "nothing";
  }
}

// yaml-cpp keeps both entries of a key written twice in one map and answers lookups with the
// first, so `cfl: 0.3` then `cfl: 0.9` would silently run at 0.3: an error naming both lines.
// A hash of the keys seen per map keeps this linear in the deck's size (a deck of 10^6 keys is
// checked in well under a second; a pairwise comparison took minutes).
void reject_duplicate_keys(const YAML::Node& node, const std::string& file,
                           const std::string& path) {
  if (node.IsSequence()) {
    for (std::size_t k = 0; k < node.size(); ++k)
      reject_duplicate_keys(node[k], file, path + "[" + std::to_string(k) + "]");
    return;
  }
  if (!node.IsMap()) return;
  std::unordered_map<std::string, YAML::Mark> seen;
  seen.reserve(node.size());
  for (const auto& entry : node) {
    const std::string key = entry.first.Scalar();
    const auto [first, inserted] = seen.emplace(key, entry.first.Mark());
    const std::string key_path = path.empty() ? key : path + "." + key;
    if (!inserted)
      throw InputError(format_mark(file, entry.first.Mark()) + ": error: key '" + key_path +
                       "' given twice in the same map, first at " +
                       format_mark(file, first->second) + "; keep one");
    reject_duplicate_keys(entry.second, file, key_path);
  }
}

// yaml-cpp parses about 10^5 lines a second, so a file of millions of lines (a mesh or a log
// given as the deck) would keep the reader busy for a minute before it could say anything. A
// deck is a page written by hand: past kMaxDeckLines lines or kMaxDeckBytes bytes it is refused
// at once, at the line where the limit is passed.
constexpr std::size_t kMaxDeckLines = 50000;
constexpr std::size_t kMaxDeckBytes = std::size_t(4) << 20;

void reject_oversized(const std::string& text, const std::string& name) {
  std::size_t lines = 0, at = 0;
  for (; at < text.size() && lines < kMaxDeckLines; ++at)
    if (text[at] == '\n') ++lines;
  if (lines == kMaxDeckLines && at < text.size())
    throw InputError(name + ":" + std::to_string(kMaxDeckLines + 1) +
                     ":1: error: the deck goes on past " + std::to_string(kMaxDeckLines) +
                     " lines, the most a deck may have (is this the deck you meant?)");
  if (text.size() > kMaxDeckBytes)
    throw InputError(name + ": error: the deck has " + std::to_string(text.size()) +
                     " bytes; a deck may have " + std::to_string(kMaxDeckBytes) +
                     " at most (is this the deck you meant?)");
}

std::string format_number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

// The shortest decimal text that reads back as exactly `v` (1.4, not 1.3999999999999999; 20, not
// 2e+01), so resolved decks read like the decks users write. std::to_chars without a precision
// gives exactly that (C++17 [charconv.to.chars]).
YAML::Node shortest_real(double v) {
  std::array<char, 32> text{};
  const auto result = std::to_chars(text.data(), text.data() + text.size(), v);
  return YAML::Node(std::string(text.data(), result.ptr));
}

std::string describe_real_range(const RealSpec& spec) {
  const bool has_min = std::isfinite(spec.min);
  const bool has_max = std::isfinite(spec.max);
  if (has_min && has_max) {
    return "in " + std::string(spec.min_exclusive ? "(" : "[") + format_number(spec.min) + ", " +
           format_number(spec.max) + (spec.max_exclusive ? ")" : "]");
  }
  if (has_min) return std::string(spec.min_exclusive ? "> " : ">= ") + format_number(spec.min);
  if (has_max) return std::string(spec.max_exclusive ? "< " : "<= ") + format_number(spec.max);
  return "";
}

std::string describe_int_range(const IntSpec& spec) {
  const bool has_min = spec.min != std::numeric_limits<long long>::min();
  const bool has_max = spec.max != std::numeric_limits<long long>::max();
  if (has_min && has_max)
    return "in [" + std::to_string(spec.min) + ", " + std::to_string(spec.max) + "]";
  if (has_min) return ">= " + std::to_string(spec.min);
  if (has_max) return "<= " + std::to_string(spec.max);
  return "";
}

std::string with_range(const std::string& what, const std::string& range) {
  return range.empty() ? what : what + " " + range;
}

bool in_range(double v, const RealSpec& s) {
  const bool above = s.min_exclusive ? v > s.min : v >= s.min;
  const bool below = s.max_exclusive ? v < s.max : v <= s.max;
  return above && below;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string parent_of(const std::string& path) {
  const auto dot = path.rfind('.');
  return dot == std::string::npos ? std::string() : path.substr(0, dot);
}

std::string leaf_of(const std::string& path) {
  const auto dot = path.rfind('.');
  return dot == std::string::npos ? path : path.substr(dot + 1);
}

std::string join_path(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

// A path part that indexes a list item ("mesh.boundaries.1.face").
bool is_index(const std::string& part) {
  return !part.empty() && part.size() < 10 && std::all_of(part.begin(), part.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

// What holds the part after `next`: a list when it is an item index, else a map.
YAML::NodeType::value container_for(const std::string& next) {
  return is_index(next) ? YAML::NodeType::Sequence : YAML::NodeType::Map;
}

// node[parts[k]]... = value, creating maps (lists where the next part is an item index) on the
// way. Nodes are passed by value because a yaml-cpp Node is a handle: assigning one Node variable
// to another would overwrite the tree. List items are read in order, so an item is either there
// already or the next one to append.
void assign_path(YAML::Node node, const std::vector<std::string>& parts, std::size_t k,
                 const YAML::Node& value) {
  const bool last = k + 1 == parts.size();
  if (node.IsSequence() && is_index(parts[k])) {
    const std::size_t item = std::stoul(parts[k]);
    if (item > node.size())
      throw Error("internal error: deck list item " + parts[k] + " recorded before item " +
                  std::to_string(node.size()));
    if (item == node.size()) {
      node.push_back(last ? value : YAML::Node(container_for(parts[k + 1])));
      if (last) return;
    } else if (last) {
      node[item] = value;
      return;
    }
    if (node[item].Type() != container_for(parts[k + 1]))
      node[item] = YAML::Node(container_for(parts[k + 1]));
    assign_path(node[item], parts, k + 1, value);
    return;
  }
  if (last) {
    node[parts[k]] = value;
    return;
  }
  if (node[parts[k]].Type() != container_for(parts[k + 1]))
    node[parts[k]] = YAML::Node(container_for(parts[k + 1]));
  assign_path(node[parts[k]], parts, k + 1, value);
}

bool valid_key_path(const std::vector<std::string>& parts) {
  if (parts.empty()) return false;
  for (const auto& p : parts) {
    if (p.empty()) return false;
    for (char c : p)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  }
  return true;
}

}  // namespace

std::string display_key(const std::string& path) {
  std::string shown;
  for (const auto& part : split_key_path(path))
    shown += is_index(part) ? "[" + part + "]" : (shown.empty() ? part : "." + part);
  return shown;
}

std::vector<std::string> split_key_path(const std::string& path) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(path);
  while (std::getline(in, part, '.')) parts.push_back(part);
  if (!path.empty() && path.back() == '.') parts.emplace_back();
  return parts;
}

// What the reader holds: the parsed deck, the overrides' texts, every key read (and each of its
// parents) and the resolved deck, with the lookups that need yaml-cpp's types.
struct DeckReader::Deck {
  Deck(YAML::Node root, std::string name)
      : root_(std::move(root)), name_(std::move(name)), resolved_(YAML::NodeType::Map) {}

  void apply_override(const std::string& assignment);
  // The node at `path`, or an undefined node. Throws if a parent on the way is not a map.
  YAML::Node lookup(const std::string& path) const;
  // The node for a required-or-defaulted key: nullopt when absent (then the caller uses the
  // default or reports it missing).
  std::optional<YAML::Node> find(const std::string& path) const;
  std::string location(const std::string& path) const;
  [[noreturn]] void fail(const std::string& path, const std::string& message) const;
  [[noreturn]] void fail_missing(const std::string& path, const std::string& expected) const;
  [[noreturn]] void fail_value(const std::string& path, const YAML::Node& node,
                               const std::string& expected) const;
  void remember(const std::string& path, const YAML::Node& value);

  YAML::Node root_;
  std::string name_;
  std::map<std::string, std::string> overrides_;  // path -> the --set text that gave it
  std::set<std::string> known_paths_;             // every key read, and each of its parents
  YAML::Node resolved_;
};

DeckReader::DeckReader(std::unique_ptr<Deck> deck) : deck_(std::move(deck)) {}
DeckReader::DeckReader(DeckReader&&) noexcept = default;
DeckReader& DeckReader::operator=(DeckReader&&) noexcept = default;
DeckReader::~DeckReader() = default;

const std::string& DeckReader::name() const { return deck_->name_; }

DeckReader DeckReader::from_file(const std::filesystem::path& deck,
                                 const std::vector<std::string>& overrides) {
  std::error_code ec;
  if (!std::filesystem::exists(deck, ec))
    throw InputError("cannot open deck '" + deck.string() + "': no such file");
  if (std::filesystem::is_directory(deck, ec))
    throw InputError("cannot open deck '" + deck.string() + "': it is a directory, not a file");
  if (std::filesystem::file_size(deck, ec) > kMaxDeckBytes && !ec)
    reject_oversized(std::string(kMaxDeckBytes + 1, ' '), deck.string());
  std::ifstream in(deck);
  if (!in)
    throw InputError("cannot open deck '" + deck.string() + "': permission denied or unreadable");
  std::stringstream text;
  text << in.rdbuf();
  return from_string(text.str(), deck.string(), overrides);
}

DeckReader DeckReader::from_string(const std::string& text, const std::string& name,
                                   const std::vector<std::string>& overrides) {
  reject_oversized(text, name);
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw InputError(format_mark(name, e.mark) + ": error: malformed YAML: " + e.msg);
  }
  if (root.IsNull() || !root.IsDefined())
    throw InputError(name +
                     ": error: the deck is empty; expected a map of keys such as "
                     "scheme, problem, mesh, time, output");
  if (!root.IsMap())
    throw InputError(format_mark(name, root.Mark()) +
                     ": error: expected the deck to be a map of keys (scheme, problem, mesh, "
                     "...), found " +
                     describe_found(root));
  reject_duplicate_keys(root, name, "");
  DeckReader reader(std::make_unique<Deck>(root, name));
  for (const auto& assignment : overrides) reader.deck_->apply_override(assignment);
  return reader;
}

void DeckReader::Deck::apply_override(const std::string& assignment) {
  const std::string where = "--set " + assignment;
  const auto eq = assignment.find('=');
  if (eq == std::string::npos)
    throw InputError(where + ": error: expected KEY.PATH=VALUE (for example time.cfl=0.4)");
  const std::string path = assignment.substr(0, eq);
  const std::string text = assignment.substr(eq + 1);
  const auto parts = split_key_path(path);
  if (!valid_key_path(parts))
    throw InputError(where + ": error: '" + path +
                     "' is not a key path (names of letters, digits and '_' joined by '.')");
  if (text.empty()) throw InputError(where + ": error: no value after '='");
  YAML::Node value;
  try {
    value = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw InputError(where + ": error: malformed value: " + e.msg);
  }
  // Every parent on the way must be a map (or absent).
  std::string prefix;
  for (std::size_t k = 0; k + 1 < parts.size(); ++k) {
    prefix = join_path(prefix, parts[k]);
    const YAML::Node child = lookup(prefix);
    if (child.IsDefined() && !child.IsNull() && !child.IsMap())
      throw InputError(where + ": error: '" + prefix + "' holds " + describe_found(child) + " in " +
                       location(prefix) + ", not a map, so it has no key '" + parts[k + 1] + "'");
  }
  assign_path(root_, parts, 0, value);
  overrides_[path] = where;
}

YAML::Node DeckReader::Deck::lookup(const std::string& path) const {
  const auto parts = split_key_path(path);
  YAML::Node current = root_;
  std::string prefix;
  for (const auto& part : parts) {
    // A missing key gives a "zombie" node: only IsDefined() may be asked of it.
    if (!current.IsDefined() || current.IsNull()) return YAML::Node(YAML::NodeType::Undefined);
    if (current.IsSequence() && is_index(part)) {
      const std::size_t item = std::stoul(part);
      if (item >= current.size()) return YAML::Node(YAML::NodeType::Undefined);
      const YAML::Node& as_const = current;
      YAML::Node next = as_const[item];
      current.reset(next);
      prefix = join_path(prefix, part);
      continue;
    }
    if (!current.IsMap()) {
      throw InputError(location(prefix) + ": error: key '" + display_key(prefix) +
                       "': expected a map (with key '" + part + "'), found " +
                       describe_found(current));
    }
    const YAML::Node& as_const = current;
    YAML::Node next = as_const[part];
    if (!next.IsDefined()) return YAML::Node(YAML::NodeType::Undefined);  // reset() rejects zombies
    current.reset(next);
    prefix = join_path(prefix, part);
  }
  return current;
}

std::string DeckReader::Deck::location(const std::string& path) const {
  // An override of this key or of a map that holds it.
  for (std::string p = path; !p.empty(); p = parent_of(p)) {
    auto it = overrides_.find(p);
    if (it != overrides_.end()) return it->second;
  }
  // The value's own mark, else the closest enclosing map's.
  for (std::string p = path; !p.empty(); p = parent_of(p)) {
    YAML::Node node;
    try {
      node.reset(lookup(p));
    } catch (const InputError&) {
      continue;
    }
    if (node.IsDefined() && node.Mark().line >= 0) return format_mark(name_, node.Mark());
  }
  return format_mark(name_, root_.Mark());
}

void DeckReader::Deck::fail(const std::string& path, const std::string& message) const {
  throw InputError(location(path) + ": error: key '" + display_key(path) + "': " + message);
}

void DeckReader::fail(const std::string& path, const std::string& message) const {
  deck_->fail(path, message);
}

std::string DeckReader::location(const std::string& path) const { return deck_->location(path); }

void DeckReader::Deck::fail_value(const std::string& path, const YAML::Node& node,
                                  const std::string& expected) const {
  fail(path, "expected " + expected + ", found " + describe_found(node));
}

void DeckReader::Deck::fail_missing(const std::string& path, const std::string& expected) const {
  std::string message = location(parent_of(path).empty() ? path : parent_of(path)) +
                        ": error: missing required key '" + display_key(path) + "' (" + expected +
                        ")";
  // The nearest miss among the keys actually written, not counting keys already read as
  // themselves (in {rho: 1, u: 0, pp: 1} the missing p's typo is pp, not the valid u).
  const YAML::Node parent = parent_of(path).empty() ? root_ : lookup(parent_of(path));
  if (parent.IsDefined() && parent.IsMap()) {
    std::size_t best_distance = 3;
    YAML::const_iterator best = parent.end();
    for (auto it = parent.begin(); it != parent.end(); ++it) {
      const std::string written = it->first.Scalar();
      if (written == leaf_of(path) || known_paths_.count(join_path(parent_of(path), written)))
        continue;
      const std::size_t d = edit_distance(written, leaf_of(path));
      if (d < best_distance) best_distance = d, best = it;
    }
    if (best != parent.end())
      message += "; found '" + display_key(join_path(parent_of(path), best->first.Scalar())) +
                 "' at " + format_mark(name_, best->first.Mark()) + " instead: a typo?";
  }
  throw InputError(message);
}

std::optional<YAML::Node> DeckReader::Deck::find(const std::string& path) const {
  YAML::Node node = lookup(path);
  if (!node.IsDefined()) return std::nullopt;  // absent (a key with an empty value is Null)
  return node;
}

void DeckReader::Deck::remember(const std::string& path, const YAML::Node& value) {
  for (std::string p = path; !p.empty(); p = parent_of(p)) known_paths_.insert(p);
  assign_path(resolved_, split_key_path(path), 0, value);
}

bool DeckReader::has(const std::string& path) const { return deck_->lookup(path).IsDefined(); }

std::size_t DeckReader::list_size(const std::string& path) const {
  const YAML::Node node = deck_->lookup(path);
  return node.IsDefined() && node.IsSequence() ? node.size() : 0;
}

double DeckReader::get_real(const std::string& path, const RealSpec& spec) {
  const std::string expected = with_range("a real number", describe_real_range(spec));
  document(path, expected,
           spec.default_value ? shortest_real(*spec.default_value).Scalar() : std::string(),
           spec.meaning);
  const auto node = deck_->find(path);
  if (!node) {
    if (!spec.default_value) deck_->fail_missing(path, std::string(spec.meaning) + ": " + expected);
    deck_->remember(path, shortest_real(*spec.default_value));
    return *spec.default_value;
  }
  double value = 0;
  if (!node->IsScalar()) deck_->fail_value(path, *node, expected);
  try {
    value = node->as<double>();
  } catch (const YAML::Exception&) {
    deck_->fail_value(path, *node, expected);
  }
  if (!std::isfinite(value) || !in_range(value, spec)) deck_->fail_value(path, *node, expected);
  deck_->remember(path, *node);  // the user's own text
  return value;
}

long long DeckReader::get_int(const std::string& path, const IntSpec& spec) {
  const std::string expected = with_range("an integer", describe_int_range(spec));
  document(path, expected, spec.default_value ? std::to_string(*spec.default_value) : std::string(),
           spec.meaning);
  const auto node = deck_->find(path);
  if (!node) {
    if (!spec.default_value) deck_->fail_missing(path, std::string(spec.meaning) + ": " + expected);
    deck_->remember(path, YAML::Node(*spec.default_value));
    return *spec.default_value;
  }
  long long value = 0;
  if (!node->IsScalar()) deck_->fail_value(path, *node, expected);
  try {
    value = node->as<long long>();
  } catch (const YAML::Exception&) {
    deck_->fail_value(path, *node, expected);
  }
  if (value < spec.min || value > spec.max) deck_->fail_value(path, *node, expected);
  deck_->remember(path, YAML::Node(value));
  return value;
}

bool DeckReader::get_bool(const std::string& path, std::optional<bool> default_value,
                          const char* meaning) {
  const std::string expected = "true or false";
  document(path, expected,
           default_value ? std::string(*default_value ? "true" : "false") : std::string(), meaning);
  const auto node = deck_->find(path);
  if (!node) {
    if (!default_value) deck_->fail_missing(path, std::string(meaning) + ": " + expected);
    deck_->remember(path, YAML::Node(*default_value));
    return *default_value;
  }
  bool value = false;
  if (!node->IsScalar()) deck_->fail_value(path, *node, expected);
  try {
    value = node->as<bool>();
  } catch (const YAML::Exception&) {
    deck_->fail_value(path, *node, expected);
  }
  deck_->remember(path, YAML::Node(value));
  return value;
}

std::string DeckReader::get_string(const std::string& path,
                                   std::optional<std::string> default_value, const char* meaning) {
  const std::string expected = "a text value";
  document(path, expected, default_value.value_or(""), meaning);
  const auto node = deck_->find(path);
  if (!node) {
    if (!default_value) deck_->fail_missing(path, std::string(meaning) + ": " + expected);
    deck_->remember(path, YAML::Node(*default_value));
    return *default_value;
  }
  if (!node->IsScalar() || node->Scalar().empty()) deck_->fail_value(path, *node, expected);
  deck_->remember(path, *node);
  return node->Scalar();
}

std::string DeckReader::get_choice(const std::string& path, const std::vector<std::string>& choices,
                                   std::optional<std::string> default_value, const char* meaning) {
  choices_asked_.emplace_back(path, choices);
  std::string expected = "one of";
  for (std::size_t k = 0; k < choices.size(); ++k) expected += (k == 0 ? " " : ", ") + choices[k];
  document(path, expected, default_value.value_or(""), meaning);
  const auto node = deck_->find(path);
  if (!node) {
    if (!default_value) deck_->fail_missing(path, std::string(meaning) + ": " + expected);
    deck_->remember(path, YAML::Node(*default_value));
    return *default_value;
  }
  if (!node->IsScalar() ||
      std::find(choices.begin(), choices.end(), node->Scalar()) == choices.end())
    deck_->fail_value(path, *node, expected);
  deck_->remember(path, *node);
  return node->Scalar();
}

std::vector<double> DeckReader::get_real_list(const std::string& path, std::size_t count,
                                              const RealSpec& spec) {
  const std::string expected =
      "a list of " + std::to_string(count) + " real numbers" +
      (describe_real_range(spec).empty() ? std::string() : ", each " + describe_real_range(spec));
  document(path, expected, "", spec.meaning);  // the defaulted form below documented it first
  const auto node = deck_->find(path);
  if (!node) deck_->fail_missing(path, std::string(spec.meaning) + ": " + expected);
  if (!node->IsSequence() || node->size() != count) deck_->fail_value(path, *node, expected);
  std::vector<double> values;
  YAML::Node resolved(YAML::NodeType::Sequence);
  resolved.SetStyle(YAML::EmitterStyle::Flow);
  for (std::size_t k = 0; k < count; ++k) {
    const YAML::Node item = (*node)[k];
    double v = 0;
    try {
      v = item.as<double>();
    } catch (const YAML::Exception&) {
      fail(path, "item " + std::to_string(k + 1) + ": expected " + expected + ", found " +
                     describe_found(item));
    }
    if (!std::isfinite(v) || !in_range(v, spec))
      fail(path, "item " + std::to_string(k + 1) + ": expected " + expected + ", found " +
                     describe_found(item));
    values.push_back(v);
    resolved.push_back(item);
  }
  deck_->remember(path, resolved);
  return values;
}

std::vector<long long> DeckReader::get_int_list(const std::string& path, std::size_t count,
                                                const IntSpec& spec) {
  const std::string range = describe_int_range(spec);
  const std::string expected = count == 1 ? with_range("an integer", range)
                                          : "a list of " + std::to_string(count) + " integers" +
                                                (range.empty() ? std::string() : ", each " + range);
  document(path, expected, "", spec.meaning);
  const auto node = deck_->find(path);
  if (!node) deck_->fail_missing(path, std::string(spec.meaning) + ": " + expected);
  // A single count may be written as a plain integer (mesh.cells: 400 in 1D).
  const bool scalar_form = count == 1 && node->IsScalar();
  if (!scalar_form && (!node->IsSequence() || node->size() != count))
    deck_->fail_value(path, *node, expected);
  std::vector<long long> values;
  for (std::size_t k = 0; k < count; ++k) {
    const YAML::Node item = scalar_form ? *node : (*node)[k];
    long long v = 0;
    try {
      v = item.as<long long>();
    } catch (const YAML::Exception&) {
      deck_->fail_value(path, item, expected);
    }
    if (v < spec.min || v > spec.max) deck_->fail_value(path, item, expected);
    values.push_back(v);
  }
  if (scalar_form) {
    deck_->remember(path, YAML::Node(values[0]));
  } else {
    YAML::Node resolved(YAML::NodeType::Sequence);
    resolved.SetStyle(YAML::EmitterStyle::Flow);
    for (auto v : values) resolved.push_back(v);
    deck_->remember(path, resolved);
  }
  return values;
}

std::vector<double> DeckReader::get_real_list(const std::string& path,
                                              const std::vector<double>& default_values,
                                              const RealSpec& spec) {
  std::string default_text = "[";
  for (std::size_t k = 0; k < default_values.size(); ++k)
    default_text += (k ? ", " : "") + shortest_real(default_values[k]).Scalar();
  document(path, "a list of " + std::to_string(default_values.size()) + " real numbers",
           default_text + "]", spec.meaning);
  if (deck_->find(path)) return get_real_list(path, default_values.size(), spec);
  YAML::Node resolved(YAML::NodeType::Sequence);
  resolved.SetStyle(YAML::EmitterStyle::Flow);
  for (const double v : default_values) resolved.push_back(shortest_real(v));
  deck_->remember(path, resolved);
  return default_values;
}

std::size_t DeckReader::get_map_list(const std::string& path, const char* meaning) {
  document(path, "a list of maps", "[]", meaning);
  const auto node = deck_->find(path);
  if (node && !node->IsSequence())
    deck_->fail_value(path, *node, std::string("a list of maps (") + meaning + ")");
  const std::size_t count = node ? node->size() : 0;
  for (std::size_t k = 0; k < count; ++k) {
    const YAML::Node item = (*node)[k];
    if (!item.IsMap())
      deck_->fail_value(join_path(path, std::to_string(k)), item,
                        std::string("a map (") + meaning + ")");
  }
  deck_->remember(
      path, YAML::Node(YAML::NodeType::Sequence));  // the items' keys fill it as they are read
  return count;
}

std::filesystem::path DeckReader::get_existing_file(const std::string& path, const char* meaning) {
  namespace fs = std::filesystem;
  const std::string expected = "the name of an existing file";
  document(path, expected, "", meaning);
  const auto node = deck_->find(path);
  if (!node) deck_->fail_missing(path, std::string(meaning) + ": " + expected);
  if (!node->IsScalar() || node->Scalar().empty()) deck_->fail_value(path, *node, expected);
  const fs::path given = node->Scalar();
  const bool from_command_line = location(path).rfind("--set", 0) == 0;
  const fs::path base =
      from_command_line ? fs::current_path() : fs::path(deck_->name_).parent_path();
  const fs::path file = fs::absolute(given.is_absolute() ? given : base / given).lexically_normal();
  std::error_code status;
  if (!fs::exists(file, status)) {
    fail(path, "no such file '" + given.string() + "'" +
                   (given.is_absolute()
                        ? std::string()
                        : " (looked for '" + file.string() +
                              "'; a relative name "
                              "is taken from the " +
                              (from_command_line ? "current folder" : "deck's folder") + ")"));
  }
  if (fs::is_directory(file, status))
    fail(path, "'" + file.string() + "' is a folder; expected " + expected);
  deck_->remember(path, YAML::Node(file.string()));
  return file;
}

// A list item's index becomes "[]": the reference documents mesh.boundaries[].face once.
void DeckReader::document(const std::string& path, const std::string& expected,
                          const std::string& default_text, const char* meaning) {
  std::string general;
  for (const std::string& part : split_key_path(path)) {
    if (!part.empty() && part.find_first_not_of("0123456789") == std::string::npos) {
      general += "[]";
      continue;
    }
    general += (general.empty() ? "" : ".") + part;
  }
  if (!documented_.insert(general).second) return;
  keys_read_.push_back({general, expected, default_text, meaning ? meaning : ""});
}

void DeckReader::describe_default(const std::string& path, const std::string& text) {
  for (KeyDoc& key : keys_read_)
    if (key.path == path) key.default_text = text;
}

void DeckReader::reject_unknown_keys() const {
  // Depth-first over the deck's maps, in file order, so the first unknown key is reported.
  struct Walker {
    const DeckReader& reader;
    void walk(const YAML::Node& map, const std::string& prefix) const {
      for (auto it = map.begin(); it != map.end(); ++it) {
        const std::string key = it->first.Scalar();
        const std::string path = join_path(prefix, key);
        if (reader.deck_->known_paths_.count(path) == 0) report(path, it->first.Mark());
        const bool known_map = [&] {
          auto next = reader.deck_->known_paths_.upper_bound(path);
          return next != reader.deck_->known_paths_.end() && next->rfind(path + ".", 0) == 0;
        }();
        if (known_map && it->second.IsMap()) walk(it->second, path);
        if (known_map && it->second.IsSequence()) {  // a list of maps (get_map_list)
          for (std::size_t k = 0; k < it->second.size(); ++k)
            if (it->second[k].IsMap()) walk(it->second[k], join_path(path, std::to_string(k)));
        }
      }
    }
    [[noreturn]] void report(const std::string& path, const YAML::Mark& mark) const {
      const std::string parent = parent_of(path);
      std::vector<std::string> siblings;
      for (const auto& known : reader.deck_->known_paths_)
        if (parent_of(known) == parent) siblings.push_back(leaf_of(known));
      // A key that a --set made (itself, or a map on the way to it) is that argument's fault.
      std::string where = format_mark(reader.deck_->name_, mark);
      for (const auto& [key, text] : reader.deck_->overrides_)
        if (key == path || key.rfind(path + ".", 0) == 0) {
          where = text;
          break;
        }
      std::string message = where + ": error: unknown key '" + display_key(path) + "'";
      std::string best;
      std::size_t best_distance = 3;
      for (const auto& s : siblings) {
        const std::size_t d = edit_distance(s, leaf_of(path));
        if (d < best_distance) best_distance = d, best = s;
      }
      if (!best.empty())
        message += "; did you mean '" + display_key(join_path(parent, best)) + "'?";
      message +=
          " Keys accepted " +
          (parent.empty() ? std::string("at the top level") : "in '" + display_key(parent) + "'") +
          " for this deck:";
      for (std::size_t k = 0; k < siblings.size(); ++k)
        message += (k == 0 ? " " : ", ") + siblings[k];
      throw InputError(message);
    }
  };
  Walker{*this}.walk(deck_->root_, "");
}

std::string DeckReader::resolved_text() const {
  YAML::Emitter out;
  out << deck_->resolved_;
  return std::string("# Resolved deck: every key this run used, defaults filled in.\n# From ") +
         deck_->name_ + "\n" + out.c_str() + "\n";
}

namespace {

// Every leaf of a resolved deck as (path, text): maps by key, lists of scalars as one value,
// lists of maps by item.
void flatten(const YAML::Node& node, const std::string& path,
             std::map<std::string, std::string>& leaves) {
  if (node.IsMap()) {
    for (const auto& item : node)
      flatten(item.second, join_path(path, item.first.Scalar()), leaves);
    return;
  }
  if (node.IsSequence()) {
    bool scalars = true;
    for (const auto& item : node) scalars = scalars && item.IsScalar();
    if (!scalars) {
      for (std::size_t k = 0; k < node.size(); ++k)
        flatten(node[k], join_path(path, std::to_string(k)), leaves);
      return;
    }
    std::string text = "[";
    for (std::size_t k = 0; k < node.size(); ++k) text += (k ? ", " : "") + node[k].Scalar();
    leaves[path] = text + "]";
    return;
  }
  leaves[path] = node.IsScalar() ? node.Scalar() : std::string();
}

std::map<std::string, std::string> leaves_of(const std::string& text) {
  std::map<std::string, std::string> leaves;
  flatten(YAML::Load(text), "", leaves);
  return leaves;
}

}  // namespace

std::vector<KeyChange> resolved_changes(const std::string& before, const std::string& after) {
  const auto old_leaves = leaves_of(before), new_leaves = leaves_of(after);
  std::vector<KeyChange> changes;
  for (const auto& [path, value] : old_leaves) {
    const auto found = new_leaves.find(path);
    const std::string now = found == new_leaves.end() ? "(absent)" : found->second;
    if (now != value) changes.push_back({display_key(path), value, now});
  }
  for (const auto& [path, value] : new_leaves)
    if (!old_leaves.count(path)) changes.push_back({display_key(path), "(absent)", value});
  return changes;
}

}  // namespace portaflow
