// EveMatch: "Game Setup" — the board, who goes first, the starting hand and
// the one-time mulligan ("shuffle them into his market, and then fill his
// hand back up to seven", starting with the first player).
#include <algorithm>
#include <numeric>

#include "concord/eve/deck_rules.hpp"
#include "concord/eve/eve_match.hpp"
#include "concord/rules/card_refs.hpp"
#include "concord/rules/hash.hpp"
#include "concord/rules/seed.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

constexpr std::size_t kHandSize = 7;

std::vector<std::string> section_cards(const rules::Deck& deck, const char* name) {
  std::vector<std::string> out;
  if (const auto* s = deck.section(name)) {
    for (const auto& c : s->cards) out.insert(out.end(), c.count, c.card);
  }
  return out;
}

}  // namespace

EveMatch::EveMatch(const CardDb& db, GameState state, rules::Rng rng)
    : db_(db), state_(std::move(state)), rng_(rng) {
  cache_defs();
}

void EveMatch::cache_defs() {
  defs_.clear();
  name_hashes_.clear();
  for (const auto& c : state_.cards) {
    defs_.push_back(db_.find(c.card));
    name_hashes_.push_back(rules::xxh64(c.card));
  }
}

std::vector<SeatIndex> seating(const rules::Seed& seed, int seats) {
  std::vector<SeatIndex> out(static_cast<std::size_t>(std::max(seats, 0)));
  std::iota(out.begin(), out.end(), 0);
  if (seats <= 2) return out;  // two seats: each sits to the other's left and right
  std::string material = "eve seating:";
  material.append(seed.bytes.begin(), seed.bytes.end());
  rules::Seed derived;
  derived.bytes = rules::sha256(material);
  rules::Rng rng(derived);
  rng.shuffle(out);
  return out;
}

std::vector<SeatIndex> alliance_seating(const std::vector<SeatIndex>& table, int alliances) {
  std::vector<SeatIndex> out;
  for (SeatIndex s : table) {
    if (std::find(out.begin(), out.end(), s) != out.end()) continue;
    for (SeatIndex m : table) {
      if (m % alliances == s % alliances) out.push_back(m);
    }
  }
  return out;
}

EveMatch::EveMatch(const CardDb& db, const std::vector<rules::Deck>& decks,
                   const rules::Seed& seed, const Variants& variants)
    : db_(db), rng_(seed) {
  state_.variants = variants;
  if (state_.variants.destroying) state_.variants.hunter = true;
  Events ev;
  deal(decks, seed, ev);
  cache_defs();
}

// "Place the base card on the table ... non-upgraded side face up. Then place
// the three remote regions face down off to the side ... shuffle your market."
void EveMatch::deal(const std::vector<rules::Deck>& decks, const rules::Seed& seed, Events& ev) {
  const int n = static_cast<int>(decks.size());
  state_.seats.resize(n);
  for (SeatIndex s = 0; s < n; ++s) {
    SeatState& seat = state_.seats[s];
    const auto base = section_cards(decks[s], kBaseSection);
    seat.base = base.empty() ? "" : base.front();
    seat.offdeck = section_cards(decks[s], kRegionsSection);
    auto market = section_cards(decks[s], kMarketSection);
    rng_.shuffle(market);
    for (auto& card : market) {
      seat.market.push_back(static_cast<CardId>(state_.cards.size()));
      state_.cards.push_back(CardInstance{std::move(card), s, 0, 0, 0, 0, ""});
    }
    // L202 "Each alliance has only one home region, in which each alliance
    // member places his base": home0 and home1 (seats 2 and 3 place theirs there).
    if (!state_.variants.alliances || s < 2) state_.regions.push_back(Region{home_key(s), seat.base, true, s, s, {}, {}});
  }
  opaque_refs(seed);
  // "Seats at the table are chosen randomly, and players take turns clockwise
  // from the player who starts the game."
  state_.table = seating(seed, n);
  if (state_.variants.alliances) state_.table = alliance_seating(state_.table, 2);
  // "Who goes first is decided randomly." Alliances: that player's alliance,
  // whose turn begins with its leftmost member (the lead).
  state_.first = state_.lead(static_cast<SeatIndex>(rng_.below(static_cast<std::uint64_t>(n))));
  state_.active = state_.first;
  emit(ev, "first_player", seat_name(state_.first) + " goes first");
  for (SeatIndex s = 0; s < n; ++s) {
    for (std::size_t i = 0; i < kHandSize; ++i) draw(s, ev);
  }
  state_.phase = Phase::Mulligan;
  state_.step = Step::Mulligan;
  state_.pending = Pending::Mulligan;
  state_.prompt_seat = state_.first;
}

// Card refs are opaque (rules/core card_refs.hpp): the instances, numbered in
// market order above, are renumbered by the match's permutation, so a ref
// names neither the card, nor its owner, nor its place in the market.
void EveMatch::opaque_refs(const rules::Seed& seed) {
  const auto perm = rules::card_ref_permutation(seed, state_.cards.size());
  std::vector<CardInstance> cards(state_.cards.size());
  for (std::size_t i = 0; i < cards.size(); ++i) cards[static_cast<std::size_t>(perm[i])] = std::move(state_.cards[i]);
  state_.cards = std::move(cards);
  for (auto& seat : state_.seats) rules::renumber(seat.market, perm);
}

rules::Prompt EveMatch::mulligan_prompt(SeatIndex seat) const {
  const auto& hand = state_.seats[seat].hand;
  rules::Prompt p{"mulligan",
                  "Choose any number of cards to shuffle into your market; you then draw back "
                  "up to seven (once, at the start of the game). Choose none to keep.",
                  0, static_cast<unsigned>(hand.size()), {}};
  for (CardId id : hand) p.options.push_back({card_ref(id), card_name(id), std::nullopt});
  return p;
}

void EveMatch::apply_mulligan(SeatIndex seat, const rules::Answer& answer, Events& ev) {
  SeatState& s = state_.seats[seat];
  for (const auto& c : answer.choices) {
    const CardId id = *parse_card_ref(c.option_id);
    remove_from(s.hand, id);
    s.market.push_back(id);
  }
  if (!answer.choices.empty()) rng_.shuffle(s.market);
  emit(ev, "mulligan", seat_name(seat) + " shuffles " + std::to_string(answer.choices.size()) +
                           " card(s) into the market");
  while (s.hand.size() < kHandSize && !state_.result) {
    if (!draw(seat, ev)) return;
  }
  const SeatIndex next = state_.next_living(seat);
  if (next == state_.first) {
    begin_turn(state_.first, ev);
  } else {
    state_.prompt_seat = next;
  }
}

}  // namespace concord::eve
