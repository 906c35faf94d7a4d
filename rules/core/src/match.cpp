// Commands: the journaled form of accepted submits and concessions.
//
//   answer <seat> <id>[=<value>] ...    (=<value> omitted when the value is 0)
//   concede <seat>
#include "concord/rules/match.hpp"

#include "text_util.hpp"

namespace concord::rules {

std::shared_ptr<const Prompt> Match::shared_prompt(SeatIndex seat) const {
  auto prompt = this->prompt(seat);
  return prompt ? std::make_shared<const Prompt>(std::move(*prompt)) : nullptr;
}

bool Match::has_state_hash(std::string_view journaled) const {
  const auto version = state_hash_version(journaled);
  return version && state_hash_as(*version) == journaled;
}

namespace {

std::optional<SeatIndex> parse_seat(std::string_view s) {
  const auto v = text::parse_int(s);
  if (!v || *v < 0 || *v > 1000000) return std::nullopt;
  return static_cast<SeatIndex>(*v);
}

std::optional<Choice> parse_choice(std::string_view token) {
  const auto eq = token.find('=');
  Choice choice{std::string(token.substr(0, eq)), 0};
  if (choice.option_id.empty()) return std::nullopt;
  if (eq == std::string_view::npos) return choice;
  const auto value = text::parse_int(token.substr(eq + 1));
  if (!value) return std::nullopt;
  choice.value = *value;
  return choice;
}

std::string choice_to_text(const Choice& c) {
  return c.value == 0 ? c.option_id : c.option_id + "=" + std::to_string(c.value);
}

}  // namespace

std::string Command::to_text() const {
  if (kind == Kind::Concede) return std::string("concede ") + std::to_string(seat);
  std::string out = "answer ";  // appended, not "lit" + string: GCC 12 -Wrestrict false positive
  out += std::to_string(seat);
  for (const auto& c : answer.choices) {
    out += ' ';
    out += choice_to_text(c);
  }
  return out;
}

std::optional<Command> Command::from_text(const std::string& text_in) {
  const auto w = text::words(text_in);
  if (w.size() < 2) return std::nullopt;
  const auto seat = parse_seat(w[1]);
  if (!seat) return std::nullopt;
  Command cmd;
  cmd.seat = *seat;
  if (w[0] == "concede") {
    cmd.kind = Kind::Concede;
    return w.size() == 2 ? std::optional<Command>(cmd) : std::nullopt;
  }
  if (w[0] != "answer") return std::nullopt;
  for (std::size_t i = 2; i < w.size(); ++i) {
    auto choice = parse_choice(w[i]);
    if (!choice) return std::nullopt;
    cmd.answer.choices.push_back(std::move(*choice));
  }
  return cmd;
}

// The checks every game shares, in order, before any game code: the seat, the
// match still running, the seat's open prompt, the answer's shape.
Outcome apply(Match& match, const Command& command) {
  if (command.seat < 0 || command.seat >= match.seat_count())
    return Outcome::reject("INVALID_SEAT", "no seat " + std::to_string(command.seat));
  if (match.finished()) return Outcome::reject("MATCH_OVER", "the match is over");
  if (command.kind == Command::Kind::Concede) return match.concede(command.seat);
  auto refuse = [&](Rejection found) {
    if (command.answer.choices.size() == 1 && (found.code == "NO_PROMPT" || found.code == "UNKNOWN_OPTION")) {
      if (auto why = match.explain_refusal(command.seat, command.answer, found)) found = std::move(*why);
    }
    return Outcome{false, {}, std::move(found)};
  };
  const auto prompt = match.shared_prompt(command.seat);
  if (!prompt) return refuse({"NO_PROMPT", "seat " + std::to_string(command.seat) + " has nothing to answer now"});
  // An engine fault (duplicate option ids, ...) refuses every answer rather
  // than guess which option was meant; the property tests assert it never happens.
  if (auto bad = check_prompt(*prompt)) return {false, {}, std::move(bad)};
  if (auto bad = check_answer_shape(*prompt, command.answer)) return refuse(std::move(*bad));
  return match.submit(command.seat, command.answer);
}

}  // namespace concord::rules
