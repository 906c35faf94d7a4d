#include "load_tournament.hpp"

#include <atomic>
#include <iostream>
#include <thread>
#include <vector>

#include "account_store.hpp"
#include "load_bot.hpp"
#include "load_setup.hpp"
#include "load_stats.hpp"

namespace concord::load {

namespace {

using namespace std::chrono_literals;

v1::ClientMessage create_event(const LoadConfig& config, const std::string& name) {
  v1::ClientMessage m;
  auto* s = m.mutable_create_tournament()->mutable_settings();
  s->set_game(config.game);
  s->set_name(name);
  s->set_best_of(static_cast<std::uint32_t>(config.tournament_best_of));
  s->set_top_cut(static_cast<std::uint32_t>(config.tournament_top_cut));
  s->set_no_show_seconds(static_cast<std::uint32_t>(config.stall_timeout));
  for (const auto& [key, value] : config.options) (*s->mutable_options())[key] = value;
  return m;
}

v1::ClientMessage control(std::int64_t id, v1::TournamentControl::Action action) {
  v1::ClientMessage m;
  m.mutable_tournament_control()->set_tournament_id(id);
  m.mutable_tournament_control()->set_action(action);
  return m;
}

v1::TournamentStatus status_of(Bot& bot, std::int64_t id) {
  v1::ClientMessage m;
  m.mutable_get_tournament()->set_tournament_id(id);
  return bot.paced([&](client::Client& c) { return c.call(m); }).tournament().status();
}

bool over(v1::TournamentStatus status) {
  return status == v1::TOURNAMENT_FINISHED || status == v1::TOURNAMENT_CANCELLED;
}

// One bot: plays every game it is sent until the event is over.
void play_event(Bot& bot, std::int64_t id, LoadStats& stats, const LoadConfig& config, Clock::time_point deadline,
                std::atomic<int>& games) {
  while (Clock::now() < deadline) {
    auto push = bot.client->next_push(std::chrono::milliseconds(static_cast<int>(config.stall_timeout * 1000)));
    if (!push) {
      if (over(status_of(bot, id))) return;
      continue;
    }
    if (push->has_tournament_round() && !push->tournament_round().started()) {
      if (over(status_of(bot, id))) return;
      continue;
    }
    if (!push->has_tournament_game_ready()) continue;
    const auto room = push->tournament_game_ready().room_id();
    bot.paced([&](client::Client& c) { return c.join_room(room); });
    BotPlayer player(bot, room, stats, config, deadline);
    const auto end = player.play();
    if (end == BotPlayer::End::Finished) games++;
    bot.paced([&](client::Client& c) {
      c.leave_room(room);
      return 0;
    });
  }
}

}  // namespace

int run_tournament(const LoadConfig& config) {
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::milliseconds(static_cast<std::int64_t>(config.duration_limit * 1000));
  AccountStore accounts(config.token_file);
  LoadStats stats;
  const auto base = name_base(config.account_prefix, run_suffix());
  std::vector<std::unique_ptr<Bot>> bots;
  std::unique_ptr<Bot> organizer;
  std::int64_t id = 0;
  try {
    organizer = make_bot(config, config.organizer, std::nullopt, bot_seed(config.seed, 0), accounts);
    std::optional<v1::Deck> deck;
    if (!config.deck_file.empty()) deck = read_deck(config.deck_file);
    const v1::GameList games = organizer->client->list_games();
    for (const auto& game : games.games()) {
      if (game.id() == config.game && game.needs_deck() && !deck && game.starter_decks_size() > 0) {
        deck = game.starter_decks(0);
      }
    }
    const auto created = organizer->client->call(create_event(config, "load " + base));
    id = created.tournament().tournament_id();
    organizer->client->call(control(id, v1::TournamentControl::OPEN_REGISTRATION));
    for (int i = 0; i < config.tournament_players; ++i) {
      bots.push_back(make_bot(config, bot_username(base, i, 0), deck, bot_seed(config.seed, i + 1), accounts));
      v1::ClientMessage reg;
      reg.mutable_register_entrant()->set_tournament_id(id);
      reg.mutable_register_entrant()->set_deck_id(bots.back()->deck_id);
      bots.back()->paced([&](client::Client& c) { return c.call(reg); });
    }
    const auto started = organizer->client->call(control(id, v1::TournamentControl::START)).tournament();
    std::cout << "tournament " << id << ": " << bots.size() << " players, " << started.planned_rounds()
              << " Swiss rounds, best of " << config.tournament_best_of << ", top cut " << config.tournament_top_cut
              << "\n";
  } catch (const std::exception& e) {
    std::cerr << "concord-load: tournament set-up failed: " << e.what() << "\n";
    return 2;
  }
  std::atomic<int> games{0};
  std::vector<std::thread> threads;
  for (auto& bot : bots) {
    threads.emplace_back([&, b = bot.get()] {
      try {
        play_event(*b, id, stats, config, deadline, games);
      } catch (const std::exception& e) {
        stats.error("EXCEPTION");
        std::cerr << "concord-load: " << b->username << ": " << e.what() << "\n";
      }
    });
  }
  for (auto& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  v1::TournamentStatus status = v1::TOURNAMENT_STATUS_UNSPECIFIED;
  v1::TournamentInfo info;
  try {
    v1::ClientMessage m;
    m.mutable_get_tournament()->set_tournament_id(id);
    info = organizer->client->call(m).tournament();
    status = info.status();
  } catch (const std::exception& e) {
    std::cerr << "concord-load: reading the event failed: " << e.what() << "\n";
  }
  std::cout << "tournament " << id << ": " << v1::TournamentStatus_Name(status) << " after " << info.round()
            << " round(s), " << games.load() / 2 << " game(s) played to the end, " << seconds << " s\n";
  stats.report(std::cout, seconds, 0);
  return status == v1::TOURNAMENT_FINISHED && stats.errors() == 0 ? 0 : 1;
}

}  // namespace concord::load
