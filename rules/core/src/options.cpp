// Option resolution against a game's schema, typed accessors, canonical text.
#include "concord/rules/options.hpp"

#include <algorithm>
#include <stdexcept>

#include "text_util.hpp"

namespace concord::rules {

namespace {

std::string prefix(const std::string& name) { return "option '" + name + "': "; }

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

// Each check returns the canonical value, or nullopt after appending an error.
std::optional<std::string> check_integer(const OptionSpec& spec, const std::string& value,
                                         std::vector<std::string>& errors) {
  const auto v = text::parse_int(value);
  if (!v) {
    errors.push_back(prefix(spec.name) + "'" + value + "' is not an integer");
    return std::nullopt;
  }
  if (*v < spec.min || *v > spec.max) {
    errors.push_back(prefix(spec.name) + "must be between " + std::to_string(spec.min) + " and " +
                     std::to_string(spec.max));
    return std::nullopt;
  }
  return std::to_string(*v);
}

std::optional<std::string> check_choice(const OptionSpec& spec, const std::string& value,
                                        std::vector<std::string>& errors) {
  if (std::find(spec.choices.begin(), spec.choices.end(), value) != spec.choices.end()) {
    return value;
  }
  errors.push_back(prefix(spec.name) + "'" + value + "' is not one of " + join(spec.choices));
  return std::nullopt;
}

std::optional<std::string> check_boolean(const OptionSpec& spec, const std::string& value,
                                         std::vector<std::string>& errors) {
  if (value == "true" || value == "false") return value;
  errors.push_back(prefix(spec.name) + "'" + value + "' must be true or false");
  return std::nullopt;
}

std::optional<std::string> check_value(const OptionSpec& spec, const std::string& value,
                                       std::vector<std::string>& errors) {
  switch (spec.kind) {
    case OptionSpec::Kind::Integer:
      return check_integer(spec, value, errors);
    case OptionSpec::Kind::Choice:
      return check_choice(spec, value, errors);
    case OptionSpec::Kind::Boolean:
      return check_boolean(spec, value, errors);
  }
  errors.push_back(prefix(spec.name) + "has an unknown kind");
  return std::nullopt;
}

bool in_schema(const std::vector<OptionSpec>& schema, const std::string& name) {
  return std::any_of(schema.begin(), schema.end(),
                     [&](const OptionSpec& s) { return s.name == name; });
}

const std::string& lookup(const OptionValues& values, const std::string& name) {
  auto it = values.find(name);
  if (it == values.end()) throw std::out_of_range("option '" + name + "' not resolved");
  return it->second;
}

}  // namespace

ResolvedOptions resolve_options(const std::vector<OptionSpec>& schema, const OptionValues& given) {
  ResolvedOptions out;
  for (const auto& spec : schema) {
    auto it = given.find(spec.name);
    const std::string& raw = it == given.end() ? spec.default_value : it->second;
    if (auto value = check_value(spec, raw, out.errors)) out.values[spec.name] = *value;
  }
  for (const auto& [name, value] : given) {
    if (!in_schema(schema, name)) out.errors.push_back(prefix(name) + "unknown option");
  }
  return out;
}

std::int64_t option_int(const OptionValues& values, const std::string& name) {
  const auto v = text::parse_int(lookup(values, name));
  if (!v) throw std::invalid_argument("option '" + name + "' is not an integer");
  return *v;
}

bool option_bool(const OptionValues& values, const std::string& name) {
  const std::string& v = lookup(values, name);
  if (v == "true") return true;
  if (v == "false") return false;
  throw std::invalid_argument("option '" + name + "' is not a boolean");
}

std::string options_to_text(const OptionValues& values) {
  std::string out;
  for (const auto& [name, value] : values) out += name + "=" + value + "\n";
  return out;
}

// Lines without '=' are ignored; the name ends at the first '='.
OptionValues options_from_text(const std::string& text_in) {
  OptionValues out;
  for (auto line : text::lines(text_in)) {
    const auto eq = line.find('=');
    if (eq == std::string_view::npos) continue;
    out[std::string(line.substr(0, eq))] = std::string(line.substr(eq + 1));
  }
  return out;
}

}  // namespace concord::rules
