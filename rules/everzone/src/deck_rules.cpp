#include "concord/everzone/deck_rules.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "builtin_data.hpp"

namespace concord::everzone {
namespace {

using rules::DeckViolation;

struct Checker {
  const CardDb& db;
  std::vector<DeckViolation> out;

  void add(const char* code, std::string message) { out.push_back({code, std::move(message)}); }

  void check_sections(const rules::Deck& deck) {
    for (const auto& s : deck.sections)
      if (s.name != kForceSection && s.name != kLocationsSection)
        add("UNKNOWN_SECTION", "unknown section [" + s.name + "] (use [force] and [locations])");
    for (const char* name : {kForceSection, kLocationsSection})
      if (!deck.section(name)) add("MISSING_SECTION", std::string("missing section [") + name + "]");
  }

  // "at least 50 cards ... of one race ... only one Leader card per game";
  // at most 100 cards and 11 copies of a card (chosen: kMaxForceCards, kMaxCopies).
  void check_force(const rules::DeckSection& force) {
    unsigned total = 0, leaders = 0;
    std::set<Race> races;
    std::map<std::string, unsigned> copies;
    for (const auto& dc : force.cards) {
      total += dc.count;
      copies[dc.card] += dc.count;
      const Card* c = db.find(dc.card);
      if (!c) { add("UNKNOWN_CARD", "unknown card '" + dc.card + "' in [force]"); continue; }
      if (c->kind == CardKind::Location) {
        add("WRONG_SECTION", "location '" + dc.card + "' belongs in [locations]");
        continue;
      }
      races.insert(c->race);
      if (c->leader) leaders += dc.count;
    }
    if (total < kMinForceCards)
      add("TOO_FEW_CARDS", "[force] has " + std::to_string(total) + " cards; at least 50 are needed");
    if (total > kMaxForceCards)
      add("TOO_MANY_CARDS", "[force] has " + std::to_string(total) + " cards; at most 100 are allowed");
    for (const auto& [id, n] : copies)
      if (n > kMaxCopies) add("TOO_MANY_COPIES", std::to_string(n) + " copies of '" + id + "' (at most 11)");
    if (races.size() > 1) add("MIXED_RACES", "[force] mixes races; a force deck is of one race");
    if (leaders == 0) add("NO_LEADER", "[force] has no Leader; exactly one is needed");
    if (leaders > 1)
      add("TOO_MANY_LEADERS", "[force] has " + std::to_string(leaders) + " Leaders; only one is allowed");
  }

  // "Each player chooses three Location cards from their reserve."
  void check_locations(const rules::DeckSection& locations) {
    unsigned total = 0;
    for (const auto& dc : locations.cards) {
      total += dc.count;
      const Card* c = db.find(dc.card);
      if (!c) add("UNKNOWN_CARD", "unknown card '" + dc.card + "' in [locations]");
      else if (c->kind != CardKind::Location)
        add("WRONG_SECTION", "'" + dc.card + "' is not a Location card");
    }
    if (total != kLocationPicks)
      add("WRONG_LOCATION_COUNT",
          "[locations] has " + std::to_string(total) + " cards; exactly 3 are chosen");
  }
};

}  // namespace

std::vector<DeckViolation> validate_deck(const CardDb& db, const rules::Deck& deck) {
  Checker c{db, {}};
  if (deck.game != kGameId) c.add("WRONG_GAME", "deck is for '" + deck.game + "', not everzone");
  c.check_sections(deck);
  if (const auto* f = deck.section(kForceSection)) c.check_force(*f);
  if (const auto* l = deck.section(kLocationsSection)) c.check_locations(*l);
  return c.out;
}

rules::Deck largest_deck(const CardDb& db, Race race) {
  rules::Deck deck{kGameId, std::string("largest ") + race_name(race), {{kForceSection, {}}, {kLocationsSection, {}}}};
  auto& force = deck.sections[0].cards;
  auto& locations = deck.sections[1].cards;
  for (const auto& c : db.cards())
    if (c.race == race && c.leader) {
      force.push_back({c.id, 1});
      break;
    }
  unsigned total = 1;
  for (const auto& c : db.cards()) {
    if (c.race != race || c.leader || c.kind == CardKind::Location || total == kMaxForceCards) continue;
    const unsigned n = std::min(kMaxCopies, kMaxForceCards - total);
    force.push_back({c.id, n});
    total += n;
  }
  for (const auto& c : db.cards()) {
    const bool base = c.id == "earth" || c.id == "sea" || c.id == "space";
    if (c.kind == CardKind::Location && !base && locations.size() < kLocationPicks) locations.push_back({c.id, 1});
  }
  return deck;
}

std::vector<rules::Deck> ready_made_decks() {
  std::vector<rules::Deck> out;
  for (auto text : detail::builtin_deck_texts())
    if (auto d = rules::Deck::from_text(text)) out.push_back(std::move(*d));
  return out;
}

}  // namespace concord::everzone
