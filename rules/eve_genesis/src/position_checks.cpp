// PositionParser: the whole-position checks after the last line (bases,
// prompt consistency, card ids) and load_position().
#include <set>

#include "concord/eve/position.hpp"
#include "concord/eve/timing.hpp"
#include "position_parser.hpp"
#include "zones.hpp"

namespace concord::eve {

bool PositionParser::finish() {
  if (!seats_declared_) return fail("missing 'seats N'");
  if (st_.variants.alliances) {
    // Allies sit side by side (alliance_seating). Without a `table` line:
    // 2 0 3 1, where priority goes 0, 2, 1, 3 (seats 0 and 1 lead).
    if (st_.table.empty()) st_.table = {2, 0, 3, 1};
    for (int p = 0; p < 4; ++p) {
      const bool left = st_.allied(st_.seat_at(p), st_.seat_at(p + 1));
      const bool right = st_.allied(st_.seat_at(p), st_.seat_at(p - 1));
      if (!left && !right) return fail("alliances: allies sit side by side ('table' with seats 0, 2 and 1, 3 together)");
    }
  }
  for (SeatIndex s = 0; s < static_cast<SeatIndex>(st_.seats.size()); ++s) {
    if (st_.seats[s].base.empty()) return fail("seat " + std::to_string(s) + " has no base=");
  }
  if (!prompt_given_) {
    st_.prompt_seat = st_.phase == Phase::Mulligan ? st_.first : st_.active;
    st_.pending = st_.result ? Pending::None
                  : st_.phase == Phase::Mulligan ? Pending::Mulligan
                  : st_.step == Step::Income     ? Pending::IncomeChoice
                                                 : Pending::Priority;
    if (st_.result) st_.prompt_seat = -1;
  }
  // Errata: "Enemy home regions: You may not end your turn controlling a ship
  // that is in another player's region. If such a ship remains in an enemy
  // region, you must withdraw it." That forced withdrawal resolves no attack,
  // so no `combat` line carries its must_withdraw=yes: a `withdraw` prompt
  // without one is forced (voluntary ones are announced in a battle's
  // Withdrawal step, which has a `combat` line).
  if (st_.pending == Pending::Withdraw && st_.combat.region.empty()) st_.combat.must_withdraw = true;
  return check_prompt() && remap_ids() && check_jumps() && check_combat() && check_pilots();
}

bool PositionParser::check_prompt() {
  const SeatIndex s = st_.prompt_seat;
  const bool active = s == st_.active;
  const bool member = st_.allied(s, st_.active);  // alliances: any member of the turn
  switch (st_.pending) {
    case Pending::None:
      if (!st_.result) return fail("prompt none needs a result");
      return true;
    case Pending::Mulligan:
      if (st_.phase != Phase::Mulligan) return fail("prompt mulligan needs phase mulligan mulligan");
      return true;
    case Pending::IncomeChoice:
      if (st_.step != Step::Income || !member) return fail("prompt income needs the income step and the active seat");
      return true;
    case Pending::Discard:
      if (st_.step != Step::End || !member || st_.seats[s].hand.size() <= 7) {
        return fail("prompt discard needs the end step, the active seat and more than seven cards");
      }
      return true;
    case Pending::OrderTriggers:
      if (st_.waiting.size() < 2 || !active) return fail("prompt order_triggers needs two waiting abilities and the active seat");
      return true;
    case Pending::Choice:
      if (st_.choice.kind == ResolutionChoice::Kind::None || s != st_.choice.seat || !st_.resolving) {
        return fail("prompt choice needs 'resolving yes' and a 'choice' line for that seat");
      }
      // A discard asks for at most the cards in hand (min(X, hand size)): no more than it offers.
      if (st_.choice.kind == ResolutionChoice::Kind::Discard &&
          st_.choice.count > static_cast<int>(st_.seats[s].hand.size())) {
        return fail("choice discard needs at least that many cards in the seat's hand");
      }
      return true;
    case Pending::ChooseAttack:
    case Pending::Withdraw:
    case Pending::AssignTarget:
    case Pending::AbilityTargets:
    case Pending::ContinueCombat:
    case Pending::Clone:
    case Pending::Redirect:
      if (st_.result) return fail("a finished match has no prompt");
      return true;  // check_combat()
    case Pending::Priority:
      if (!window(st_.phase, st_.step).priority) {
        return fail("no priority in " + to_string(st_.phase) + "/" + to_string(st_.step));
      }
      if (st_.result) return fail("a finished match has no prompt");
      return true;
  }
  return true;
}

bool PositionParser::remap_ids() {
  const int n = static_cast<int>(st_.cards.size());
  std::vector<CardId> final_id(n, -1);
  std::vector<bool> used(n, false);
  for (int p = 0; p < n; ++p) {
    const int e = explicit_ids_[p];
    if (e == 0) continue;
    line_no_ = id_lines_[p];
    if (e > n) return fail("card id #" + std::to_string(e) + " out of range (ids are 1.." + std::to_string(n) + ")");
    if (used[e - 1]) return fail("card id #" + std::to_string(e) + " used twice");
    used[e - 1] = true;
    final_id[p] = e - 1;
  }
  int next = 0;
  for (int p = 0; p < n; ++p) {
    if (final_id[p] >= 0) continue;
    while (used[next]) ++next;
    used[next] = true;
    final_id[p] = next;
  }
  std::vector<CardInstance> cards(n);
  for (int p = 0; p < n; ++p) cards[final_id[p]] = std::move(st_.cards[p]);
  st_.cards = std::move(cards);
  auto remap = [&](std::vector<CardId>& zone) {
    for (auto& id : zone) id = final_id[id];
  };
  for (auto& s : st_.seats) {
    for (auto* z : {&s.market, &s.hand, &s.scrapheap, &s.docks, &s.structures, &s.news, &s.pilots}) remap(*z);
  }
  for (auto& r : st_.regions) {
    remap(r.locations);
    remap(r.ships);
  }
  for (auto& p : st_.pile) {
    if (p.kind == PileItem::Kind::Card) p.card = final_id[p.card];
  }
  for (auto& u : st_.under) u.first = final_id[u.first];  // the ship is a final id already
  return true;
}

// A jump on the pile names a ship in play by its final id ("c12").
bool PositionParser::check_jumps() {
  std::size_t j = 0;
  for (const auto& p : st_.pile) {
    if (p.kind != PileItem::Kind::Jump) continue;
    line_no_ = jump_lines_[j++];
    const bool exists = p.card < static_cast<CardId>(st_.cards.size());
    if (!exists || db_.find(st_.cards[p.card].card)->type != CardType::Ship ||
        st_.cards[p.card].owner != p.controller) {
      return fail(card_ref(p.card) + " is not a ship of seat " + std::to_string(p.controller));
    }
    bool placed = contains(st_.seats[p.controller].docks, p.card);
    for (const auto& r : st_.regions) placed = placed || contains(r.ships, p.card);
    if (!placed) return fail(card_ref(p.card) + " is not in the docks or a region");
  }
  for (const auto& [line, id, effect] : ability_lines_) {
    line_no_ = line;
    if (id >= static_cast<CardId>(st_.cards.size())) return fail("no card " + card_ref(id));
    const auto& effects = db_.find(st_.cards[id].card)->effects;
    if (effect < 0 || effect >= static_cast<int>(effects.size()) ||
        effects[effect].trigger == Trigger::WhenResolved) {
      return fail(card_ref(id) + " has no pending ability " + std::to_string(effect));
    }
  }
  for (const auto& [card, ship] : st_.under) {  // "under": a ship in a region or the docks
    bool placed = false;
    for (const auto& r : st_.regions) placed = placed || contains(r.ships, ship);
    for (const auto& seat : st_.seats) placed = placed || contains(seat.docks, ship);
    if (ship >= static_cast<CardId>(st_.cards.size()) || !placed) {
      return fail("under: " + card_ref(ship) + " is not a ship in play");
    }
  }
  for (const auto& [line, key] : region_lines_) {
    line_no_ = line;
    if (!st_.region(key)) return fail("region '" + key + "' is not in play");
  }
  for (const auto& [line, id] : ref_lines_) {
    line_no_ = line;
    if (id >= static_cast<CardId>(st_.cards.size())) return fail("no card " + card_ref(id));
  }
  return true;
}

std::unique_ptr<EveMatch> load_position(std::string_view text, std::string* error,
                                        const CardDb& db) {
  PositionParser parser(db);
  if (!parser.parse(text)) {
    if (error) *error = parser.error();
    return nullptr;
  }
  return std::make_unique<EveMatch>(db, std::move(parser.state()), parser.rng());
}

}  // namespace concord::eve
