// EveMatch::state_fields_hash: the state hash of version Fields and later
// (concord/rules/hash.hpp). Up to Xxh64 the hash was of the canonical position
// text (save_position, position_writer.cpp), and building the text was most
// of its cost; from Fields on the same fields are fed to the hasher directly,
// in the text's order, and no text is built (a two-seat game's positions:
// about 1.5 us a hash instead of 2.7 us).
//
// It feeds exactly what the text writes: two states hash alike exactly when
// save_position writes the same text for them (tests/rules/eve_genesis/
// state_hash_test.cpp checks both directions over random games). What the
// text leaves out is left out here too (a hand card's damage or order, an empty
// home region, who owns a home region, a table in index order, the combat
// stage while no attack is resolved), so a loaded position hashes like the
// state it was saved from. Every list is fed with its length, every optional
// part after a flag, every string length-prefixed (StateHasher), so the bytes
// tell the fields apart as the text's lines and words do.
//
// CardHashes feeds the same fields, but a card instance's card (its id in the
// CardDb, "ship_rifter") as the XXH64 of that id, which the match computes
// once per instance: hand, market, scrapheap and every line of cards name one,
// and their text was most of the bytes hashed (the hash was a tenth of an EVE
// command with views in the games benchmark). The number depends on the id's
// text alone, so a hash journaled now is made again by a later card set.
//
// A change to what the position text writes must be made here too.
#include <algorithm>
#include <string_view>

#include "concord/eve/eve_match.hpp"
#include "concord/rules/hash.hpp"

namespace concord::eve {

namespace {

using rules::StateHasher;

void add_size(StateHasher& h, std::size_t n) { h.add(static_cast<std::int64_t>(n)); }

void add_text(StateHasher& h, const std::string& s) { h.add(std::string_view(s)); }

void add_texts(StateHasher& h, const std::vector<std::string>& list) {
  add_size(h, list.size());
  for (const auto& s : list) add_text(h, s);
}

// The state and how an instance's card is fed: Fields feeds the card's id
// (its text), CardHashes the XXH64 of that text, kept per instance by the
// match (`names`): a number of 9 bytes instead of a string of about 25.
struct Cards {
  const GameState& st;
  const std::vector<std::uint64_t>* names;  // null: the id's text (Fields)

