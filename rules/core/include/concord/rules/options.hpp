// Game options: a schema per game and validated string values per match.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace concord::rules {

struct OptionSpec {
  enum class Kind { Integer, Choice, Boolean };
  std::string name;
  std::string description;
  Kind kind = Kind::Integer;
  std::string default_value;
  std::int64_t min = 0;               // Integer
  std::int64_t max = 0;               // Integer
  std::vector<std::string> choices;   // Choice
};

using OptionValues = std::map<std::string, std::string>;

// Validates `given` against `schema` and fills defaults for missing options.
// Unknown names, non-integers, out-of-range values and unknown choices are
// errors; every error is listed ("option 'rounds': must be between 1 and 9").
struct ResolvedOptions {
  OptionValues values;
  std::vector<std::string> errors;
  bool ok() const { return errors.empty(); }
};
ResolvedOptions resolve_options(const std::vector<OptionSpec>& schema, const OptionValues& given);

// Convenience accessors on resolved values (throw std::out_of_range if absent,
// which is a programming error since values were resolved against the schema).
std::int64_t option_int(const OptionValues& values, const std::string& name);
bool option_bool(const OptionValues& values, const std::string& name);

// Canonical text of option values ("name=value\n" sorted by name) and parse.
std::string options_to_text(const OptionValues& values);
OptionValues options_from_text(const std::string& text);

}  // namespace concord::rules
