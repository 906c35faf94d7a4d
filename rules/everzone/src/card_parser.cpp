#include "card_parser.hpp"

#include <algorithm>
#include <charconv>

#include "ability_parser.hpp"

namespace concord::everzone::detail {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  while (true) {
    s = trim(s);
    if (s.empty()) return out;
    auto end = s.find_first_of(" \t");
    out.push_back(s.substr(0, end));
    if (end == std::string_view::npos) return out;
    s.remove_prefix(end);
  }
}

bool to_int(std::string_view s, int& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && p == s.data() + s.size();
}

bool parse_terrain(std::string_view s, Terrain& out) {
  if (s == "earth") out = Terrain::Earth;
  else if (s == "sea") out = Terrain::Sea;
  else if (s == "space") out = Terrain::Space;
  else return false;
  return true;
}

bool parse_race(std::string_view s, Race& out) {
  if (s == "numens") out = Race::Numens;
  else if (s == "slurrs") out = Race::Slurrs;
  else if (s == "utrons") out = Race::Utrons;
  else return false;
  return true;
}

bool valid_id(std::string_view id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

std::string quoted(std::string_view s) {
  std::string out = "'";
  out.append(s);
  out += "'";
  return out;
}

}  // namespace

CardDb::LoadResult CardParser::run(std::string_view text) {
  int line = 0;
  while (!text.empty()) {
    ++line;
    auto end = text.find('\n');
    feed(line, text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  finish_card();
  return std::move(result_);
}

void CardParser::error(int line, const std::string& message) {
  std::string e = "line ";
  e += std::to_string(line);
  e += ": ";
  e += message;
  result_.errors.push_back(std::move(e));
}

void CardParser::feed(int line, std::string_view content) {
  content = trim(content);
  if (content.empty() || content.front() == '#') return;
  auto space = content.find_first_of(" \t");
  auto key = content.substr(0, space);
  auto rest = space == std::string_view::npos ? std::string_view{} : trim(content.substr(space));
  if (key == "card") return start_card(line, rest);
  if (!open_) return error(line, "expected 'card <id>' before " + quoted(key));
  if (key == "step" || key == "static") {  // repeatable
    if (auto e = parse_ability_line(key, words(rest), card_.ability); !e.empty()) error(line, e);
    return;
  }
  if (std::find(seen_.begin(), seen_.end(), key) != seen_.end())
    return error(line, "duplicate field " + quoted(key));
  seen_.emplace_back(key);
  set_field(line, key, rest);
}

void CardParser::start_card(int line, std::string_view id) {
  finish_card();
  if (!valid_id(id)) error(line, "bad card id " + quoted(id) + " (use a-z, 0-9, _)");
  card_ = Card{};
  card_.id = std::string(id);
  card_.line = line;
  open_ = true;
  seen_.clear();
}

void CardParser::set_field(int line, std::string_view key, std::string_view rest) {
  if (key == "kind") {
    if (rest == "unit") card_.kind = CardKind::Unit;
    else if (rest == "support") card_.kind = CardKind::Support;
    else if (rest == "location") card_.kind = CardKind::Location;
    else error(line, "kind must be unit, support or location, not " + quoted(rest));
  } else if (key == "name") {
    if (rest.empty()) error(line, "empty name");
    card_.name = std::string(rest);
  } else if (key == "race") {
    if (!parse_race(rest, card_.race)) error(line, "race must be numens, slurrs or utrons, not " + quoted(rest));
  } else if (key == "leader" || key == "implemented") {
    if (rest != "yes" && rest != "no") return error(line, quoted(key) + " must be yes or no");
    (key == "leader" ? card_.leader : card_.implemented) = rest == "yes";
  } else if (key == "values") {
    set_values(line, rest);
  } else if (key == "fights") {
    set_terrains(line, rest, false);
  } else if (key == "terrain") {
    set_terrains(line, rest, true);
  } else if (key == "limits") {
    set_limits(line, rest);
  } else if (key == "source") {
    if (rest != "rulebook" && rest != "chosen") error(line, "source must be rulebook or chosen");
    card_.source = std::string(rest);
  } else if (key == "ability") {
    if (auto e = parse_ability_line(key, words(rest), card_.ability); !e.empty()) error(line, e);
  } else if (key == "text") {
    card_.text = std::string(rest);
  } else {
    error(line, "unknown field " + quoted(key));
  }
}

void CardParser::set_values(int line, std::string_view rest) {
  auto w = words(rest);
  int v[4] = {0, 0, 0, 0};
  bool ok = w.size() == 4;
  for (std::size_t i = 0; ok && i < 4; ++i) ok = to_int(w[i], v[i]) && v[i] >= 0 && v[i] <= 99;
  if (!ok) return error(line, "values must be four integers 0..99: ATTACK DEFENSE TARGET RESOURCE");
  card_.values = Values{v[0], v[1], v[2], v[3]};
}

void CardParser::set_terrains(int line, std::string_view rest, bool location) {
  auto w = words(rest);
  if (w.empty() || (location && w.size() != 1))
    return error(line, location ? "terrain needs one of earth, sea, space" : "fights needs at least one terrain");
  for (auto t : w) {
    Terrain terrain{};
    if (!parse_terrain(t, terrain)) return error(line, "unknown terrain " + quoted(t));
    if (location) card_.terrain = terrain;
    else card_.fights.push_back(terrain);
  }
}

void CardParser::set_limits(int line, std::string_view rest) {
  for (auto w : words(rest)) {
    int v = 0;
    if (!to_int(w, v) || v < 1 || v > 999) return error(line, "limits must be integers 1..999, one per turn");
    card_.limits.push_back(v);
  }
  if (card_.limits.empty() || card_.limits.size() > 9) error(line, "limits needs 1 to 9 turns");
}

void CardParser::finish_card() {
  if (!open_) return;
  open_ = false;
  const int line = card_.line;
  auto has = [&](const char* f) { return std::find(seen_.begin(), seen_.end(), f) != seen_.end(); };
  for (const char* f : {"kind", "name", "source"})
    if (!has(f)) error(line, "card " + quoted(card_.id) + " lacks " + quoted(f));
  const bool location = card_.kind == CardKind::Location;
  if (location && (!has("terrain") || !has("limits")))
    error(line, "location " + quoted(card_.id) + " needs terrain and limits");
  if (!location && (!has("race") || !has("values")))
    error(line, "card " + quoted(card_.id) + " needs race and values");
  if (card_.kind == CardKind::Unit && !card_.leader && !has("fights"))
    error(line, "unit " + quoted(card_.id) + " needs fights (only Leaders fight anywhere)");
  if (card_.kind == CardKind::Unit && card_.values.defense < 1)
    error(line, "unit " + quoted(card_.id) + " needs DEFENSE of at least 1");
  if (card_.kind != CardKind::Unit && card_.leader) error(line, "only units can be leaders");
  if (location && !card_.ability.empty()) error(line, "location " + quoted(card_.id) + " cannot have abilities");
  if (auto e = check_ability(card_.ability, card_.kind == CardKind::Support); !e.empty())
    error(line, "card " + quoted(card_.id) + ": " + e);
  if (!result_.db.add(card_)) error(line, "duplicate card id " + quoted(card_.id));
}

}  // namespace concord::everzone::detail
