// PositionParser: reads the position text format line by line into a
// GameState (see README.md "Position format"). Errors are "line N: ...".
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "concord/eve/card_db.hpp"
#include "concord/eve/state.hpp"
#include "concord/rules/rng.hpp"

namespace concord::eve {

// One lingering effect as a position line (position_effects.cpp).
std::string effect_text(const LingeringEffect& e);

class PositionParser {
 public:
  // Defaults: turn 1, seat 0 first and active, Management phase, priority.
  explicit PositionParser(const CardDb& db) : db_(db) {
    st_.phase = Phase::Management;
    st_.step = Step::Main;
    st_.pending = Pending::Priority;
  }

  // True on success; then state() and rng() hold the position.
  bool parse(std::string_view text);
  const std::string& error() const { return error_; }
  GameState& state() { return st_; }
  rules::Rng rng() const;

 private:
  using Words = std::vector<std::string>;
  bool line(const Words& w);
  bool header(const Words& w);
  bool seat_line(const Words& w);
  bool variant_line(const Words& w);  // table, variants, attached
  bool list_line(const Words& w);
  bool single_card_line(const Words& w);
  bool region_line(const Words& w);
  bool pile_line(const Words& w);
  bool phase_line(const Words& w);
  bool prompt_line(const Words& w);
  bool result_line(const Words& w);
  bool ability_item(const Words& w, std::size_t at, SeatIndex seat, std::vector<PileItem>& out);
  bool choice_line(const Words& w);
  // position_combat.cpp
  static bool is_combat_line(const std::string& keyword);
  bool combat_line(const Words& w);
  bool combat_header(const Words& w);
  bool keyword_item(const Words& w, std::size_t at, SeatIndex seat, std::vector<PileItem>& out);
  bool damage_item(const Words& w, SeatIndex seat);
  bool check_combat();
  // position_effects.cpp
  bool effect_line(const Words& w);
  bool effect_change(const std::string& word, Change& c);
  bool check_pilots();
  std::optional<CardId> ref(const std::string& s);  // a final card id, checked at the end
  bool refs(const Words& w, std::size_t from, std::vector<CardId>& out);
  bool finish();
  bool check_prompt();
  bool remap_ids();
  bool check_jumps();

  bool fail(const std::string& message);
  std::optional<int> integer(const std::string& s, std::int64_t lo, std::int64_t hi);
  std::optional<SeatIndex> seat(const std::string& s);
  std::optional<bool> yes_no(const std::string& s);
  // Adds an instance from "card" or "card#N" (provisional id), checking its type.
  std::optional<CardId> card(const std::string& tok, SeatIndex owner,
                             std::vector<CardType> types);
  bool card_attrs(CardInstance& c, const Words& w, std::size_t from, std::string* target);
  Region* region_for(const std::string& key);

  const CardDb& db_;
  GameState st_;
  std::vector<int> explicit_ids_;  // per provisional id: the written id (1-based) or 0
  std::vector<int> id_lines_;      // per provisional id: its line
  std::vector<int> jump_lines_;    // per jump on the pile: its line
  std::vector<std::pair<int, CardId>> ref_lines_;  // (line, card) of on=c<id> targets
  std::vector<std::pair<int, std::string>> region_lines_;  // (line, region) of region= attributes
  std::vector<std::tuple<int, CardId, int>> ability_lines_;  // (line, source, effect)
  std::optional<std::array<std::uint64_t, 4>> rng_words_;
  bool seats_declared_ = false;
  bool prompt_given_ = false;
  int line_no_ = 0;
  std::string error_;
};

}  // namespace concord::eve
