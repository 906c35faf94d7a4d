// "Setup" and "Location Cards": instances, Leaders in hand, decks, battle deck.
#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/everzone_match.hpp"
#include "command_points.hpp"
#include "concord/rules/card_refs.hpp"
#include "concord/rules/options.hpp"

namespace concord::everzone {
namespace {

bool fail(std::string* error, const std::string& message) {
  if (error) *error = message;
  return false;
}

bool add_seat(const CardDb& db, GameState& s, const rules::Deck& deck, int cp, std::string* error) {
  PlayerState p;
  p.cp = cp;
  const auto seat = static_cast<int>(s.players.size());
  p.team = s.teams ? seat % 2 : seat;
  for (const auto& dc : deck.section(kForceSection)->cards) {
    const int index = db.index_of(dc.card);
    for (unsigned i = 0; i < dc.count; ++i) {
      const int instance = static_cast<int>(s.card_of.size());
      s.card_of.push_back(index);
      s.owner_of.push_back(seat);
      if (db.at(index).leader) p.leader = instance;
      (db.at(index).leader ? p.hand : p.deck).push_back(instance);
    }
  }
  if (p.leader < 0) return fail(error, "deck has no Leader");
  s.rng.shuffle(p.deck);
  // "Each player — or faction, if playing with 4 players — chooses three
  // Location cards": a team's picks are those of its first seat.
  if (!s.teams || seat < 2)
    for (const auto& dc : deck.section(kLocationsSection)->cards)
      for (unsigned i = 0; i < dc.count; ++i) s.battle_deck.push_back(db.index_of(dc.card));
  s.players.push_back(std::move(p));
  return true;
}

// Instances were numbered in deck-list order; a ref ("c<N>") must say nothing
// of the card (rules/core card_refs.hpp), so they are renumbered by the
// match's permutation. At setup cards are only in hands and decks.
void opaque_refs(GameState& s, const rules::Seed& seed) {
  const auto perm = rules::card_ref_permutation(seed, s.card_of.size());
  std::vector<int> card_of(s.card_of.size()), owner_of(s.owner_of.size());
  for (std::size_t i = 0; i < perm.size(); ++i) {
    card_of[static_cast<std::size_t>(perm[i])] = s.card_of[i];
    owner_of[static_cast<std::size_t>(perm[i])] = s.owner_of[i];
  }
  s.card_of = std::move(card_of);
  s.owner_of = std::move(owner_of);
  for (auto& p : s.players) {
    p.leader = perm.at(static_cast<std::size_t>(p.leader));
    rules::renumber(p.hand, perm);
    rules::renumber(p.deck, perm);
  }
}

}  // namespace

std::optional<std::string> check_room(const rules::OptionValues& options, int seats) {
  const auto cp = rules::option_int(options, "command_points");
  const bool teams = options.count("teams") && rules::option_bool(options, "teams");
  if (seats < 2 || seats > 6 || seats == 5)
    return "EverZone is played by 2 or 3 players, or teams of 2 or 3 (4 or 6 seats)";
  if (teams && seats < 4) return "teams need 4 seats (2-vs-2) or 6 seats (3-vs-3)";
  if (!teams && seats >= 4) return "4 or 6 seats are team games: set the option teams=true";
  // L10 "the players choose the number of Command Points": 10, 20, 30 are
  // the short, standard and long examples, not the only values.
  if (cp < kMinCommandPoints || cp > kMaxCommandPoints) return "Command Points must be between 1 and 99";
  // L10 "In a team game (2-vs-2 or 3-vs-3) you should use at least 30 CP".
  if (teams && cp < kMinTeamCommandPoints) return "team games use at least 30 CP per team";
  return std::nullopt;
}

std::optional<GameState> initial_state(const CardDb& db, const rules::MatchSetup& setup, std::string* error) {
  GameState s(setup.seed);
  const auto cp = static_cast<int>(rules::option_int(setup.options, "command_points"));
  const auto room = check_room(setup.options, static_cast<int>(setup.seats.size()));
  bool ok = !room || fail(error, *room);
  s.teams = setup.options.count("teams") && rules::option_bool(setup.options, "teams");
  for (const auto& seat : setup.seats) {
    ok = ok && ((seat.deck && validate_deck(db, *seat.deck).empty()) || fail(error, "every seat needs a legal deck"));
    ok = ok && add_seat(db, s, *seat.deck, cp, error);
  }
  if (!ok) return std::nullopt;
  opaque_refs(s, setup.seed);
  // "Shuffle these cards together with the three base Location cards of Earth,
  // Sea and Space (9 cards in total)"; three players: "instead of using the
  // three base locations ... each player chooses three locations".
  if (s.players.size() != 3)
    for (const char* base : {"earth", "sea", "space"}) s.battle_deck.push_back(db.index_of(base));
  s.rng.shuffle(s.battle_deck);
  return s;
}

}  // namespace concord::everzone
