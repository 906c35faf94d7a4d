#include "load_tournament.hpp"

#include <atomic>
#include <iostream>
#include <thread>
#include <vector>

#include "account_store.hpp"
#include "load_entrant.hpp"
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
  const double no_show = config.no_show_seconds > 0 ? config.no_show_seconds : config.stall_timeout;
  s->set_no_show_seconds(static_cast<std::uint32_t>(std::max(1.0, no_show)));
  s->set_late_entries(config.late_entry);
  if (config.game_loss_round > 0) s->add_staff(config.organizer);  // judges every room of the event
  for (const auto& [key, value] : config.options) (*s->mutable_options())[key] = value;
  return m;
}

v1::ClientMessage control(std::int64_t id, v1::TournamentControl::Action action) {
  v1::ClientMessage m;
  m.mutable_tournament_control()->set_tournament_id(id);
  m.mutable_tournament_control()->set_action(action);
  return m;
}

void register_bot(Bot& bot, std::int64_t id) {
  v1::ClientMessage reg;
  reg.mutable_register_entrant()->set_tournament_id(id);
  reg.mutable_register_entrant()->set_deck_id(bot.deck_id);
  bot.paced([&](client::Client& c) { return c.call(reg); });
}

bool lost_server(const client::ClientError& e) { return e.kind() != client::ClientError::Kind::Server; }

// The organizer's own connection for its duties after the start, made again
// whenever the server went away (for up to --reconnect-seconds each time).
class Staff {
 public:
  Staff(const LoadConfig& config, AccountStore& accounts) : config_(config), accounts_(accounts) {}

  // Calls `request` with a live connection; a lost server is retried.
  template <typename F>
  auto with_connection(F&& request) {
    const auto until = Clock::now() + std::chrono::milliseconds(static_cast<long long>(
                                          std::max(config_.reconnect_seconds, 1.0) * 1000));
    for (;;) {
      try {
        if (!bot_ || !bot_->client->is_open()) {
          bot_ = make_bot(config_, config_.organizer, std::nullopt, bot_seed(config_.seed, 0), accounts_);
        }
        return request(*bot_);
      } catch (const client::ClientError& e) {
        if (!lost_server(e) || config_.reconnect_seconds <= 0 || Clock::now() >= until) throw;
        bot_.reset();
        std::this_thread::sleep_for(500ms);
      }
    }
  }

  v1::Pairings pairings(std::int64_t id) {
    v1::ClientMessage m;
    m.mutable_get_pairings()->set_tournament_id(id);
    return with_connection([&](Bot& b) { return b.paced([&](client::Client& c) { return c.call(m); }); }).pairings();
  }

  v1::TournamentInfo info(std::int64_t id) {
    v1::ClientMessage m;
    m.mutable_get_tournament()->set_tournament_id(id);
    return with_connection([&](Bot& b) { return b.paced([&](client::Client& c) { return c.call(m); }); })
        .tournament();
  }

  // --game-loss-round: as the event's staff, joins the first running game of
  // that round as a judge and gives its first seat a GAME_LOSS. Returns the
  // room, or "" if the round went by first.
  std::string give_game_loss(std::int64_t id, Clock::time_point deadline) {
    const auto round = static_cast<std::uint32_t>(config_.game_loss_round);
    while (Clock::now() < deadline) {
      const auto current = pairings(id);
      if (current.round() > round || info(id).status() >= v1::TOURNAMENT_FINISHED) return "";
      if (current.round() == round && !current.top_cut()) {
        for (const auto& table : current.tables()) {
          if (table.second().empty() || table.over() || table.room_id().empty()) continue;
          if (penalize(table.room_id())) return table.room_id();
        }
      }
      std::this_thread::sleep_for(200ms);
    }
    return "";
  }

 private:
  bool penalize(const std::string& room) {
    return with_connection([&](Bot& b) {
      try {
        b.paced([&](client::Client& c) { return c.join_room(room, v1::JUDGE); });
        v1::ClientMessage m;
        auto* p = m.mutable_issue_penalty();
        p->set_room_id(room);
        p->set_seat(1);
        p->set_category("load test");
        p->set_penalty(v1::GAME_LOSS);
        p->set_note("concord-load --game-loss-round");
        b.paced([&](client::Client& c) { return c.call(m); });
        b.paced([&](client::Client& c) {
          c.leave_room(room);
          return 0;
        });
        return true;
      } catch (const client::ClientError& e) {
        if (lost_server(e)) throw;
        return false;  // not started yet (or over): another table, or later
      }
    });
  }

  const LoadConfig& config_;
  AccountStore& accounts_;
  std::unique_ptr<Bot> bot_;
};

