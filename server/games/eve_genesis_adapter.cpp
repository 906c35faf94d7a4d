#include "eve_genesis_adapter.hpp"

namespace concord::server::games {

namespace {

namespace pb = v1::games::eve;

void fill_card(const eve::EveCardView& c, pb::EveCard* out) {
  out->set_ref(c.ref);
  out->set_card(c.card);
  out->set_name(c.name);
  out->set_build(c.build);
  out->set_damage(c.damage);
  out->set_duration(c.duration);
  out->set_x(c.x);
  out->set_order(c.order);
  out->set_shield(c.shield);
  out->set_attack(c.attack);
  out->set_attacking(c.attacking);
  out->set_names(c.names);
  out->set_pilot(c.pilot);
  out->set_region(c.region);
  out->set_copies(c.copies);
  out->set_under(c.under);
  out->set_depleted(c.depleted);
  out->set_grounded(c.grounded);
  out->set_shielded(c.shielded);
}

template <typename Field>
void fill_cards(const std::vector<eve::EveCardView>& cards, Field* out) {
  for (const auto& c : cards) fill_card(c, out->Add());
}

void fill_seat(const eve::EveSeatView& s, pb::EveSeat* out) {
  out->set_index(static_cast<std::uint32_t>(s.index));
  out->set_base_name(s.base_name);
  out->set_upgraded(s.upgraded);
  if (s.upgrade_name) out->set_upgrade_name(*s.upgrade_name);
  out->set_base_damage(s.base_damage);
  out->set_wallet(s.wallet);
  out->set_hand_count(s.hand_count);
  out->set_market_count(s.market_count);
  out->set_offdeck_count(s.offdeck_count);
  out->set_out(s.out);
  out->set_hand_visible(s.hand.has_value());
  if (s.hand) fill_cards(*s.hand, out->mutable_hand());
  out->set_market_visible(s.market.has_value());
  if (s.market) fill_cards(*s.market, out->mutable_market());
  out->set_offdeck_visible(s.offdeck.has_value());
  if (s.offdeck) out->mutable_offdeck()->Assign(s.offdeck->begin(), s.offdeck->end());
  fill_cards(s.scrapheap, out->mutable_scrapheap());
  fill_cards(s.docks, out->mutable_docks());
  fill_cards(s.structures, out->mutable_structures());
  fill_cards(s.news, out->mutable_news());
  out->set_base_shield(s.base_shield);
  fill_cards(s.pilots, out->mutable_pilots());
}

void fill_region(const eve::EveRegionView& r, pb::EveRegion* out) {
  out->set_key(r.key);
  out->set_name(r.name);
  out->set_home(r.home);
  out->set_owner(r.owner);
  out->set_controlled(r.controller.has_value());
  out->set_controller(r.controller.value_or(-1));
  fill_cards(r.locations, out->mutable_locations());
  fill_cards(r.ships, out->mutable_ships());
}

void fill_pile_item(const eve::EvePileView& p, pb::EvePileItem* out) {
  out->set_controller(p.controller);
  out->set_kind(p.kind);
  if (p.card) fill_card(*p.card, out->mutable_card());
  out->set_target(p.target);
  out->set_region(p.region);
  out->set_keyword(p.keyword);
  out->set_strength(p.strength);
  out->mutable_targets()->Assign(p.targets.begin(), p.targets.end());
  for (const auto& d : p.damage) {
    auto* damage = out->add_damage();
    damage->set_source(d.source);
    damage->set_target(d.target);
    damage->set_amount(d.amount);
  }
}

template <typename Field>
void fill_pairs(const std::vector<std::pair<std::string, std::string>>& pairs, Field* out) {
  for (const auto& [from, to] : pairs) {
    auto* pair = out->Add();
    pair->set_from(from);
    pair->set_to(to);
  }
}

void fill_combat(const eve::EveCombatView& c, pb::EveCombat* out) {
  out->mutable_attacks()->Assign(c.attacks.begin(), c.attacks.end());
  out->mutable_attackers()->Assign(c.attackers.begin(), c.attackers.end());
  out->set_region(c.region);
  out->set_defender(c.defender);
  out->set_stage(c.stage);
  out->mutable_defenders()->Assign(c.defenders.begin(), c.defenders.end());
  fill_pairs(c.assigned, out->mutable_assigned());
  out->mutable_jammed()->Assign(c.jammed.begin(), c.jammed.end());
  out->mutable_scrambled()->Assign(c.scrambled.begin(), c.scrambled.end());
  fill_pairs(c.forced, out->mutable_forced());
  fill_pairs(c.withdrawals, out->mutable_withdrawals());
  for (const auto& t : c.triggered) fill_pile_item(t, out->add_triggered());
}

void fill_view(const eve::EveView& view, pb::EveView& out) {
  out.set_turn(static_cast<std::uint32_t>(view.turn));
  out.set_first(static_cast<std::uint32_t>(view.first));
  out.set_active(static_cast<std::uint32_t>(view.active));
  out.set_phase(view.phase);
  out.set_step(view.step);
  out.set_prompt(view.prompt);
  out.set_prompt_seat(view.prompt_seat);
  for (const auto& s : view.seats) fill_seat(s, out.add_seats());
  for (const auto& r : view.regions) fill_region(r, out.add_regions());
  for (const auto& p : view.pile) fill_pile_item(p, out.add_pile());
  for (const auto& p : view.waiting) fill_pile_item(p, out.add_waiting());
  fill_combat(view.combat, out.mutable_combat());
  for (const auto& b : view.boosts) {
    auto* boost = out.add_boosts();
    boost->set_seat(static_cast<std::uint32_t>(b.seat));
    boost->set_region(b.region);
    boost->set_amount(b.amount);
  }
}

}  // namespace

pb::EveView to_proto(const eve::EveView& view) {
  pb::EveView out;
  fill_view(view, out);
  return out;
}

// The wire view lives only until it is packed: built on an arena, its few
// hundred cards and strings cost no malloc/free each (projections dominated
// the per-command cost, see tests/bench/games_bench.cpp).
void EveGenesisAdapter::encode_view(const rules::View& view, google::protobuf::Any* out) const {
  google::protobuf::Arena arena;
  auto* wire = google::protobuf::Arena::CreateMessage<pb::EveView>(&arena);
  fill_view(dynamic_cast<const eve::EveView&>(view), *wire);
  out->PackFrom(*wire);
}

void EveGenesisAdapter::encode_event(const rules::EventData&, google::protobuf::Any*) const {}

}  // namespace concord::server::games
