#include <algorithm>
#include <stdexcept>

#include "builtin_data.hpp"
#include "concord/conquests/data.hpp"
#include "text_util.hpp"

namespace concord::conquests {

namespace {

const char* const kColours[] = {"green", "blue", "orange", "red"};
const char* const kNebulaNames[] = {"crimson", "azure", "amber"};
const char* const kKindNames[] = {"development", "production", "logistics"};

}  // namespace

const char* kind_name(Kind k) { return kKindNames[static_cast<int>(k)]; }

std::optional<Kind> kind_from(std::string_view name) {
  for (int i = 0; i < kKinds; ++i)
    if (name == kKindNames[i]) return static_cast<Kind>(i);
  return std::nullopt;
}

const char* colour_name(Colour c) { return kColours[static_cast<int>(c)]; }

std::optional<Colour> colour_from(std::string_view name) {
  for (int i = 0; i < 4; ++i)
    if (name == kColours[i]) return static_cast<Colour>(i);
  return std::nullopt;
}

const char* nebula_name(int nebula) { return kNebulaNames[nebula]; }

namespace {

std::string parse_region(const std::vector<std::string>& w, std::vector<Region>& out) {
  if (w.size() < 6) return "region: expected <key> <colour> <nebula> <hops> <name>";
  Region r;
  r.key = w[1];
  const auto colour = colour_from(w[2]);
  if (!colour) return "unknown colour '" + w[2] + "'";
  r.colour = *colour;
  r.nebula = -1;
  for (int n = 0; n < kNebulae; ++n)
    if (w[3] == kNebulaNames[n]) r.nebula = n;
  if (r.nebula < 0) return "unknown nebula '" + w[3] + "'";
  if (!detail::to_int(w[4], r.hops)) return "bad hops '" + w[4] + "'";
  r.name = detail::join_from(w, 5);
  for (const auto& other : out)
    if (other.key == r.key) return "duplicate region '" + r.key + "'";
  out.push_back(std::move(r));
  return {};
}

std::string parse_gate(const std::vector<std::string>& w, std::vector<Region>& regions) {
  if (w.size() != 3) return "gate: expected two region keys";
  auto index = [&](const std::string& key) {
    for (std::size_t i = 0; i < regions.size(); ++i)
      if (regions[i].key == key) return static_cast<int>(i);
    return -1;
  };
  const int a = index(w[1]), b = index(w[2]);
  if (a < 0 || b < 0) return "gate names an unknown region";
  if (a == b) return "gate joins a region to itself";
  regions[static_cast<std::size_t>(a)].gates.push_back(b);
  regions[static_cast<std::size_t>(b)].gates.push_back(a);
  return {};
}

}  // namespace

std::optional<StarMap> StarMap::parse(std::string_view text, std::string* error) {
  StarMap map;
  std::string e = detail::for_each_line(text, [&](int, const std::vector<std::string>& w) -> std::string {
    if (w[0] == "region") return parse_region(w, map.regions_);
    if (w[0] == "gate") return parse_gate(w, map.regions_);
    return "unknown statement '" + w[0] + "'";
  });
  for (auto& r : map.regions_) {
    std::sort(r.gates.begin(), r.gates.end());
    if (e.empty() && std::adjacent_find(r.gates.begin(), r.gates.end()) != r.gates.end())
      e = "duplicate gate at " + r.key;
  }
  if (!e.empty()) {
    if (error) *error = e;
    return std::nullopt;
  }
  return map;
}

const StarMap& StarMap::builtin() {
  static const StarMap map = [] {
    std::string error;
    auto parsed = parse(detail::builtin_map_text(), &error);
    if (!parsed) throw std::runtime_error("conquests map.txt: " + error);
    return std::move(*parsed);
  }();
  return map;
}

std::optional<int> StarMap::find(std::string_view key) const {
  for (std::size_t i = 0; i < regions_.size(); ++i)
    if (regions_[i].key == key) return static_cast<int>(i);
  return std::nullopt;
}

bool StarMap::adjacent(int a, int b) const {
  const auto& g = region(a).gates;
  return std::binary_search(g.begin(), g.end(), b);
}

int StarMap::gate_count() const {
  int n = 0;
  for (const auto& r : regions_) n += static_cast<int>(r.gates.size());
  return n / 2;
}

}  // namespace concord::conquests
