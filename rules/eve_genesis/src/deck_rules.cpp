// Deck validation (every violation listed) and the ready-made decks.
#include "concord/eve/deck_rules.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "embedded_data.hpp"

namespace concord::eve {

namespace {

using Violations = std::vector<rules::DeckViolation>;

void check_sections(const rules::Deck& deck, Violations& out) {
  if (deck.game != kGameId) {
    out.push_back({"WRONG_GAME", "deck is for game '" + deck.game + "', not 'eve_genesis'"});
  }
  const std::set<std::string> known = {kBaseSection, kRegionsSection, kMarketSection};
  for (const auto& s : deck.sections) {
    if (!known.count(s.name)) out.push_back({"UNKNOWN_SECTION", "unknown section '" + s.name + "'"});
  }
  for (const auto& name : known) {
    if (!deck.section(name)) out.push_back({"MISSING_SECTION", "missing section [" + name + "]"});
  }
}

unsigned count_of(const rules::DeckSection* s) {
  unsigned n = 0;
  if (s) for (const auto& c : s->cards) n += c.count;
  return n;
}

// Known cards of a section with the right type; reports unknown/wrong ones.
using TypeOk = bool (*)(CardType);
bool is_base(CardType t) { return t == CardType::Base; }
bool is_region(CardType t) { return t == CardType::RemoteRegion; }
bool is_market(CardType t) { return !is_base(t) && !is_region(t); }

void check_types(const rules::DeckSection* s, TypeOk ok, const std::string& code,
                 const CardDb& db, Violations& out) {
  if (!s) return;
  for (const auto& c : s->cards) {
    const CardDef* def = db.find(c.card);
    if (!def) {
      out.push_back({"UNKNOWN_CARD", "unknown card '" + c.card + "' in [" + s->name + "]"});
    } else if (!ok(def->type)) {
      out.push_back({code, "'" + c.card + "' (" + to_string(def->type) + ") cannot be in [" +
                               s->name + "]"});
    }
  }
}

void check_base(const rules::Deck& deck, const CardDb& db, Violations& out) {
  const auto* s = deck.section(kBaseSection);
  if (s && count_of(s) != 1) {
    out.push_back({"BASE_COUNT", "the deck must contain one base (found " +
                                     std::to_string(count_of(s)) + ")"});
  }
  check_types(s, is_base, "NOT_A_BASE", db, out);
}

void check_regions(const rules::Deck& deck, const CardDb& db, Violations& out) {
  const auto* s = deck.section(kRegionsSection);
  if (!s) return;
  if (count_of(s) != kRemoteRegions) {
    out.push_back({"REGION_COUNT", "the deck must contain exactly three remote regions (found " +
                                       std::to_string(count_of(s)) + ")"});
  }
  std::map<std::string, unsigned> seen;
  for (const auto& c : s->cards) seen[c.card] += c.count;
  for (const auto& [id, n] : seen) {
    if (n > 1) out.push_back({"DUPLICATE_REGION", "remote regions must be different: '" + id +
                                                      "' appears " + std::to_string(n) + " times"});
  }
  check_types(s, is_region, "NOT_A_REGION", db, out);
}

void check_market(const rules::Deck& deck, const CardDb& db, Violations& out) {
  const auto* s = deck.section(kMarketSection);
  if (!s) return;
  check_types(s, is_market, "NOT_A_MARKET_CARD", db, out);
  if (count_of(s) < kMinMarket) {
    out.push_back({"TOO_FEW_CARDS", "the market has " + std::to_string(count_of(s)) +
                                        " cards (at least 52)"});
  }
  if (count_of(s) > kMaxMarket) {
    out.push_back({"TOO_MANY_CARDS", "the market has " + std::to_string(count_of(s)) +
                                         " cards (at most 104, chosen)"});
  }
}

// "No more than four copies of each card" over the whole deck.
void check_copies(const rules::Deck& deck, Violations& out) {
  std::map<std::string, unsigned> copies;
  for (const auto& s : deck.sections) {
    for (const auto& c : s.cards) copies[c.card] += c.count;
  }
  for (const auto& [id, n] : copies) {
    if (n > kMaxCopies) {
      out.push_back({"TOO_MANY_COPIES", std::to_string(n) + " copies of '" + id + "' (at most 4)"});
    }
  }
}

// "You may play only cards whose race icon matches the race of your base."
void check_race(const rules::Deck& deck, const CardDb& db, Violations& out) {
  const auto* base_section = deck.section(kBaseSection);
  if (!base_section || base_section->cards.empty()) return;
  const CardDef* base = db.find(base_section->cards.front().card);
  if (!base || base->type != CardType::Base || base->races.empty()) return;
  const auto* market = deck.section(kMarketSection);
  if (!market) return;
  for (const auto& c : market->cards) {
    const CardDef* def = db.find(c.card);
    if (def && !def->playable_by(base->races.front())) {
      out.push_back({"WRONG_RACE", "'" + c.card + "' cannot be played by " +
                                       to_string(base->races.front())});
    }
  }
}

}  // namespace

std::vector<rules::DeckViolation> validate_deck(const rules::Deck& deck, const CardDb& db) {
  Violations out;
  check_sections(deck, out);
  check_base(deck, db, out);
  check_regions(deck, db, out);
  check_market(deck, db, out);
  check_copies(deck, out);
  check_race(deck, db, out);
  return out;
}

rules::Deck standard_deck(Race race) {
  std::string path = "decks/";
  path += to_string(race);
  path += ".deck";
  for (const auto& f : embedded_files()) {
    if (f.path == path) return rules::Deck::from_text(f.text).value_or(rules::Deck{});
  }
  return {};
}

rules::Deck largest_deck(Race race, const CardDb& db) {
  rules::Deck deck = standard_deck(race);
  deck.name = std::string("largest ") + to_string(race);
  std::vector<rules::DeckCard>* market = nullptr;
  for (auto& s : deck.sections)
    if (s.name == kMarketSection) market = &s.cards;
  if (!market) return deck;
  unsigned total = count_of(deck.section(kMarketSection));
  for (const auto& entry : db.all()) {
    const auto& id = entry.first;  // a plain name: clang 14 cannot capture a structured binding
    const auto& def = entry.second;
    if (total >= kMaxMarket) break;
    if (!is_market(def.type) || !def.playable_by(race)) continue;
    auto it = std::find_if(market->begin(), market->end(), [&](const rules::DeckCard& c) { return c.card == id; });
    if (it == market->end()) it = market->insert(market->end(), rules::DeckCard{id, 0});
    const unsigned add = std::min(kMaxCopies - it->count, kMaxMarket - total);
    it->count += add;
    total += add;
  }
  std::erase_if(*market, [](const rules::DeckCard& c) { return c.count == 0; });
  return deck;
}

std::vector<rules::Deck> standard_decks() {
  return {standard_deck(Race::Amarr), standard_deck(Race::Caldari),
          standard_deck(Race::Gallente), standard_deck(Race::Minmatar)};
}

}  // namespace concord::eve
