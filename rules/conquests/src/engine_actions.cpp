// Development, production and logistics actions; outposts; claiming Region
// cards; agents dispatched when no owned region is adjacent any more.
#include <algorithm>

#include "engine.hpp"
#include "prompts.hpp"

namespace concord::conquests {

namespace {
std::string seat_text(int seat) { return "seat " + std::to_string(seat); }
}  // namespace

void Engine::expand(int r) { place_unit(s_.turn.seat, r); }

void Engine::plant(int r) {
  place_unit(s_.turn.seat, r);
  s_.turn.planted[static_cast<std::size_t>(r)] = 1;
}

void Engine::produce(int r) {
  ++region(r).units;
  ++s_.turn.produced[static_cast<std::size_t>(r)];
  emit("unit_produced", seat_text(s_.turn.seat) + " produces a unit in " + map_.region(r).name, s_.turn.seat, 1).region = rkey(r);
}

// Draws from a project deck; an empty deck is rebuilt from its discard pile
// (chosen: the rulebook does not say).
void Engine::draw(int kind) {
  auto& deck = s_.decks[static_cast<std::size_t>(kind)];
  if (deck.empty()) {
    std::swap(deck, s_.discards[static_cast<std::size_t>(kind)]);
    s_.rng.shuffle(deck);
    emit("deck_reshuffled", std::string("the ") + kind_name(static_cast<Kind>(kind)) + " discard pile is shuffled");
  }
  const int card = deck.back();
  deck.pop_back();
  player(s_.turn.seat).hand.push_back(card);
  emit("card_drawn", seat_text(s_.turn.seat) + " draws a " + kind_name(static_cast<Kind>(kind)) + " card",
       s_.turn.seat, 1, rules::Visibility::all_but({s_.turn.seat})).what = kind_name(static_cast<Kind>(kind));
  emit("card_drawn", "you draw " + data_.card(s_.card_of[static_cast<std::size_t>(card)]).name + " (" +
                         card_ref(card) + ")", s_.turn.seat, 1, rules::Visibility::only({s_.turn.seat})).what = kind_name(static_cast<Kind>(kind));
}

void Engine::start_move(int r) {
  const auto& reg = region(r);
  s_.move_left = reg.hq == s_.turn.seat ? reg.units : reg.units - 1;
  s_.moved_any = false;
  s_.turn.acted[static_cast<std::size_t>(r)] = 1;
  wait(Pending::MoveUnits, s_.turn.seat, r);
}

void Engine::move_answer(const Words& w, std::int64_t value) {
  const int from = s_.pending_count;
  if (w[0] == "to") {
    const int to = region_arg(w[1]);
    const int n = static_cast<int>(value);
    region(from).units -= n;
    region(to).units += n;
    s_.move_left -= n;
    s_.moved_any = true;
    s_.turn.acted[static_cast<std::size_t>(to)] = 1;
    emit("units_moved", seat_text(s_.turn.seat) + " moves " + std::to_string(n) + " unit(s) from " +
                            map_.region(from).name + " to " + map_.region(to).name, s_.turn.seat, n).region = rkey(to);
  }
  if (w[0] != "done" && s_.move_left > 0) return;
  s_.move_left = 0;
  s_.moved_any = false;
  back_to_turn();
}

void Engine::build_outpost(int r, int kind) {
  const int seat = s_.turn.seat;
  region(r).outpost = kind;
  --s_.outpost_supply;
  gain_token(seat, kind);
  auto& e = emit("outpost_built", seat_text(seat) + " builds a " + kind_name(static_cast<Kind>(kind)) + " outpost in " +
                            map_.region(r).name, seat, 1);
  e.region = rkey(r);
  e.what = kind_name(static_cast<Kind>(kind));
}

void Engine::gain_token(int seat, int kind) {
  --s_.token_supply[static_cast<std::size_t>(kind)];
  ++player(seat).reserves[static_cast<std::size_t>(kind)];
}

// Claims the top Region cards of two squares, then flips two face-down tops.
void Engine::claim(int a, int b) {
  const int seat = s_.turn.seat;
  int vp = 0;
  for (int sq : {a, b}) {
    auto& square = s_.landscape[static_cast<std::size_t>(sq)];
    const int r = square.cards.back();
    square.cards.pop_back();
    square.revealed = false;
    player(seat).region_cards.push_back(r);
    vp += colour_value(map_.region(r).colour);
    emit("region_claimed", seat_text(seat) + " claims " + map_.region(r).name, seat, colour_value(map_.region(r).colour)).region = rkey(r);
  }
  s_.turn.claimed = true;
  emit("victory_points", seat_text(seat) + " gains " + std::to_string(vp) + " victory points", seat, vp);
  const auto down = Prompts(map_, data_, s_).face_down_squares();
  if (down.empty()) return;
  wait(Pending::FlipAfterClaim, seat, std::min<int>(2, static_cast<int>(down.size())));
}

// "If you no longer own a region adjacent to one of your agents, that agent is
// immediately dispatched and removed from the board."
void Engine::dispatch_stranded() {
  for (int r = 0; r < map_.size(); ++r) {
    auto& agents = region(r).agents;
    const auto stranded = [&](int seat) { return !board().adjacent_to_owned(seat, r); };
    const auto before = agents.size();
    agents.erase(std::remove_if(agents.begin(), agents.end(), stranded), agents.end());
    if (agents.size() != before)
      emit("agents_dispatched", std::to_string(before - agents.size()) + " agent(s) dispatched from " + map_.region(r).name,
           kNoSeat, static_cast<int>(before - agents.size())).region = rkey(r);
  }
}

}  // namespace concord::conquests