std::optional<v1::Deck> event_deck(const LoadConfig& config, Bot& organizer) {
  std::optional<v1::Deck> deck;
  if (!config.deck_file.empty()) deck = read_deck(config.deck_file);
  const v1::GameList games = organizer.client->list_games();
  for (const auto& game : games.games()) {
    if (game.id() == config.game && game.needs_deck() && !deck && game.starter_decks_size() > 0) {
      deck = game.starter_decks(0);
    }
  }
  return deck;
}

EntrantRole role_of(const LoadConfig& config, int bot) {
  EntrantRole role;
  if (bot == 1) role.drop_after_round = config.drop_after_round;
  if (bot == 2) role.no_show_once = config.no_show;
  return role;
}

void print_entrants(const v1::TournamentInfo& info) {
  int late = 0, dropped = 0;
  for (const auto& e : info.entrants()) {
    late += e.first_round() > 1 ? 1 : 0;
    dropped += e.dropped() ? 1 : 0;
  }
  std::cout << "entrants: " << info.entrants_size() << " (" << late << " late, " << dropped << " dropped)\n";
}

}  // namespace

int run_tournament(const LoadConfig& config) {
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::milliseconds(static_cast<std::int64_t>(config.duration_limit * 1000));
  AccountStore accounts(config.token_file);
  LoadStats stats;
  const auto base = name_base(config.account_prefix, run_suffix());
  std::vector<std::unique_ptr<Entrant>> entrants;
  std::int64_t id = 0;
  try {
    auto organizer = make_bot(config, config.organizer, std::nullopt, bot_seed(config.seed, 0), accounts);
    const auto deck = event_deck(config, *organizer);
    id = organizer->client->call(create_event(config, "load " + base)).tournament().tournament_id();
    organizer->client->call(control(id, v1::TournamentControl::OPEN_REGISTRATION));
    std::vector<std::unique_ptr<Bot>> bots;
    for (int i = 0; i < config.tournament_players; ++i) {
      bots.push_back(make_bot(config, bot_username(base, i, 0), deck, bot_seed(config.seed, i + 1), accounts));
      const bool late = config.late_entry && i + 1 == config.tournament_players;
      if (!late) register_bot(*bots.back(), id);
    }
    const auto started = organizer->client->call(control(id, v1::TournamentControl::START)).tournament();
    if (config.late_entry) {
      register_bot(*bots.back(), id);
      organizer->client->call(control(id, v1::TournamentControl::CLOSE_REGISTRATION));
      std::cout << "scenario: " << bots.back()->username << " entered late\n";
    }
    std::cout << "tournament " << id << ": " << bots.size() << " players, " << started.planned_rounds()
              << " Swiss rounds, best of " << config.tournament_best_of << ", top cut " << config.tournament_top_cut
              << "\n";
    for (std::size_t i = 0; i < bots.size(); ++i) {
      entrants.push_back(std::make_unique<Entrant>(config, std::move(bots[i]), id, role_of(config, static_cast<int>(i)),
                                                   accounts, stats));
    }
  } catch (const std::exception& e) {
    std::cerr << "concord-load: tournament set-up failed: " << e.what() << "\n";
    return 2;
  }
  Staff staff(config, accounts);
  std::thread judge;
  if (config.game_loss_round > 0) {
    judge = std::thread([&] {
      try {
        const auto room = staff.give_game_loss(id, deadline);
        std::cout << "scenario: " << (room.empty() ? "no game loss given (the round went by)" : "GAME_LOSS given in room " + room) << "\n";
        if (room.empty()) stats.error("NO_GAME_LOSS");
      } catch (const std::exception& e) {
        stats.error("EXCEPTION");
        std::cerr << "concord-load: staff: " << e.what() << "\n";
      }
    });
  }
  std::vector<std::thread> threads;
  for (auto& entrant : entrants) threads.emplace_back([&, e = entrant.get()] { e->run(deadline); });
  for (auto& t : threads) t.join();
  if (judge.joinable()) judge.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  v1::TournamentInfo info;
  try {
    info = staff.info(id);
  } catch (const std::exception& e) {
    std::cerr << "concord-load: reading the event failed: " << e.what() << "\n";
  }
  int games = 0, reconnects = 0;
  for (const auto& e : entrants) {
    games += e->games_finished();
    reconnects += e->reconnects();
  }
  print_entrants(info);
  std::cout << "tournament " << id << ": " << v1::TournamentStatus_Name(info.status()) << " after " << info.round()
            << " round(s), " << games / 2 << " game(s) played to the end, " << reconnects << " reconnect(s), "
            << seconds << " s\n";
  stats.report(std::cout, seconds, 0);
  return info.status() == v1::TOURNAMENT_FINISHED && stats.errors() == 0 ? 0 : 1;
}

}  // namespace concord::load
