#include "concord/everzone/everzone_match.hpp"
#include "concord/rules/hash.hpp"

namespace concord::everzone {
namespace {

void add_player(rules::StateHasher& h, const PlayerState& p) {
  h.add_ints(p.cp, p.surrenders, p.leader, p.leader_alive);
  h.add_lists(p.deck, p.hand, p.deployed, p.active, p.withdrawn, p.supports, p.retreated, p.fallen, p.secret);
  h.add_ints(p.supports_turn, p.supports_battle, p.waiting, p.answered, p.surrender, p.secret_target, p.target,
             p.team, p.eliminated, p.clash_rank);
}

}  // namespace

std::string EverZoneMatch::state_hash_as(rules::StateHashVersion version) const {
  const GameState& s = state_;
  // The same bytes as feeding them here each time: card_of and owner_of are
  // fixed from the setup on, so their part of the hash is fed once.
  rules::StateHasher h = hash_prefix_.resume(version, {&s.card_of, &s.owner_of}, [&](rules::StateHasher& start) {
    start.add(std::string_view("everzone"));
    start.add_list(s.card_of);
    start.add_list(s.owner_of);
  });
  h.add_list(s.battle_deck);
  h.add_ints(s.location, s.turn, s.battle, static_cast<int>(s.phase), static_cast<int>(s.resume), s.teams,
             s.after_clash, s.in_clash, s.effect_card, s.effect_step);
  h.add_lists(s.effects, s.abilities, s.declared, s.kept, s.just_activated);
  h.add(static_cast<std::int64_t>(s.lingering.size()));
  for (const auto& e : s.lingering) {
    h.add_ints(e.source, e.seat, static_cast<int>(e.change), static_cast<int>(e.stat), e.amount,
               static_cast<int>(e.lasts));
    h.add_list(e.cards);
  }
  for (auto x : s.rng.state()) h.add(x);
  for (const auto& p : s.players) add_player(h, p);
  h.add(s.result.has_value());
  if (s.result) {
    h.add(s.result->draw).add(std::string_view(s.result->reason));
    h.add_list(s.result->winners);
  }
  return h.hex();
}

}  // namespace concord::everzone
