// Attacks in five steps: powers, agents compared, the card window (attacker
// first), secret simultaneous dice choices (with the agent-advantage
// question), the roll and the tactical actions, then damage.
#include <algorithm>

#include "engine.hpp"
#include "prompts.hpp"

namespace concord::conquests {

namespace {
const char* const kDieNames[] = {"damage", "shield", "tactics"};
}  // namespace

int Engine::side_of(int seat) const { return s_.battle && s_.battle->seat[0] == seat ? 0 : 1; }

void Engine::attack(int from, int to) {
  Battle b;
  b.seat = {s_.turn.seat, region(to).owner};
  b.region = {from, to};
  s_.turn.acted[static_cast<std::size_t>(from)] = 1;
  const int mine = board().agents(b.seat[0], to), theirs = board().agents(b.seat[1], from);
  b.advantage = mine > theirs ? 0 : (theirs > mine ? 1 : -1);
  s_.battle = b;
  auto& e = emit("attack", "seat " + std::to_string(b.seat[0]) + " attacks " + map_.region(to).name + " (seat " +
                     std::to_string(b.seat[1]) + ") from " + map_.region(from).name, b.seat[0]);
  e.region = rkey(to);
  e.other_seat = b.seat[1];
  card_window();
}

// Step three's card window: the attacker plays his cards, then the defender.
void Engine::card_window() {
  auto& b = *s_.battle;
  const Prompts prompts(map_, data_, s_);
  for (int side = 0; side < 2; ++side) {
    if (b.passed[static_cast<std::size_t>(side)]) continue;
    if (!prompts.combat_cards(b.seat[static_cast<std::size_t>(side)]).empty())
      return wait(Pending::CombatCards, b.seat[static_cast<std::size_t>(side)]);
    b.passed[static_cast<std::size_t>(side)] = true;
  }
  start_dice();
}

void Engine::combat_card(int seat, const Words& w) {
  if (w[0] == "pass") {
    s_.battle->passed[static_cast<std::size_t>(side_of(seat))] = true;
  } else {
    play_card(seat, card_from_ref(w[1]).value_or(0));
  }
  card_window();
}

// Without an agent advantage both sides choose at once; otherwise the other
// side chooses first and the advantaged side asks its question.
void Engine::start_dice() {
  wait(Pending::Dice, kNoSeat);
  const int adv = s_.battle->advantage;
  emit("choose_dice", adv < 0 ? "both sides choose their dice in secret"
                              : "seat " + std::to_string(s_.battle->seat[static_cast<std::size_t>(1 - adv)]) +
                                    " chooses dice first (agent advantage)");
}

void Engine::dice_answer(int seat, const Words& w) {
  auto& b = *s_.battle;
  const int side = side_of(seat);
  Dice d;
  for (std::size_t i = 0; i < 3; ++i) d.count[i] = std::stoi(w[i + 1]);
  b.choice[static_cast<std::size_t>(side)] = d;
  emit("dice_chosen", "seat " + std::to_string(seat) + " has chosen its dice", seat);
  if (b.advantage >= 0 && side != b.advantage) return wait(Pending::Ask, b.seat[static_cast<std::size_t>(b.advantage)]);
  if (b.choice[0] && b.choice[1]) roll();
}

// The truthful answer is told to the asking seat only (the answering seat knows it).
void Engine::ask(const Words& w) {
  auto& b = *s_.battle;
  int colour = 0;
  while (colour < 2 && w[1] != kDieNames[colour]) ++colour;
  b.question = colour;
  const int other = 1 - b.advantage;
  const int count = b.choice[static_cast<std::size_t>(other)]->count[static_cast<std::size_t>(colour)];
  const auto asker = b.seat[static_cast<std::size_t>(b.advantage)];
  emit("question", "seat " + std::to_string(asker) + " asks how many " + kDieNames[colour] + " dice were picked", asker).what = kDieNames[colour];
  emit("answer", "seat " + std::to_string(b.seat[static_cast<std::size_t>(other)]) + " picked " + std::to_string(count) +
                     " " + kDieNames[colour] + " dice", asker, count,
       rules::Visibility::only({asker, b.seat[static_cast<std::size_t>(other)]})).what = kDieNames[colour];
  wait(Pending::Dice, kNoSeat);
}

void Engine::roll() {
  auto& b = *s_.battle;
  for (std::size_t side = 0; side < 2; ++side) {
    for (std::size_t c = 0; c < 3; ++c) {
      int sum = 0;
      for (int i = 0; i < b.choice[side]->count[c]; ++i) sum += data_.die(static_cast<int>(c))[s_.rng.below(6)];
      b.rolled[side][c] = sum;
    }
    b.rolled[side][kDamage] += b.damage_bonus[side];
    b.rolled[side][kShield] += b.shield_bonus[side];
    const auto& ch = b.choice[side]->count;
    emit("dice_rolled", "seat " + std::to_string(b.seat[side]) + " rolls " + std::to_string(ch[0]) + "/" +
                            std::to_string(ch[1]) + "/" + std::to_string(ch[2]) + " dice: " +
                            std::to_string(b.rolled[side][kDamage]) + " damage, " +
                            std::to_string(b.rolled[side][kShield]) + " shields, " +
                            std::to_string(b.rolled[side][kTactics]) + " tactics", b.seat[side], b.rolled[side][kDamage])
        .region = rkey(b.region[side]);
  }
  const int diff = b.rolled[0][kTactics] - b.rolled[1][kTactics];
  if (diff == 0) return resolve_battle();
  b.tactics_side = diff > 0 ? 0 : 1;
  b.tactics_left = std::abs(diff);
  wait(Pending::Tactics, b.seat[static_cast<std::size_t>(b.tactics_side)]);
}

void Engine::tactics_answer(const Words& w) {
  auto& b = *s_.battle;
  const auto side = static_cast<std::size_t>(b.tactics_side);
  const int seat = b.seat[side];
  if (w[0] == "done") return resolve_battle();
  if (w[0] == "absorb") ++b.absorb[side];
  if (w[0] == "lower") ++b.lowered[1 - side];
  if (w[0] == "withdraw") {
    const int to = region_arg(w[1]);
    --region(b.region[side]).units;
    ++region(to).units;
    if (seat == s_.turn.seat) s_.turn.acted[static_cast<std::size_t>(to)] = 1;
  }
  emit("tactic", "seat " + std::to_string(seat) + " spends a tactical action: " + w[0], seat).what = w[0];
  if (--b.tactics_left == 0) resolve_battle();
}

// Step four: damage less shields (lowered by tactics) less absorbed damage
// destroys units on both sides; lost regions go to the aftermath queue.
void Engine::resolve_battle() {
  auto& b = *s_.battle;
  std::array<int, 2> losses{};
  for (std::size_t side = 0; side < 2; ++side) {
    const std::size_t other = 1 - side;
    const int shields = std::max(0, b.rolled[side][kShield] - b.lowered[side]);
    const int damage = std::max(0, b.rolled[other][kDamage] - shields - b.absorb[side]);
    losses[side] = std::min(damage, region(b.region[side]).units);
  }
  for (std::size_t side = 0; side < 2; ++side) {
    auto& reg = region(b.region[side]);
    reg.units -= losses[side];
    emit("units_destroyed", "seat " + std::to_string(b.seat[side]) + " loses " + std::to_string(losses[side]) +
                                " unit(s) in " + map_.region(b.region[side]).name, b.seat[side], losses[side])
        .region = rkey(b.region[side]);
  }
  for (int side : {1, 0}) {
    const auto& reg = region(b.region[static_cast<std::size_t>(side)]);
    if (reg.units > 0 || reg.hq != kNoSeat) continue;
    s_.losses.push_back(Loss{b.region[static_cast<std::size_t>(side)], b.seat[static_cast<std::size_t>(side)],
                             b.seat[static_cast<std::size_t>(1 - side)], b.region[static_cast<std::size_t>(1 - side)],
                             reg.outpost, 0});
  }
  next_loss();
}

}  // namespace concord::conquests
