// The prompts of a battle (card window, secret dice, the agent question,
// tactical actions) and of its aftermath.
#include <algorithm>
#include <string>

#include "prompts.hpp"

namespace concord::conquests {

namespace {

rules::PromptOption opt(std::string id, std::string label) { return {std::move(id), std::move(label), std::nullopt}; }

const char* const kColours[] = {"damage", "shield", "tactics"};

}  // namespace

int Prompts::power(int side) const {
  const auto& b = *s_.battle;
  const auto& reg = board_.at(b.region[static_cast<std::size_t>(side)]);
  int power = reg.units + b.power_bonus[static_cast<std::size_t>(side)];
  if (side == 1 && (reg.outpost >= 0 || reg.hq != kNoSeat)) power += 1;
  for (const auto& c : s_.seats[static_cast<std::size_t>(b.seat[static_cast<std::size_t>(side)])].in_play) {
    const auto& card = data_.card(s_.card_of[static_cast<std::size_t>(c.card)]);
    if (card.effect == Effect::StandingPower) power += card.amount;
  }
  return power;
}

std::optional<rules::Prompt> Prompts::battle_prompt(int seat) const {
  const auto& b = *s_.battle;
  const int side = b.seat[0] == seat ? 0 : (b.seat[1] == seat ? 1 : -1);
  if (side < 0) return std::nullopt;
  if (s_.pending == Pending::Dice) {
    const bool waiting = b.advantage == side && !b.choice[static_cast<std::size_t>(1 - side)];
    if (b.choice[static_cast<std::size_t>(side)] || waiting || (b.advantage == side && b.question < 0)) return std::nullopt;
    return dice_prompt(side);
  }
  if (s_.pending == Pending::Ask) {
    if (side != b.advantage) return std::nullopt;
    rules::Prompt p;
    p.kind = "ask_question";
    p.text = "You have more agents: ask your opponent one question about his dice";
    for (const char* c : kColours) p.options.push_back(opt(std::string("ask:") + c, std::string("how many ") + c + " dice?"));
    return p;
  }
  if (s_.pending == Pending::Tactics) {
    if (side != b.tactics_side) return std::nullopt;
    return tactics_prompt();
  }
  // CombatCards: the attacker plays first, then the defender.
  const int turn = b.passed[0] ? 1 : 0;
  if (side != turn) return std::nullopt;
  rules::Prompt p;
  p.kind = "combat_cards";
  p.text = side == 0 ? "Attacker: play combat cards before dice are chosen, or pass" : "Defender: play combat cards, or pass";
  p.options.push_back(opt("pass", "no (more) cards"));
  for (int c : combat_cards(seat))
    p.options.push_back(opt("play:" + card_ref(c), data_.card(s_.card_of[static_cast<std::size_t>(c)]).name));
  return p;
}

rules::Prompt Prompts::dice_prompt(int side) const {
  const int power = std::max(0, this->power(side));
  rules::Prompt p;
  p.kind = "choose_dice";
  p.text = "Choose your dice in secret (damage:shield:tactics), at most " + std::to_string(power) +
           " in all and five of a colour";
  for (int d = 0; d <= 5; ++d)
    for (int s = 0; s <= 5; ++s)
      for (int t = 0; t <= 5; ++t)
        if (d + s + t <= power)
          p.options.push_back(opt("dice:" + std::to_string(d) + ":" + std::to_string(s) + ":" + std::to_string(t),
                                  std::to_string(d) + " damage, " + std::to_string(s) + " shield, " +
                                      std::to_string(t) + " tactics"));
  return p;
}

std::vector<int> Prompts::withdraw_targets(int side) const {
  const auto& b = *s_.battle;
  const int seat = b.seat[static_cast<std::size_t>(side)];
  const int from = b.region[static_cast<std::size_t>(side)];
  std::vector<int> out;
  if (board_.at(from).units < 2) return out;
  const auto links = board_.links(seat);
  for (int r = 0; r < map_.size(); ++r)
    if (r != from && board_.owns(seat, r) && links[static_cast<std::size_t>(r)] == links[static_cast<std::size_t>(from)])
      out.push_back(r);
  return out;
}

rules::Prompt Prompts::tactics_prompt() const {
  const auto& b = *s_.battle;
  const int side = b.tactics_side;
  rules::Prompt p;
  p.kind = "tactics";
  p.text = "Spend tactical actions (" + std::to_string(b.tactics_left) + " left)";
  p.options.push_back(opt("done", "spend no more"));
  p.options.push_back(opt("absorb", "absorb 1 damage"));
  const int other = 1 - side;
  const int shields = b.rolled[static_cast<std::size_t>(other)][kShield] - b.lowered[static_cast<std::size_t>(other)];
  if (shields > 0) p.options.push_back(opt("lower", "lower the opponent's shields by 1"));
  for (int r : withdraw_targets(side)) p.options.push_back(opt("withdraw:" + map_.region(r).key, "withdraw a unit to " + map_.region(r).name));
  return p;
}

rules::Prompt Prompts::aftermath_prompt() const {
  const Loss& loss = s_.losses.front();
  rules::Prompt p;
  if (s_.pending == Pending::TokenLoss) {
    p.kind = "take_token";
    p.text = "The lost outpost's token is not in the reserves: take it from the schedule or a project card";
    const auto k = static_cast<std::size_t>(loss.outpost);
    if (s_.seats[static_cast<std::size_t>(loss.victim)].schedule[k] > 0) p.options.push_back(opt("schedule", "from the schedule"));
    for (const auto& c : s_.seats[static_cast<std::size_t>(loss.victim)].in_play)
      if (c.token == loss.outpost) p.options.push_back(opt("card:" + card_ref(c.card), data_.card(s_.card_of[static_cast<std::size_t>(c.card)]).name));
    return p;
  }
  if (s_.pending == Pending::Steal) {
    p.kind = "steal_region_card";
    p.text = "You destroyed an outpost: you may steal a Region card";
    p.options.push_back(opt("none", "steal nothing"));
    const auto& cards = s_.seats[static_cast<std::size_t>(loss.victim)].region_cards;
    int best = -1;
    for (int r : cards) {
      const int c = static_cast<int>(map_.region(r).colour);
      if (c <= static_cast<int>(map_.region(loss.region).colour)) best = std::max(best, c);
    }
    for (int r : cards)
      if (static_cast<int>(map_.region(r).colour) == best) p.options.push_back(opt("steal:" + map_.region(r).key, map_.region(r).name));
    return p;
  }
  p.kind = "invade";
  p.text = "You may invade " + map_.region(loss.region).name + " from " + map_.region(loss.from).name;
  p.options.push_back(opt("none", "do not invade"));
  p.options.push_back({"invade", "move units in", rules::ValueRange{1, board_.at(loss.from).units - 1}});
  return p;
}

}  // namespace concord::conquests
