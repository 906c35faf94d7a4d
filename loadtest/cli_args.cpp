#include "cli_args.hpp"

#include <sstream>

#include <charconv>

namespace concord::cli {

namespace {

void require_args(const Args& args, std::size_t count, const char* usage) {
  if (args.size() < count) throw UsageError(std::string("usage: ") + usage);
}

std::string option_id(const std::string& reference, const v1::Prompt* prompt) {
  if (reference.size() < 2 || reference.front() != '#') return reference;
  const std::int64_t number = parse_int(reference.substr(1), "option number");
  if (!prompt) throw UsageError("no open prompt to resolve " + reference + " against");
  if (number < 1 || number > prompt->options_size()) throw UsageError("no option " + reference);
  return prompt->options(static_cast<int>(number - 1)).id();
}

}  // namespace

Args tokenize(std::string_view line) {
  Args out;
  std::string current;
  bool in_token = false;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '\\' && i + 1 < line.size()) {
      current.push_back(line[++i]);
    } else if (c == '"') {
      quoted = !quoted;
      in_token = true;
    } else if (!quoted && (c == ' ' || c == '\t' || c == '\r')) {
      if (in_token) out.push_back(std::move(current));
      current.clear();
      in_token = false;
    } else {
      current.push_back(c);
      in_token = true;
    }
  }
  if (quoted) throw UsageError("unterminated quote");
  if (in_token) out.push_back(std::move(current));
  return out;
}

std::optional<std::pair<std::string, std::string>> split_option(const std::string& token) {
  const auto equals = token.find('=');
  if (equals == std::string::npos || equals == 0) return std::nullopt;
  return std::make_pair(token.substr(0, equals), token.substr(equals + 1));
}

std::int64_t parse_int(const std::string& text, const std::string& what) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
    throw UsageError(what + " must be an integer, got '" + text + "'");
  }
  return value;
}

v1::CreateRoom parse_create(const Args& args) {
  require_args(args, 2, "create <game> [seats=N] [password=P] [name=N] [opt=value...]");
  v1::CreateRoom spec;
  spec.set_game(args[1]);
  for (std::size_t i = 2; i < args.size(); ++i) {
    const auto option = split_option(args[i]);
    if (!option) throw UsageError("expected key=value, got '" + args[i] + "'");
    const auto& [key, value] = *option;
    if (key == "seats") {
      spec.set_seats(static_cast<std::uint32_t>(parse_int(value, "seats")));
    } else if (key == "password") {
      spec.set_password(value);
    } else if (key == "name") {
      spec.set_name(value);
    } else {
      (*spec.mutable_options())[key] = value;
    }
  }
  return spec;
}

v1::JoinRoom parse_join(const Args& args) {
  require_args(args, 2, "join <room> [player|spectator|judge] [deck=<id>] [password=P] [seat=N]");
  v1::JoinRoom spec;
  spec.set_room_id(args[1]);
  spec.set_role(v1::PLAYER);
  for (std::size_t i = 2; i < args.size(); ++i) {
    if (args[i] == "player" || args[i] == "spectator" || args[i] == "judge") {
      spec.set_role(args[i] == "player" ? v1::PLAYER : args[i] == "judge" ? v1::JUDGE : v1::SPECTATOR);
      continue;
    }
    const auto option = split_option(args[i]);
    if (!option) throw UsageError("expected player, spectator, judge or key=value, got '" + args[i] + "'");
    const auto& [key, value] = *option;
    if (key == "deck") {
      spec.set_deck_id(parse_int(value, "deck"));
    } else if (key == "password") {
      spec.set_password(value);
    } else if (key == "seat") {
      spec.set_seat(static_cast<std::int32_t>(parse_int(value, "seat")));
    } else {
      throw UsageError("unknown join option '" + key + "'");
    }
  }
  return spec;
}

v1::Answer parse_answer(const Args& args, const v1::Prompt* prompt) {
  require_args(args, 2, "answer <room> <option_id>[=value] ...");
  v1::Answer answer;
  for (std::size_t i = 2; i < args.size(); ++i) {
    auto* choice = answer.add_choices();
    if (const auto option = split_option(args[i])) {
      choice->set_option_id(option_id(option->first, prompt));
      choice->set_value(parse_int(option->second, "value"));
    } else {
      choice->set_option_id(option_id(args[i], prompt));
    }
  }
  return answer;
}

std::string rest_of(const Args& args, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < args.size(); ++i) out += (out.empty() ? "" : " ") + args[i];
  return out;
}

v1::IssuePenalty parse_penalty(const Args& args) {
  require_args(args, 5, "penalty <room> <seat> <note|warning|game_loss|match_loss|dq> <category> [note...]");
  static const std::pair<const char*, v1::Penalty> kLadder[] = {{"note", v1::NOTE},
                                                                 {"warning", v1::WARNING},
                                                                 {"game_loss", v1::GAME_LOSS},
                                                                 {"match_loss", v1::MATCH_LOSS},
                                                                 {"dq", v1::DISQUALIFICATION}};
  v1::IssuePenalty penalty;
  penalty.set_room_id(args[1]);
  penalty.set_seat(static_cast<std::uint32_t>(parse_int(args[2], "seat")));
  for (const auto& [name, value] : kLadder) {
    if (args[3] == name) penalty.set_penalty(value);
  }
  if (penalty.penalty() == v1::PENALTY_UNSPECIFIED) throw UsageError("unknown penalty '" + args[3] + "'");
  penalty.set_category(args[4]);
  penalty.set_note(rest_of(args, 5));
  return penalty;
}

v1::OverrideResult parse_result(const Args& args) {
  require_args(args, 4, "result <room> draw|<seat>[,<seat>...] <reason...>");
  v1::OverrideResult result;
  result.set_room_id(args[1]);
  if (args[2] == "draw") {
    result.set_draw(true);
  } else {
    std::stringstream seats(args[2]);
    for (std::string seat; std::getline(seats, seat, ',');) {
      result.add_winners(static_cast<std::uint32_t>(parse_int(seat, "winning seat")));
    }
  }
  result.set_reason(rest_of(args, 3));
  return result;
}

}  // namespace concord::cli