  void add_card_of(StateHasher& h, CardId id) const {
    if (names) {
      h.add((*names)[static_cast<std::size_t>(id)]);
    } else {
      add_text(h, st.cards[id].card);
    }
  }
};

// A list of card tokens ("ship_id#12" ...): the ids, then their cards.
void add_tokens(StateHasher& h, const Cards& c, const std::vector<CardId>& ids) {
  h.add_list(ids);
  for (CardId id : ids) c.add_card_of(h, id);
}

// A token's attributes, as the text writes them: those that are not default
// (pilot: when >= 0), after a mask of which they are (most cards have none).
void add_attrs(StateHasher& h, const CardInstance& c) {
  const int mask = (c.build != 0 ? 1 : 0) | (c.damage != 0 ? 2 : 0) | (c.duration != 0 ? 4 : 0) | (c.x != 0 ? 8 : 0) |
                   (c.pilot >= 0 ? 16 : 0) | (!c.order.empty() ? 32 : 0) | (!c.region.empty() ? 64 : 0) |
                   (!c.copy.empty() ? 128 : 0);
  h.add(mask);
  if (mask == 0) return;
  for (const int v : {c.build, c.damage, c.duration, c.x}) {
    if (v != 0) h.add(v);
  }
  if (c.pilot >= 0) h.add(c.pilot);
  for (const std::string* text : {&c.order, &c.region, &c.copy}) {
    if (!text->empty()) add_text(h, *text);
  }
}

// One token with its attributes ("dock 0 ship#3 damage=1").
void add_card(StateHasher& h, const Cards& c, CardId id) {
  h.add(id);
  c.add_card_of(h, id);
  add_attrs(h, c.st.cards[id]);
}

// Lines of single cards with their attributes (dock, structure, news, pilot).
void add_card_lines(StateHasher& h, const Cards& c, const std::vector<CardId>& ids) {
  add_size(h, ids.size());
  for (CardId id : ids) add_card(h, c, id);
}

// Pairs of card references (assigned, forced).
void add_ref_pairs(StateHasher& h, const std::vector<std::pair<CardId, CardId>>& pairs) {
  add_size(h, pairs.size());
  for (const auto& [a, b] : pairs) h.add(a).add(b);
}

// A ship and a region key (attacker, withdrawal).
void add_ref_texts(StateHasher& h, const std::vector<std::pair<CardId, std::string>>& pairs) {
  add_size(h, pairs.size());
  for (const auto& [ship, key] : pairs) {
    h.add(ship);
    add_text(h, key);
  }
}

void add_header(StateHasher& h, const GameState& st, const rules::Rng& rng) {
  h.add(std::string_view("eve_genesis"));
  add_size(h, st.seats.size());
  h.add(st.turn).add(st.first).add(st.active);
  h.add(static_cast<int>(st.phase)).add(static_cast<int>(st.step));
  h.add(static_cast<int>(st.pending)).add(st.prompt_seat);
  h.add(st.passes).add(st.region_played).add(st.resolving).add(st.turn_ends);
  for (std::uint64_t w : rng.state()) h.add(w);
  if (!st.result) {
    h.add(0);
  } else if (st.result->draw) {
    h.add(1);
    add_text(h, st.result->reason);
  } else {
    h.add(2);
    h.add_list(st.result->winners);
    add_text(h, st.result->reason);
  }
  bool shuffled = false;
  for (std::size_t i = 0; i < st.table.size(); ++i) shuffled = shuffled || st.table[i] != static_cast<SeatIndex>(i);
  h.add(shuffled);
  if (shuffled) h.add_list(st.table);
  h.add(st.variants.range).add(st.variants.hunter).add(st.variants.destroying).add(st.variants.alliances);
  const ResolutionChoice& c = st.choice;
  h.add(static_cast<int>(c.kind));
  if (c.kind != ResolutionChoice::Kind::None) {
    h.add(c.seat).add(c.count).add(c.source >= 0);
    if (c.source >= 0) {
      h.add(c.source);
    } else {
      add_text(h, c.region);
    }
  }
}

void add_seat(StateHasher& h, const Cards& c, const SeatState& s) {
  add_text(h, s.base);
  h.add(s.upgraded).add(s.base_damage).add(s.wallet).add(s.limited_played).add(s.out);
  add_texts(h, s.attached);
  add_texts(h, s.offdeck);
  add_tokens(h, c, s.hand);
  add_tokens(h, c, s.market);
  add_tokens(h, c, s.scrapheap);
  add_card_lines(h, c, s.docks);
  add_card_lines(h, c, s.structures);
  add_card_lines(h, c, s.news);
  add_card_lines(h, c, s.pilots);
}

// The text writes a home region only through its location and ship lines.
bool written(const Region& r) { return !r.home || !r.locations.empty() || !r.ships.empty(); }

void add_region(StateHasher& h, const Cards& c, const Region& r) {
  h.add(r.home);
  add_text(h, r.key);
  if (!r.home) {
    h.add(r.owner).add(r.controller.has_value()).add(r.controller.value_or(-1));
  }
  for (const auto* list : {&r.locations, &r.ships}) {
    add_size(h, list->size());
    for (CardId id : *list) {
      h.add(c.st.cards[id].owner);
      add_card(h, c, id);
    }
  }
}

void add_keyword_item(StateHasher& h, const PileItem& p) {
  h.add(p.card).add(static_cast<int>(p.keyword)).add(p.strength);
  add_text(h, p.region);
  h.add_list(p.targets);
  h.add(p.base_target >= 0 ? p.base_target : -1);
}

void add_ability_item(StateHasher& h, const PileItem& p) {
  h.add(p.card >= 0);
  if (p.card >= 0) {
    h.add(p.card);
  } else {
    add_text(h, p.region);
  }
  h.add(p.effect).add(p.target >= 0 ? p.target : -1);
  h.add_list(p.targets);
  h.add(p.strength > 0 ? p.strength : 0);
}

void add_damage_item(StateHasher& h, const PileItem& p) {
  add_text(h, p.region);
  add_size(h, p.damage.size());
  for (const auto& d : p.damage) {
    h.add(d.source).add(d.redirected).add(d.base >= 0);
    h.add(d.base >= 0 ? d.base : d.target);
    h.add(d.amount);
  }
}

void add_effect(StateHasher& h, const LingeringEffect& e) {
  h.add(e.controller).add(e.source).add(e.card >= 0);
  if (e.card >= 0) {
    h.add(e.card);
  } else {
    add_text(h, e.region);
  }
  h.add(static_cast<int>(e.change.kind));
  h.add(e.change.kind == ChangeKind::CannotExecute ? std::string_view(e.change.order) : std::string_view());
  h.add(e.change.amount).add(static_cast<int>(e.until)).add(static_cast<int>(e.condition));
}

// Cards under ships: one line per ship, in the order of its first card.
void add_under(StateHasher& h, const Cards& c) {
  const GameState& st = c.st;
  std::vector<CardId> holders;
  for (const auto& [card, ship] : st.under) {
    if (std::find(holders.begin(), holders.end(), ship) == holders.end()) holders.push_back(ship);
  }
  add_size(h, holders.size());
  std::vector<CardId> cards;
  for (CardId ship : holders) {
    h.add(st.cards[ship].owner).add(ship);
    cards.clear();
    for (const auto& [card, holder] : st.under) {
      if (holder == ship) cards.push_back(card);
    }
    add_tokens(h, c, cards);
  }
}

void add_combat(StateHasher& h, const Cards& cards) {
  const GameState& st = cards.st;
  const CombatState& c = st.combat;
  add_texts(h, c.attacks);
  add_ref_texts(h, c.attackers);
  add_text(h, c.region);
  if (!c.region.empty()) {
    h.add(c.defender >= 0 ? c.defender : -1).add(static_cast<int>(c.stage));
    h.add(c.must_withdraw).add(c.defender_left);
  }
  h.add_list(c.defenders);
  h.add_list(c.queue);
  h.add_list(st.mined);
  h.add_list(st.clones);
  add_size(h, st.effects.size());
  for (const auto& e : st.effects) add_effect(h, e);
  add_under(h, cards);
  add_ref_pairs(h, c.assigned);
  add_size(h, c.shares.size());
  for (const auto& s : c.shares) h.add(s.ship).add(s.target).add(s.amount);
  add_ref_pairs(h, c.forced);
  add_ref_texts(h, c.withdrawals);
  add_size(h, c.triggered.size());
  for (const auto& t : c.triggered) {
    const bool ability = t.kind == PileItem::Kind::Ability;
    h.add(t.controller).add(ability);
    if (ability) {
      add_ability_item(h, t);
    } else {
      add_keyword_item(h, t);
    }
  }
}

void add_pile(StateHasher& h, const Cards& c) {
  const GameState& st = c.st;
  add_size(h, st.waiting.size());
  for (const auto& w : st.waiting) {
    const bool keyword = w.kind == PileItem::Kind::Keyword;
    h.add(w.controller).add(keyword);
    if (keyword) {
      add_keyword_item(h, w);
    } else {
      add_ability_item(h, w);
    }
  }
  add_size(h, st.pile.size());
  for (const auto& p : st.pile) {
    h.add(p.controller).add(static_cast<int>(p.kind));
    switch (p.kind) {
      case PileItem::Kind::Ability: add_ability_item(h, p); break;
      case PileItem::Kind::Upgrade: break;
      case PileItem::Kind::Region: add_text(h, p.region); break;
      case PileItem::Kind::Jump:
        h.add(p.card);
        add_text(h, p.region);
        add_text(h, p.from);
        break;
      case PileItem::Kind::Keyword: add_keyword_item(h, p); break;
      case PileItem::Kind::Damage: add_damage_item(h, p); break;
      case PileItem::Kind::Card:
        add_card(h, c, p.card);
        add_text(h, p.region);
        h.add(p.target >= 0 ? p.target : -1);
        break;
    }
  }
}

}  // namespace

std::string EveMatch::state_fields_hash(rules::StateHashVersion version) const {
  const GameState& st = state_;
  StateHasher h(version);
  const Cards cards{st, version == rules::StateHashVersion::Fields ? nullptr : &name_hashes_};
  add_header(h, st, rng_);
  for (const auto& s : st.seats) add_seat(h, cards, s);
  add_size(h, static_cast<std::size_t>(std::count_if(st.regions.begin(), st.regions.end(), written)));
  for (const auto& r : st.regions) {
    if (written(r)) add_region(h, cards, r);
  }
  add_combat(h, cards);
  add_pile(h, cards);
  return h.hex();
}

}  // namespace concord::eve
