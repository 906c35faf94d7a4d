// High Card Duel: card ids and deck rules.
#include <map>

#include "testgame/highcard.hpp"

namespace concord::testgame {

namespace {

using Violations = std::vector<rules::DeckViolation>;

void check_game(const rules::Deck& deck, Violations& out) {
  if (deck.game == kHighCardId) return;
  out.push_back({"WRONG_GAME", "deck is for game '" + deck.game + "', not '" + kHighCardId + "'"});
}

void check_sections(const rules::Deck& deck, Violations& out) {
  for (const auto& section : deck.sections) {
    if (section.name == kCardsSection) continue;
    out.push_back({"UNKNOWN_SECTION", "unknown section '" + section.name + "' (only '" +
                                          kCardsSection + "' exists)"});
  }
  if (!deck.section(kCardsSection)) {
    out.push_back({"MISSING_SECTION", std::string("missing section '") + kCardsSection + "'"});
  }
}

// Copies per card id over every "cards" section, in id order.
std::map<std::string, unsigned> copies(const rules::Deck& deck) {
  std::map<std::string, unsigned> out;
  for (const auto& section : deck.sections) {
    if (section.name != kCardsSection) continue;
    for (const auto& card : section.cards) out[card.card] += card.count;
  }
  return out;
}

void check_cards(const std::map<std::string, unsigned>& counts, Violations& out) {
  for (const auto& [id, n] : counts) {
    if (!card_value(id)) {
      out.push_back({"UNKNOWN_CARD", "unknown card '" + id + "' (cards are c1..c9)"});
    } else if (n > kMaxCopies) {
      out.push_back({"TOO_MANY_COPIES", std::to_string(n) + " copies of '" + id + "' (at most " +
                                            std::to_string(kMaxCopies) + ")"});
    }
  }
}

void check_size(const std::map<std::string, unsigned>& counts, Violations& out) {
  unsigned total = 0;
  for (const auto& entry : counts) total += entry.second;
  if (total >= static_cast<unsigned>(kMinDeckCards)) return;
  out.push_back({"TOO_FEW_CARDS", "deck has " + std::to_string(total) + " cards (at least " +
                                      std::to_string(kMinDeckCards) + ")"});
}

}  // namespace

std::string card_id(int value) {
  std::string id = "c";  // appended, not "c" + string: GCC 12 -Wrestrict false positive
  id += std::to_string(value);
  return id;
}

std::optional<int> card_value(const std::string& id) {
  if (id.size() != 2 || id[0] != 'c' || id[1] < '1' || id[1] > '9') return std::nullopt;
  return id[1] - '0';
}

rules::Deck standard_highcard_deck(unsigned copies) {
  rules::DeckSection section{kCardsSection, {}};
  for (int v = 1; v <= 9; ++v) section.cards.push_back({card_id(v), copies});
  return rules::Deck{kHighCardId, "standard", {section}};
}

std::vector<rules::DeckViolation> validate_highcard_deck(const rules::Deck& deck) {
  Violations out;
  check_game(deck, out);
  check_sections(deck, out);
  const auto counts = copies(deck);
  check_cards(counts, out);
  check_size(counts, out);
  return out;
}

}  // namespace concord::testgame
