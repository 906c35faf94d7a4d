// Game preparation and the setup round (rulebook "Game Preparation",
// "Setup Round", "Games with Two or Three Players").
#include <algorithm>

#include "concord/conquests/event.hpp"
#include "concord/rules/card_refs.hpp"
#include "concord/rules/options.hpp"
#include "engine.hpp"
#include "prompts.hpp"

namespace concord::conquests {

namespace {

std::optional<EndCondition> end_from(const std::string& s) {
  if (s == "trinity") return EndCondition::Trinity;
  if (s == "revelation") return EndCondition::Revelation;
  return std::nullopt;
}

std::optional<Length> length_from(const std::string& s) {
  if (s == "normal") return Length::Normal;
  if (s == "long") return Length::Long;
  if (s == "epic") return Length::Epic;
  return std::nullopt;
}

// Deals each nebula's Region cards onto its three squares (7 each; 4 with two
// players, who use only green and blue regions).
void deal_landscape(const StarMap& map, GameState& s) {
  for (int nebula = 0; nebula < kNebulae; ++nebula) {
    std::vector<int> deck;
    for (int r = 0; r < map.size(); ++r)
      if (map.region(r).nebula == nebula && s.regions[static_cast<std::size_t>(r)].exists) deck.push_back(r);
    s.rng.shuffle(deck);
    const std::size_t per_square = deck.size() / 3;
    for (std::size_t col = 0; col < 3; ++col) {
      auto& sq = s.landscape[static_cast<std::size_t>(nebula * 3) + col];
      sq.cards.assign(deck.begin() + static_cast<long>(col * per_square), deck.begin() + static_cast<long>((col + 1) * per_square));
    }
  }
}

// Project card instances, numbered by the seed's card-ref permutation, shuffled per deck.
void prepare_decks(const RulesData& data, GameState& s, const rules::Seed& seed) {
  std::vector<int> defs;
  for (std::size_t i = 0; i < data.cards().size(); ++i)
    for (int n = 0; n < data.cards()[i].copies; ++n) defs.push_back(static_cast<int>(i));
  const auto perm = rules::card_ref_permutation(seed, defs.size());
  s.card_of.assign(defs.size(), 0);
  for (std::size_t i = 0; i < defs.size(); ++i) {
    const int id = perm[i];
    s.card_of[static_cast<std::size_t>(id)] = defs[i];
    s.decks[static_cast<std::size_t>(data.card(defs[i]).deck)].push_back(id);
  }
  for (auto& deck : s.decks) {
    std::sort(deck.begin(), deck.end());
    s.rng.shuffle(deck);
  }
}

}  // namespace

int eve_marker_start(EndCondition end, Length length, int players) {
  const int l = static_cast<int>(length);
  if (end == EndCondition::Trinity) return 2 + l;
  if (players == 4) return 15 + 5 * l;
  if (players == 3) return 20 + 5 * l;
  return 10 + 5 * l;
}

std::optional<GameState> initial_state(const StarMap& map, const RulesData& data, const rules::MatchSetup& setup,
                                       std::string* error) {
  const int players = static_cast<int>(setup.seats.size());
  auto fail = [&](const std::string& e) -> std::optional<GameState> {
    if (error) *error = e;
    return std::nullopt;
  };
  if (players < 2 || players > 4) return fail("EVE: Conquests needs 2 to 4 players");
  auto get = [&](const char* name, const char* fallback) {
    const auto it = setup.options.find(name);
    return it == setup.options.end() ? std::string(fallback) : it->second;
  };
  const auto end = end_from(get("end_condition", "trinity"));
  const auto length = length_from(get("length", "normal"));
  if (!end || !length) return fail("unknown end_condition or length");
  GameState s(setup.seed);
  s.players = players;
  s.end = *end;
  s.length = *length;
  s.doom = get("impending_doom", "false") == "true";
  s.eve_marker = eve_marker_start(s.end, s.length, players);
  s.regions.assign(static_cast<std::size_t>(map.size()), RegionState{});
  for (int r = 0; r < map.size(); ++r)
    s.regions[static_cast<std::size_t>(r)].exists = players > 2 || map.region(r).colour <= Colour::Blue;
  s.seats.assign(static_cast<std::size_t>(players), PlayerState{});
  s.token_supply = {20, 20, 20};
  deal_landscape(map, s);
  prepare_decks(data, s, setup.seed);
  s.first = static_cast<int>(s.rng.below(static_cast<std::uint64_t>(players)));
  return s;
}

void Engine::start() {
  for (int sq : {0, 4, 8}) flip(sq);  // A in the top row, B in the middle row, C in the bottom row
  emit("first_player", "seat " + std::to_string(s_.first) + " goes first", s_.first);
  wait(Pending::SetupFlip, s_.first, 2);
}

void Engine::flip(int square) {
  auto& sq = s_.landscape[static_cast<std::size_t>(square)];
  if (sq.cards.empty()) return;
  sq.revealed = true;
  const int r = sq.cards.back();
  emit("region_revealed", map_.region(r).name + " revealed (" + colour_name(map_.region(r).colour) + ", " +
                              nebula_name(square / 3) + " " + static_cast<char>('A' + square % 3) + ")",
       kNoSeat, colour_value(map_.region(r).colour)).region = rkey(r);
}

void Engine::setup_answer(int seat, const Words& w) {
  if (w[0] == "flip") {
    flip(std::stoi(w[1]));
    if (--s_.pending_count > 0) return;
    return wait(Pending::SetupHq, seat);
  }
  if (w[0] == "hq") {
    const int r = region_arg(w[1]);
    region(r).hq = seat;
    region(r).owner = seat;
    emit("headquarters", "seat " + std::to_string(seat) + " places its headquarters in " + map_.region(r).name, seat).region = rkey(r);
    return next_setup_seat(seat);
  }
  place_setup_unit(seat, region_arg(w[1]));
}

void Engine::next_setup_seat(int seat) {
  const int next = (seat + 1) % s_.players;
  if (next != s_.first) return wait(Pending::SetupFlip, next, 1);
  wait(Pending::SetupUnit, s_.first);
}

void Engine::place_setup_unit(int seat, int r) {
  place_unit(seat, r);
  const int next = (seat + 1) % s_.players;
  if (next == s_.first) ++s_.setup_round;
  if (s_.setup_round < 8) return wait(Pending::SetupUnit, next);
  end_setup();
}

// Chosen: each player's Seals start on the months of data/empire.txt `start`,
// in seat order from the first player.
void Engine::end_setup() {
  for (int k = 0; k < kKinds; ++k)
    for (int i = 0; i < s_.players; ++i)
      calendar().place((s_.first + i) % s_.players, k, data_.start_month(static_cast<Kind>(k)));
  emit("setup_over", "the setup round is over; January");
  next_turn();
}

// A unit from the supply: on an empty region (ownership), an own region (to the
// bottom) or an enemy region (an agent, on top).
void Engine::place_unit(int seat, int r) {
  auto& reg = region(r);
  if (reg.owner == kNoSeat) reg.owner = seat;
  if (reg.owner == seat) {
    ++reg.units;
  } else {
    reg.agents.push_back(seat);
  }
  auto& e = emit("unit_placed", "seat " + std::to_string(seat) + (reg.owner == seat ? " places a unit in " : " plants an agent in ") +
                          map_.region(r).name, seat, 1);
  e.region = rkey(r);
  e.what = reg.owner == seat ? "unit" : "agent";
}

}  // namespace concord::conquests
