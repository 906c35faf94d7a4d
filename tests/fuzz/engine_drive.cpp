// The answer-path driver (see engine_checks.hpp).
#include <limits>

#include "concord/rules/bot.hpp"
#include "engine_checks.hpp"

namespace concord::fuzz {

namespace {

std::int64_t pick_value(const rules::PromptOption& option, FuzzInput& in) {
  const auto range = option.range.value_or(rules::ValueRange{0, 0});
  switch (in.byte() % 6) {
    case 0: return range.min - 1;
    case 1: return range.max + 1;
    case 2: return std::numeric_limits<std::int64_t>::min();
    case 3: return std::numeric_limits<std::int64_t>::max();
    default: return in.between(range.min, range.max);
  }
}

// Choices by input-chosen option index (one past the end = an unknown id).
rules::Answer built_answer(const rules::Prompt& prompt, FuzzInput& in) {
  rules::Answer answer;
  const auto count = in.below(prompt.options.size() + 3);
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto index = in.below(prompt.options.size() + 1);
    if (index == prompt.options.size()) {
      answer.choices.push_back({in.text(16), static_cast<std::int64_t>(in.u64())});
      continue;
    }
    const auto& option = prompt.options[index];
    answer.choices.push_back({option.id, pick_value(option, in)});
  }
  return answer;
}

rules::Answer random_legal_shape(const rules::Prompt& prompt, FuzzInput& in) {
  rules::Rng rng(in.seed());
  return rules::random_answer(prompt, rng);
}

// The next command: mostly an answer to an open prompt; sometimes a
// concession by any seat (also invalid ones) or an answer from any seat.
rules::Command pick_command(const rules::Match& match, const Prompts& prompts, FuzzInput& in) {
  rules::Command command;
  const auto op = in.byte() % 64;
  if (op == 0) {
    command.kind = rules::Command::Kind::Concede;
    command.seat = static_cast<rules::SeatIndex>(in.between(-1, match.seat_count()));
    return command;
  }
  std::vector<rules::SeatIndex> prompted;
  for (std::size_t s = 0; s < prompts.size(); ++s) {
    if (prompts[s]) prompted.push_back(static_cast<rules::SeatIndex>(s));
  }
  command.seat = op == 1 || prompted.empty()
                     ? static_cast<rules::SeatIndex>(in.below(static_cast<std::uint64_t>(match.seat_count())))
                     : prompted[in.below(prompted.size())];
  const auto& prompt = prompts[static_cast<std::size_t>(command.seat)];
  command.answer = pick_answer(prompt.value_or(rules::Prompt{}), in);
  return command;
}

void check_outcome(const rules::Match& match, const rules::Command& command, const rules::Outcome& outcome,
                   const std::optional<rules::Prompt>& prompt, const std::string& hash_before) {
  const std::string what = "command '" + command.to_text() + "' ";
  if (!outcome.accepted) {
    require(outcome.rejection.has_value() && !outcome.rejection->code.empty(), what + "was rejected without a code");
    require(match.state_hash() == hash_before, what + "was rejected (" + outcome.rejection->code +
                                                   ") but changed the state_hash");
    return;
  }
  if (command.kind == rules::Command::Kind::Concede) {
    require(command.seat >= 0 && command.seat < match.seat_count(), what + "was accepted from an invalid seat");
    return;
  }
  require(prompt.has_value(), what + "was accepted from a seat without an open prompt");
  require(!rules::check_answer_shape(*prompt, command.answer), what + "was accepted with a malformed shape");
}

}  // namespace

void drive(rules::Match& match, FuzzInput& in, std::vector<rules::Command>& log, int max_steps) {
  auto prompts = check_prompts(match);
  std::string hash = match.state_hash();
  for (int step = 0; step < max_steps && !in.empty() && !match.finished(); ++step) {
    const auto command = pick_command(match, prompts, in);
    const auto& prompt = command.kind == rules::Command::Kind::Answer ? prompts[static_cast<std::size_t>(command.seat)]
                                                                      : std::nullopt;
    const auto outcome = rules::apply(match, command);
    check_outcome(match, command, outcome, prompt, hash);
    if (!outcome.accepted) continue;  // state unchanged: prompts and views too
    log.push_back(command);
    hash = match.state_hash();
    prompts = check_prompts(match);
    check_views(match, in.byte());
  }
  check_views(match);
}

rules::Answer pick_answer(const rules::Prompt& prompt, FuzzInput& in) {
  switch (in.byte() % 8) {
    case 0: return built_answer(prompt, in);
    case 1: return {};
    case 2: {
      auto answer = random_legal_shape(prompt, in);
      if (!answer.choices.empty()) answer.choices.push_back(answer.choices[in.below(answer.choices.size())]);
      return answer;
    }
    default: return random_legal_shape(prompt, in);
  }
}

rules::MatchSetup pick_setup(const rules::GameDefinition& game, const std::vector<rules::Deck>& decks,
                             FuzzInput& in) {
  int seats = static_cast<int>(in.between(game.min_seats, game.max_seats));
  rules::OptionValues given;
  for (const auto& spec : game.options) {
    if (in.byte() % 2 == 0) continue;
    switch (spec.kind) {
      case rules::OptionSpec::Kind::Integer: given[spec.name] = std::to_string(in.between(spec.min, spec.max)); break;
      case rules::OptionSpec::Kind::Boolean: given[spec.name] = in.byte() % 2 ? "true" : "false"; break;
      case rules::OptionSpec::Kind::Choice:
        if (!spec.choices.empty()) given[spec.name] = spec.choices[in.below(spec.choices.size())];
        break;
    }
  }
  auto options = rules::resolve_options(game.options, given);
  require(options.ok(), "options picked within the schema were refused");
  if (game.check_room && game.check_room(options.values, seats)) {  // a room the server would refuse
    seats = game.min_seats;
    options = rules::resolve_options(game.options, {});
    require(!game.check_room(options.values, seats), "the default room is refused");
  }
  rules::MatchSetup setup;
  setup.options = options.values;
  for (int s = 0; s < seats; ++s) {
    rules::SeatSetup seat{"seat" + std::to_string(s), std::nullopt};
    if (game.needs_deck) seat.deck = decks[in.below(decks.size())];
    setup.seats.push_back(std::move(seat));
  }
  setup.seed = in.seed();
  return setup;
}

void fuzz_answers(const rules::GameDefinition& game, const std::vector<rules::Deck>& decks,
                  const std::uint8_t* data, std::size_t size) {
  FuzzInput in(data, size);
  const auto setup = pick_setup(game, decks, in);
  const auto match = game.create(setup);
  require(match != nullptr, "create() refused a legal setup");
  check_prompts(*match);
  check_views(*match);
  std::vector<rules::Command> log;
  drive(*match, in, log, 200);
  check_replay(game, setup, log, *match);
}

}  // namespace concord::fuzz
