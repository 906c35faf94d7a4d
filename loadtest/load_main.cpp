// concord-load: bots that play real matches over the real protocol with the
// random-legal bot, then print a report. See loadtest/README.md.
#include <boost/program_options.hpp>
#include <iostream>
#include <limits>
#include <random>

#include "load_run.hpp"
#include "load_tournament.hpp"

namespace po = boost::program_options;
using namespace concord;
using namespace concord::load;

namespace {

int parse_flags(int argc, char** argv, LoadConfig& config) {
  std::vector<std::string> options;
  po::options_description desc("concord-load options");
  desc.add_options()("help,h", "show this help")("host", po::value(&config.host)->default_value(config.host),
                                                 "server host (the only host contacted)")(
      "port", po::value(&config.port)->default_value(config.port), "server port")(
      "tls", po::bool_switch(&config.tls), "connect with wss://")("insecure", po::bool_switch(&config.insecure),
                                                                  "with --tls: do not verify the certificate")(
      "game", po::value(&config.game)->required(), "game id (see concord-cli 'games')")(
      "rooms", po::value(&config.rooms)->default_value(config.rooms), "rooms played concurrently")(
      "seats", po::value(&config.seats)->default_value(config.seats), "seats per room (0 = the game's minimum)")(
      "matches-per-room", po::value(&config.matches_per_room)->default_value(config.matches_per_room),
      "matches each room slot plays in sequence")("deck-file", po::value(&config.deck_file),
                                                  "deck text saved by every bot (default: the game's starter decks, dealt round-robin)")(
      "option", po::value(&options)->composing(), "room option key=value (repeatable)")(
      "seed", po::value(&config.seed), "seed of the bots' choices (default: random, printed)")(
      "duration-limit", po::value(&config.duration_limit)->default_value(config.duration_limit),
      "stop after this many seconds")("stall-timeout",
                                      po::value(&config.stall_timeout)->default_value(config.stall_timeout),
                                      "seconds without a match update before a bot gives up")(
      "max-commands", po::value(&config.max_commands)->default_value(config.max_commands),
      "per match; bots concede beyond it")("verbose,v", po::bool_switch(&config.verbose), "log progress to stderr")(
      "think-time", po::value(&config.think_time)->default_value(config.think_time),
      "seconds a bot waits before each move (its first move of a match: a random part of it)")(
      "warmup", po::value(&config.warmup)->default_value(config.warmup),
      "seconds from the start of play to the measurement window")(
      "measure", po::value(&config.measure)->default_value(config.measure),
      "length of the measurement window in seconds (0 = none); rooms play matches until it ends")(
      "server-pid", po::value(&config.server_pid), "sample this server process's CPU and RSS over the window")(
      "pg-pid", po::value(&config.pg_pid), "postmaster pid: sample the CPU of its cluster over the window")(
      "account-prefix", po::value(&config.account_prefix),
      "fixed usernames <prefix>r<slot>s<seat> (prefix: 1-12 of [A-Za-z0-9_-]), reused between runs")(
      "token-file", po::value(&config.token_file), "session tokens of reused accounts (read, then rewritten)")(
      "tournament", po::value(&config.tournament_players),
      "run a whole tournament of this many bot players instead of rooms (needs --organizer)")(
      "organizer", po::value(&config.organizer), "the organizer account of --tournament (server flag --organizers)")(
      "best-of", po::value(&config.tournament_best_of)->default_value(config.tournament_best_of),
      "--tournament: games per match (1, 3 or 5)")(
      "top-cut", po::value(&config.tournament_top_cut)->default_value(config.tournament_top_cut),
      "--tournament: players in the top cut (0, 2, 4, 8, ...)")(
      "no-show-seconds", po::value(&config.no_show_seconds),
      "--tournament: the event's no-show deadline (default: --stall-timeout)")(
      "late-entry", po::bool_switch(&config.late_entry), "--tournament: the last bot enters after the start")(
      "no-show", po::bool_switch(&config.no_show), "--tournament: the second bot misses its first game")(
      "drop-after", po::value(&config.drop_after_round),
      "--tournament: the first bot drops once its match of this round is over")(
      "game-loss-round", po::value(&config.game_loss_round),
      "--tournament: the organizer (the event's staff) gives a GAME_LOSS in a game of this round")(
      "reconnect-seconds", po::value(&config.reconnect_seconds),
      "--tournament: a bot that loses the server reconnects for up to this long (0: it stops)");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    if (vm.count("help")) {
      std::cout << desc;
      return 0;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "concord-load: " << e.what() << "\n" << desc;
    return 2;
  }
  for (const auto& option : options) {
    const auto equals = option.find('=');
    if (equals == std::string::npos) {
      std::cerr << "concord-load: --option needs key=value, got " << option << "\n";
      return 2;
    }
    config.options[option.substr(0, equals)] = option.substr(equals + 1);
  }
  if (!vm.count("seed")) config.seed = (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}();
  if (config.rooms < 1 || config.matches_per_room < 1 || config.duration_limit <= 0) {
    std::cerr << "concord-load: --rooms, --matches-per-room and --duration-limit must be positive\n";
    return 2;
  }
  if (config.think_time < 0 || config.warmup < 0 || config.measure < 0) {
    std::cerr << "concord-load: --think-time, --warmup and --measure may not be negative\n";
    return 2;
  }
  const auto& prefix = config.account_prefix;
  if (vm.count("account-prefix") && (prefix.empty() || prefix.size() > 12 ||
                                     prefix.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                              "0123456789_-") != std::string::npos)) {
    std::cerr << "concord-load: --account-prefix must be 1-12 of [A-Za-z0-9_-]\n";
    return 2;
  }
  if (config.tournament_players != 0 && (config.tournament_players < 2 || config.tournament_players > 512 ||
                                         config.organizer.empty())) {
    std::cerr << "concord-load: --tournament takes 2-512 players and needs --organizer\n";
    return 2;
  }
  if (config.no_show_seconds < 0 || config.no_show_seconds > 3600 || config.reconnect_seconds < 0 ||
      config.drop_after_round < 0 || config.game_loss_round < 0 ||
      ((config.late_entry || config.no_show || config.drop_after_round > 0) && config.tournament_players < 4)) {
    std::cerr << "concord-load: --no-show-seconds is 0-3600; --reconnect-seconds, --drop-after and "
                 "--game-loss-round are not negative; the scenario flags need --tournament of at least 4\n";
    return 2;
  }
  if (config.windowed() && vm["matches-per-room"].defaulted()) config.matches_per_room = std::numeric_limits<int>::max();
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  LoadConfig config;
  if (const int status = parse_flags(argc, argv, config); status >= 0) return status;
  if (config.tournament_players > 0) return run_tournament(config);
  return LoadRun(config).run();
}
