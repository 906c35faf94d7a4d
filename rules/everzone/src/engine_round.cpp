// DRAW PHASE, BATTLE PHASE (refresh), DEPLOYMENT PHASE and RETREAT PHASE.
#include "engine.hpp"

namespace concord::everzone {

using rules::Visibility;

void Engine::start_game() {
  emit("match_started", "EverZone begins: " + std::to_string(player(0).cp) + " Command Points each");
  start_round();
}

// "At the end of the Retreat phase, a new battle begins, returning to phase 1,
// unless you have just played the last Location card from the deck."
void Engine::start_round() {
  if (s_.battle_deck.empty()) return end_by_cp("battle_deck_exhausted");
  for (int seat : alive_seats(s_)) draw_to_ten(seat);
  s_.location = s_.battle_deck.back();
  s_.battle_deck.pop_back();
  s_.battle += 1;
  s_.turn = 0;
  const Card& loc = db_.at(s_.location);
  emit("location_revealed", "battle " + std::to_string(s_.battle) + ": " + loc.name + " (" +
                                terrain_name(loc.terrain) + ", " + std::to_string(loc.turns()) + " turns)");
  s_.phase = Phase::Refresh;
  set_waiting(true);
}

// "Players draw cards from their decks until they have 10 cards in hand. If
// your Leader was not destroyed, add it to your hand." (The Leader is not counted.)
void Engine::draw_to_ten(int seat) {
  auto& p = player(seat);
  auto non_leader = [&] { return static_cast<int>(p.hand.size()) - (contains(p.hand, p.leader) ? 1 : 0); };
  std::vector<int> drawn;
  while (non_leader() < 10 && draw_one(seat)) drawn.push_back(p.hand.back());
  if (drawn.empty()) return;
  emit("cards_drawn", seat_name(seat) + " draws " + names(drawn), Visibility::only({seat}), seat, drawn,
       static_cast<int>(drawn.size()));
  emit("cards_drawn", seat_name(seat) + " draws " + std::to_string(drawn.size()) + " cards",
       Visibility::all_but({seat}), seat, {}, static_cast<int>(drawn.size()));
}

// "When your main deck runs out, shuffle the cards from the retreated pile to
// form a new deck for yourself. Cards in the fallen deck remain there."
bool Engine::draw_one(int seat) {
  auto& p = player(seat);
  if (p.deck.empty()) {
    if (p.retreated.empty()) return false;
    p.deck.swap(p.retreated);
    s_.rng.shuffle(p.deck);
    emit("deck_reshuffled", seat_name(seat) + " shuffles the retreated pile into a new deck", Visibility::all(), seat);
  }
  p.hand.push_back(p.deck.back());
  p.deck.pop_back();
  return true;
}

// "discard their entire hand (except the Leader card) and draw the same number
// of cards, but one fewer than discarded."
void Engine::refresh_hand(int seat) {
  auto& p = player(seat);
  std::vector<int> discarded;
  for (int c : p.hand)
    if (c != p.leader) discarded.push_back(c);
  for (int c : discarded) move_card(p.hand, p.retreated, c);
  emit("hand_refreshed", seat_name(seat) + " refreshes the hand, discarding " + names(discarded), Visibility::all(),
       seat, discarded);
  std::vector<int> drawn;
  for (std::size_t i = 1; i < discarded.size() && draw_one(seat); ++i) drawn.push_back(p.hand.back());
  emit("cards_drawn", seat_name(seat) + " draws " + names(drawn), Visibility::only({seat}), seat, drawn,
       static_cast<int>(drawn.size()));
  emit("cards_drawn", seat_name(seat) + " draws " + std::to_string(drawn.size()) + " cards",
       Visibility::all_but({seat}), seat, {}, static_cast<int>(drawn.size()));
}

void Engine::begin_deploy() {
  s_.phase = Phase::Deploy;
  set_waiting(true);
}

// "deploy ... any number of Units from their hands vertically (face down)".
void Engine::reveal_deployment() {
  for (int seat : alive_seats(s_)) {
    auto& p = player(seat);
    for (int c : p.secret) move_card(p.hand, p.deployed, c);
    emit("units_deployed", seat_name(seat) + " deploys " + std::to_string(p.secret.size()) + " Units face down",
         Visibility::all(), seat, {}, static_cast<int>(p.secret.size()));
    emit("units_deployed", seat_name(seat) + " deployed " + names(p.secret), Visibility::only({seat}), seat, p.secret,
         static_cast<int>(p.secret.size()));
  }
  s_.turn = 1;
  if (!s_.teams && alive_seats(s_).size() == 3) return begin_targeting();
  begin_turn();
}

// Three players: "Before the first turn of each Combat phase, each player
// secretly chooses one of these markers, then the players simultaneously
// reveal them". A player's options are the other players' race tokens.
void Engine::begin_targeting() {
  for (auto& p : s_.players) p.target = -1;
  s_.phase = Phase::Target;
  set_waiting(true);
}

void Engine::reveal_targets() {
  for (int seat : alive_seats(s_)) {
    auto& p = player(seat);
    p.target = p.secret_target;
    emit("target_revealed", seat_name(seat) + " targets " + seat_name(p.target), Visibility::all(), seat, {}, 0,
         {p.target});
  }
  for (const auto& side : sides(s_))
    if (side.shared_limit)
      emit("alliance", side_name(side) + " chose the same target: allies sharing the RESOURCE limit",
           Visibility::all(), side.seats[0], {}, 0, side.seats);
  set_waiting(false);
  begin_turn();
}

// "all cards in play are placed face up on top of the retreated pile (both
// Units and Support), and the Leader card returns to hand."
void Engine::begin_retreat() {
  for (int c : captured_units(s_)) {  // back to their owners before retreating
    take_out(c);
    player(s_.owner_of.at(static_cast<std::size_t>(c))).active.push_back(c);
  }
  for (int seat : alive_seats(s_)) {
    auto& p = player(seat);
    p.target = -1;
    // A Leader still face down goes back to hand unseen; the rest is face up.
    const bool leader_face_up = contains(p.active, p.leader) || contains(p.withdrawn, p.leader);
    const bool leader_in_play = leader_face_up || contains(p.deployed, p.leader);
    std::vector<int> retreated;
    for (auto* zone : {&p.deployed, &p.active, &p.withdrawn, &p.supports}) {
      for (int c : *zone)
        if (c != p.leader) retreated.push_back(c);
      zone->clear();
    }
    p.retreated.insert(p.retreated.end(), retreated.begin(), retreated.end());
    if (leader_in_play) p.hand.push_back(p.leader);
    p.supports_battle = 0;
    p.supports_turn = 0;
    std::string text = seat_name(seat) + " retreats " + names(retreated);
    if (leader_face_up) text += "; the Leader " + name(p.leader) + " returns to hand";
    emit("retreat", text, Visibility::all(), seat, retreated);
  }
  // "When this phase occurs, all bonuses and effects end their action."
  for (auto* list : {&s_.effects, &s_.abilities, &s_.declared, &s_.kept, &s_.just_activated}) list->clear();
  s_.lingering.clear();
  s_.effect_card = -1;
  s_.effect_step = 0;
  s_.after_clash = false;
  s_.in_clash = false;
  for (auto& p : s_.players) p.clash_rank = -1;
  s_.phase = Phase::Retreat;
  set_waiting(true);
}

void Engine::finish_retreat() {
  s_.location = -1;
  s_.turn = 0;
  start_round();
}

}  // namespace concord::everzone
