#include "concord/conquests/view.hpp"

#include <memory>

#include "concord/conquests/board.hpp"
#include "concord/conquests/conquests_match.hpp"
#include "prompts.hpp"

namespace concord::conquests {

namespace {

bool sees_seat(const rules::Viewer& v, int seat) {
  return v.kind == rules::Viewer::Kind::Judge || (v.kind == rules::Viewer::Kind::Seat && v.seat == seat);
}

HandCard hand_card(const GameState& s, int c) {
  const auto& def = RulesData::builtin().card(s.card_of[static_cast<std::size_t>(c)]);
  return {card_ref(c), def.id, def.name};
}

SeatView seat_view(const GameState& s, const Board& board, int seat, const rules::Viewer& v) {
  const auto& p = s.seats[static_cast<std::size_t>(seat)];
  SeatView out;
  out.seat = seat;
  out.victory_points = board.victory_points(seat);
  out.schedule = p.schedule;
  out.reserves = p.reserves;
  for (const auto& c : p.in_play) out.in_play.push_back(hand_card(s, c.card));
  for (int r : p.region_cards) out.region_cards.push_back(StarMap::builtin().region(r).key);
  out.hand_count = static_cast<int>(p.hand.size());
  out.units_in_supply = board.supply(seat);
  if (sees_seat(v, seat)) {
    out.hand.emplace();
    for (int c : p.hand) out.hand->push_back(hand_card(s, c));
  }
  return out;
}

BattleView battle_view(const GameState& s, const rules::Viewer& v) {
  const Battle& b = *s.battle;
  const auto& map = StarMap::builtin();
  BattleView out;
  out.seats = b.seat;
  const bool rolled = s.pending == Pending::Tactics || (b.choice[0] && b.choice[1]);
  for (std::size_t i = 0; i < 2; ++i) {
    out.regions[i] = map.region(b.region[i]).key;
    out.chosen[i] = b.choice[i].has_value();
    if (b.choice[i] && (rolled || sees_seat(v, b.seat[i]))) out.choice[i] = b.choice[i];
  }
  out.advantage = b.advantage;
  static const char* const names[] = {"damage", "shield", "tactics"};
  if (b.question >= 0) {
    out.question = names[b.question];
    const bool party = sees_seat(v, b.seat[0]) || sees_seat(v, b.seat[1]);
    if (party || rolled) out.answer = b.choice[static_cast<std::size_t>(1 - b.advantage)]->count[static_cast<std::size_t>(b.question)];
  }
  if (rolled) out.rolled = b.rolled;
  return out;
}

}  // namespace

std::unique_ptr<ConquestsView> project_view(const GameState& s, const rules::Viewer& viewer) {
  const auto& map = StarMap::builtin();
  const Board board(map, s);
  auto v = std::make_unique<ConquestsView>();
  v->viewer = viewer;
  v->players = s.players;
  v->pending = pending_name(s.pending);
  v->pending_seat = s.pending_seat;
  v->month = s.month;
  v->eve_marker = s.eve_marker;
  v->end_condition = s.end == EndCondition::Trinity ? "trinity" : "revelation";
  v->doom_active = s.doom_active;
  for (int r = 0; r < map.size(); ++r) {
    const auto& reg = s.regions[static_cast<std::size_t>(r)];
    if (!reg.exists) continue;
    const auto& def = map.region(r);
    std::vector<std::string> gates;
    for (int g : def.gates)
      if (s.regions[static_cast<std::size_t>(g)].exists) gates.push_back(map.region(g).key);
    v->regions.push_back({def.key, reg.owner, reg.units, reg.agents, reg.hq,
                          reg.outpost >= 0 ? kind_name(static_cast<Kind>(reg.outpost)) : "", "", def.name,
                          colour_name(def.colour), nebula_name(def.nebula), std::move(gates)});
  }
  for (int sq = 0; sq < kSquares; ++sq) {
    const auto& square = s.landscape[static_cast<std::size_t>(sq)];
    v->square_counts[static_cast<std::size_t>(sq)] = static_cast<int>(square.cards.size());
    if (!square.revealed || square.cards.empty()) continue;
    const auto& key = map.region(square.cards.back()).key;
    v->face_up[static_cast<std::size_t>(sq)] = key;
    for (auto& rv : v->regions)
      if (rv.key == key) rv.marker = std::string(nebula_name(sq / 3)) + " " + static_cast<char>('A' + sq % 3);
  }
  for (const auto& seal : s.seals)
    v->seals.push_back({seal.seat, seal.seat < 0 ? "eve_marker" : kind_name(static_cast<Kind>(seal.kind)), seal.month});
  for (int seat = 0; seat < s.players; ++seat) v->seats.push_back(seat_view(s, board, seat, viewer));
  for (int k = 0; k < kKinds; ++k) v->deck_counts[static_cast<std::size_t>(k)] = static_cast<int>(s.decks[static_cast<std::size_t>(k)].size());
  if (s.battle) v->battle = battle_view(s, viewer);
  v->result = s.result;
  return v;
}

std::unique_ptr<rules::View> ConquestsMatch::view(const rules::Viewer& viewer) const {
  return project_view(state_, viewer);
}

}  // namespace concord::conquests
