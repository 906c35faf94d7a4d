// "Setup" and "Location Cards": instances, Leaders in hand, decks, battle deck.
#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/everzone_match.hpp"
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
  for (const auto& dc : deck.section(kLocationsSection)->cards)
    for (unsigned i = 0; i < dc.count; ++i) s.battle_deck.push_back(db.index_of(dc.card));
  s.players.push_back(std::move(p));
  return true;
}

}  // namespace

std::optional<GameState> initial_state(const CardDb& db, const rules::MatchSetup& setup, std::string* error) {
  GameState s(setup.seed);
  const auto cp = static_cast<int>(rules::option_int(setup.options, "command_points"));
  // "In a 1-vs-1 game the standard is 20 CP (10 for a short game, 30 for a long one)."
  bool ok = setup.seats.size() == 2 || fail(error, "this slice supports 1-vs-1 only");
  ok = ok && (cp == 10 || cp == 20 || cp == 30 || fail(error, "1-vs-1 uses 10, 20 or 30 CP"));
  for (const auto& seat : setup.seats) {
    ok = ok && ((seat.deck && validate_deck(db, *seat.deck).empty()) || fail(error, "every seat needs a legal deck"));
    ok = ok && add_seat(db, s, *seat.deck, cp, error);
  }
  if (!ok) return std::nullopt;
  // "Shuffle these cards together with the three base Location cards of Earth,
  // Sea and Space (9 cards in total)".
  for (const char* base : {"earth", "sea", "space"}) s.battle_deck.push_back(db.index_of(base));
  s.rng.shuffle(s.battle_deck);
  s.defense_mod.assign(s.card_of.size(), 0);
  return s;
}

}  // namespace concord::everzone
