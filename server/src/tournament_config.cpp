// TournamentConfig: from and to the wire, and the text kept in the database.
#include "tournament_config.hpp"

#include <charconv>
#include <sstream>

#include "concord/tournament/top_cut.hpp"
#include "text_limits.hpp"

namespace concord::server {

namespace {

constexpr int kMinRoundSeconds = 10;
constexpr int kMaxRoundSeconds = 36000;
constexpr int kMaxNoShowSeconds = 3600;
constexpr int kMaxExtraTurns = 10;
constexpr int kMaxSwissRounds = 20;
constexpr std::size_t kMaxOptions = 32;

bool parse_int(const std::string& text, std::int64_t* out) {
  const auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return error == std::errc() && ptr == text.data() + text.size();
}

}  // namespace

std::vector<std::string> config_from_wire(const v1::TournamentSettings& wire, TournamentConfig* out) {
  std::vector<std::string> problems;
  TournamentConfig config;
  config.game = wire.game();
  config.name = wire.name();
  if (!printable_text(config.name, 1, 64)) problems.push_back("name: 1-64 printable characters");
  if (static_cast<std::size_t>(wire.options_size()) > kMaxOptions) problems.push_back("options: at most 32");
  for (const auto& [name, value] : wire.options()) {
    if (!printable_text(name, 1, 64) || name.find('=') != std::string::npos || !printable_text(value, 0, 256)) problems.push_back("options: bad text");
    config.options[name] = value;
  }
  config.format = wire.format() == v1::FORMAT_ROUND_ROBIN ? tournament::Format::RoundRobin : tournament::Format::Swiss;
  config.swiss_rounds = static_cast<int>(std::min<std::uint32_t>(wire.swiss_rounds(), 1000));
  if (config.swiss_rounds > kMaxSwissRounds) problems.push_back("swiss_rounds: at most 20");
  config.best_of = wire.best_of() == 0 ? 3 : static_cast<int>(std::min<std::uint32_t>(wire.best_of(), 1000));
  if (config.best_of != 1 && config.best_of != 3 && config.best_of != 5) problems.push_back("best_of: 1, 3 or 5");
  config.round_seconds = static_cast<int>(std::min<std::uint32_t>(wire.round_seconds(), 1000000));
  if (config.round_seconds != 0 && (config.round_seconds < kMinRoundSeconds || config.round_seconds > kMaxRoundSeconds)) {
    problems.push_back("round_seconds: 0 (untimed) or 10-36000");
  }
  config.top_cut = static_cast<int>(std::min<std::uint32_t>(wire.top_cut(), 100000));
  if (!tournament::valid_top_cut_size(config.top_cut) || config.top_cut > 64) {
    problems.push_back("top_cut: 0 or a power of two from 2 to 64");
  }
  if (config.top_cut > 0 && config.format == tournament::Format::RoundRobin) {
    problems.push_back("top_cut: Swiss events only");
  }
  config.registration_closes_unix_ms = wire.registration_closes_unix_ms();
  config.max_players = wire.max_players() == 0 ? kMaxEntrants
                                               : static_cast<int>(std::min<std::uint32_t>(wire.max_players(), 100000));
  if (config.max_players < 2 || config.max_players > kMaxEntrants) problems.push_back("max_players: 2-512");
  config.deck_required = wire.deck_required();
  config.late_entries = wire.late_entries();
  if (config.late_entries && config.format == tournament::Format::RoundRobin) {
    problems.push_back("late_entries: Swiss events only");
  }
  config.no_show_seconds =
      wire.no_show_seconds() == 0 ? 600 : static_cast<int>(std::min<std::uint32_t>(wire.no_show_seconds(), 1000000));
  if (config.no_show_seconds > kMaxNoShowSeconds) problems.push_back("no_show_seconds: at most 3600");
  config.extra_turns = static_cast<int>(std::min<std::uint32_t>(wire.extra_turns(), 100000));
  if (config.extra_turns > kMaxExtraTurns) problems.push_back("extra_turns: at most 10");
  if (wire.staff_size() > kMaxStaff) problems.push_back("staff: at most 16");
  for (const auto& name : wire.staff()) {
    if (!printable_text(name, 1, 64) || name.find(',') != std::string::npos) {
      problems.push_back("staff: usernames of 1-64 printable characters");
      break;
    }
    config.staff.push_back(name);
  }
  if (!printable_text(config.game, 1, 64)) problems.push_back("game: 1-64 printable characters");
  config.unrated = wire.unrated();
  if (problems.empty()) *out = std::move(config);
  return problems;
}

void config_to_wire(const TournamentConfig& c, v1::TournamentSettings* out) {
  out->set_game(c.game);
  out->set_name(c.name);
  for (const auto& [name, value] : c.options) (*out->mutable_options())[name] = value;
  out->set_format(c.format == tournament::Format::RoundRobin ? v1::FORMAT_ROUND_ROBIN : v1::FORMAT_SWISS);
  out->set_swiss_rounds(static_cast<std::uint32_t>(c.swiss_rounds));
  out->set_best_of(static_cast<std::uint32_t>(c.best_of));
  out->set_round_seconds(static_cast<std::uint32_t>(c.round_seconds));
  out->set_top_cut(static_cast<std::uint32_t>(c.top_cut));
  out->set_registration_closes_unix_ms(c.registration_closes_unix_ms);
  out->set_max_players(static_cast<std::uint32_t>(c.max_players));
  out->set_deck_required(c.deck_required);
  out->set_late_entries(c.late_entries);
  out->set_no_show_seconds(static_cast<std::uint32_t>(c.no_show_seconds));
  out->set_extra_turns(static_cast<std::uint32_t>(c.extra_turns));
  for (const auto& name : c.staff) out->add_staff(name);
  out->set_unrated(c.unrated);
}

// "key=value" lines; options as "option.<name>=<value>", staff as one
// "staff=<a>,<b>" line (usernames hold no comma).
std::string config_to_text(const TournamentConfig& c) {
  std::ostringstream out;
  out << "game=" << c.game << "\nname=" << c.name << "\nformat="
      << (c.format == tournament::Format::RoundRobin ? "round_robin" : "swiss") << "\nswiss_rounds=" << c.swiss_rounds
      << "\nbest_of=" << c.best_of << "\nround_seconds=" << c.round_seconds << "\ntop_cut=" << c.top_cut
      << "\nregistration_closes=" << c.registration_closes_unix_ms << "\nmax_players=" << c.max_players
      << "\ndeck_required=" << c.deck_required << "\nlate_entries=" << c.late_entries
      << "\nno_show_seconds=" << c.no_show_seconds << "\nextra_turns=" << c.extra_turns << "\nunrated=" << c.unrated
      << "\n";
  std::string staff;
  for (const auto& name : c.staff) staff += (staff.empty() ? "" : ",") + name;
  out << "staff=" << staff << "\n";
  for (const auto& [name, value] : c.options) out << "option." << name << "=" << value << "\n";
  return out.str();
}

std::optional<TournamentConfig> config_from_text(const std::string& text) {
  TournamentConfig c;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    const auto equals = line.find('=');
    if (equals == std::string::npos) return std::nullopt;
    const auto key = line.substr(0, equals);
    const auto value = line.substr(equals + 1);
    std::int64_t number = 0;
    const bool numeric = parse_int(value, &number);
    if (key == "game") {
      c.game = value;
    } else if (key == "name") {
      c.name = value;
    } else if (key == "format") {
      c.format = value == "round_robin" ? tournament::Format::RoundRobin : tournament::Format::Swiss;
    } else if (key == "staff") {
      std::istringstream names(value);
      std::string name;
      while (std::getline(names, name, ',')) {
        if (!name.empty()) c.staff.push_back(name);
      }
    } else if (key.rfind("option.", 0) == 0) {
      c.options[key.substr(7)] = value;
    } else if (!numeric) {
      return std::nullopt;
    } else if (key == "swiss_rounds") {
      c.swiss_rounds = static_cast<int>(number);
    } else if (key == "best_of") {
      c.best_of = static_cast<int>(number);
    } else if (key == "round_seconds") {
      c.round_seconds = static_cast<int>(number);
    } else if (key == "top_cut") {
      c.top_cut = static_cast<int>(number);
    } else if (key == "registration_closes") {
      c.registration_closes_unix_ms = number;
    } else if (key == "max_players") {
      c.max_players = static_cast<int>(number);
    } else if (key == "deck_required") {
      c.deck_required = number != 0;
    } else if (key == "late_entries") {
      c.late_entries = number != 0;
    } else if (key == "no_show_seconds") {
      c.no_show_seconds = static_cast<int>(number);
    } else if (key == "extra_turns") {
      c.extra_turns = static_cast<int>(number);
    } else if (key == "unrated") {
      c.unrated = number != 0;
    }
  }
  return c;
}

}  // namespace concord::server
