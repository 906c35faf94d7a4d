// state_hash(): every field of the GameState (hidden parts and RNG included),
// in a fixed order.
#include "concord/conquests/conquests_match.hpp"
#include "concord/rules/hash.hpp"

namespace concord::conquests {

namespace {

void add_player(rules::StateHasher& h, const PlayerState& p) {
  for (int k = 0; k < kKinds; ++k) h.add(p.schedule[static_cast<std::size_t>(k)]).add(p.reserves[static_cast<std::size_t>(k)]);
  h.add_list(p.hand);
  h.add(static_cast<std::int64_t>(p.in_play.size()));
  for (const auto& c : p.in_play) h.add(c.card).add(c.token);
  h.add_list(p.region_cards);
}

void add_turn(rules::StateHasher& h, const TurnState& t) {
  h.add(t.seat).add(t.kind).add(t.actions).add(t.claimed);
  for (const auto* v : {&t.acted, &t.planted, &t.present}) {
    h.add(static_cast<std::int64_t>(v->size()));
    for (char c : *v) h.add(static_cast<int>(c));
  }
  h.add_list(t.produced);
}

void add_battle(rules::StateHasher& h, const std::optional<Battle>& b) {
  h.add(b.has_value());
  if (!b) return;
  for (std::size_t i = 0; i < 2; ++i) {
    h.add(b->seat[i]).add(b->region[i]).add(b->power_bonus[i]).add(b->shield_bonus[i]).add(b->damage_bonus[i]);
    h.add(b->passed[i]).add(b->choice[i].has_value()).add(b->absorb[i]).add(b->lowered[i]);
    for (std::size_t c = 0; c < 3; ++c) h.add(b->choice[i] ? b->choice[i]->count[c] : -1).add(b->rolled[i][c]);
  }
  h.add(b->advantage).add(b->question).add(b->tactics_side).add(b->tactics_left);
}

}  // namespace

std::string ConquestsMatch::state_hash_as(rules::StateHashVersion version) const {
  const GameState& s = state_;
  rules::StateHasher h(version);
  h.add(s.players).add(static_cast<int>(s.end)).add(static_cast<int>(s.length)).add(s.doom).add(s.doom_active);
  h.add(s.eve_marker).add(s.first).add(s.month).add(s.next_order).add(s.setup_round);
  for (const auto& r : s.regions) {
    h.add(r.exists).add(r.owner).add(r.units).add(r.hq).add(r.outpost);
    h.add_list(r.agents);
  }
  for (const auto& sq : s.landscape) {
    h.add(sq.revealed);
    h.add_list(sq.cards);
  }
  for (const auto& p : s.seats) add_player(h, p);
  for (const auto& seal : s.seals) h.add(seal.seat).add(seal.kind).add(seal.month).add(seal.order);
  h.add_list(s.card_of);
  for (int k = 0; k < kKinds; ++k) {
    h.add_list(s.decks[static_cast<std::size_t>(k)]);
    h.add_list(s.discards[static_cast<std::size_t>(k)]);
    h.add(s.token_supply[static_cast<std::size_t>(k)]);
  }
  h.add(s.outpost_supply).add(static_cast<int>(s.pending)).add(s.pending_seat).add(s.pending_count);
  h.add(s.move_left).add(s.moved_any);
  add_turn(h, s.turn);
  add_battle(h, s.battle);
  for (const auto& l : s.losses) h.add(l.region).add(l.victim).add(l.winner).add(l.from).add(l.outpost).add(l.stage);
  h.add(s.result.has_value());
  if (s.result) {
    h.add(s.result->reason).add(s.result->draw);
    for (int w : s.result->winners) h.add(w);
  }
  for (auto word : s.rng.state()) h.add(word);
  return h.hex();
}

const char* pending_name(Pending p) {
  static const char* const names[] = {"setup_flip", "setup_hq",   "setup_unit", "choose_seal",  "discard",
                                      "turn",       "flip_after_claim", "card_target", "move_units", "schedule",
                                      "combat_cards", "dice",     "ask",        "tactics",      "token_loss",
                                      "steal",      "invade",     "over"};
  return names[static_cast<int>(p)];
}

}  // namespace concord::conquests
