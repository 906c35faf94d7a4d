// The random-bot driver: pick a seat with an open prompt, answer it randomly
// (or, rarely, concede a random seat), record accepted commands.
#include "botplay/bot_play.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "concord/rules/bot.hpp"

namespace concord::testsupport {

namespace {

std::vector<rules::SeatIndex> prompted_seats(const rules::Match& match) {
  std::vector<rules::SeatIndex> out;
  for (rules::SeatIndex s = 0; s < match.seat_count(); ++s) {
    if (match.prompt(s)) out.push_back(s);
  }
  return out;
}

rules::Command next_command(const rules::Match& match, rules::Rng& rng,
                            const BotPlayOptions& options,
                            const std::vector<rules::SeatIndex>& seats) {
  rules::Command cmd;
  if (options.concede_one_in != 0 && rng.below(options.concede_one_in) == 0) {
    cmd.kind = rules::Command::Kind::Concede;
    cmd.seat = static_cast<rules::SeatIndex>(rng.below(match.seat_count()));
    return cmd;
  }
  cmd.seat = seats[rng.below(seats.size())];
  cmd.answer = rules::random_answer(*match.prompt(cmd.seat), rng);
  return cmd;
}

// Applies one command, logs it if accepted and reports it to on_step.
void step(BotGame& game, const rules::Command& cmd, const BotPlayOptions& options) {
  const std::string before = options.on_step && options.hash_before ? game.match->state_hash() : std::string();
  const rules::Outcome outcome = rules::apply(*game.match, cmd);
  if (outcome.accepted) {
    game.log.push_back(cmd);
  } else {
    ++game.rejected;
  }
  if (options.on_step) options.on_step(BotStep{*game.match, cmd, outcome, before});
}

}  // namespace

BotGame play_random(const rules::GameDefinition& game, const rules::MatchSetup& setup,
                    rules::Rng& bot_rng, const BotPlayOptions& options) {
  BotGame out;
  out.match = game.create(setup);
  if (!out.match) return out;
  for (std::size_t n = 0; n < options.max_commands && !out.match->finished(); ++n) {
    const auto seats = prompted_seats(*out.match);
    if (seats.empty()) break;
    step(out, next_command(*out.match, bot_rng, options, seats), options);
  }
  return out;
}

int bot_game_count(int release, int sanitized) {
  if (const char* env = std::getenv("CONCORD_BOT_GAMES"); env != nullptr && *env != '\0') {
    return std::max(1, std::atoi(env));
  }
#ifdef CONCORD_SANITIZED_BUILD
  (void)release;
  return sanitized;
#else
  (void)sanitized;
  return release;
#endif
}

rules::Seed seed_from_number(std::uint64_t n) {
  rules::Seed seed;
  seed.bytes = rules::sha256("seed:" + std::to_string(n));
  return seed;
}

}  // namespace concord::testsupport
