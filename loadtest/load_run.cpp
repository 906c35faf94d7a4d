#include "load_run.hpp"

#include <iostream>
#include <thread>
#include <vector>

#include "load_room.hpp"

namespace concord::load {

namespace {

const v1::GameInfo* find_game(const v1::GameList& games, const std::string& id) {
  for (const auto& game : games.games()) {
    if (game.id() == id) return &game;
  }
  return nullptr;
}

// Checks the game and fills config.seats; returns an error text or empty.
std::string resolve_game(const v1::GameInfo* game, LoadConfig& config, bool have_deck) {
  if (!game) return "the server does not host game '" + config.game + "'";
  if (config.seats == 0) config.seats = static_cast<int>(game->min_seats());
  if (config.seats < static_cast<int>(game->min_seats()) || config.seats > static_cast<int>(game->max_seats())) {
    return "game '" + config.game + "' takes " + std::to_string(game->min_seats()) + "-" +
           std::to_string(game->max_seats()) + " seats";
  }
  if (game->needs_deck() && !have_deck) {
    return "game '" + config.game + "' needs a deck and offers no starter deck: pass --deck-file";
  }
  return {};
}

}  // namespace

LoadRun::LoadRun(LoadConfig& config)
    : config_(config), name_base_(name_base(config.account_prefix, run_suffix())), accounts_(config.token_file) {}

int LoadRun::run() {
  WindowSampler sampler(config_.server_pid, config_.pg_pid);
  sampler.idle();
  std::unique_ptr<Bot> first;
  try {
    first = make_bot(config_, bot_username(name_base_, 0, 0), std::nullopt, bot_seed(config_.seed, 0), accounts_);
    const v1::GameList games = first->client->list_games();
    const v1::GameInfo* game = find_game(games, config_.game);
    if (!config_.deck_file.empty()) {
      decks_.push_back(read_deck(config_.deck_file));
    } else if (game && game->needs_deck()) {
      decks_.assign(game->starter_decks().begin(), game->starter_decks().end());
    }
    if (const std::string problem = resolve_game(game, config_, !decks_.empty()); !problem.empty()) {
      std::cerr << "concord-load: " << problem << "\n";
      return 2;
    }
    if (const auto deck = deck_for(0, 0)) first->deck_id = first->client->save_deck(*deck);
  } catch (const std::exception& e) {
    std::cerr << "concord-load: setup failed: " << e.what() << "\n";
    return 2;
  }
  print_header();
  return play(std::move(first), sampler);
}

std::optional<v1::Deck> LoadRun::deck_for(int slot, int seat) const {
  if (decks_.empty()) return std::nullopt;
  return decks_[static_cast<std::size_t>(slot + seat) % decks_.size()];
}

void LoadRun::print_header() const {
  std::cout << "concord-load: " << config_.host << ":" << config_.port << " game " << config_.game << ", "
            << config_.rooms << " rooms x " << config_.seats << " seats, " << config_.matches_per_room
            << " matches per room, seed " << config_.seed;
  if (config_.windowed()) {
    std::cout << ", warm-up " << config_.warmup << " s, window " << config_.measure << " s, think time "
              << config_.think_time << " s\n";
  } else {
    std::cout << ", limit " << config_.duration_limit << " s\n";
  }
  std::cout << std::flush;
}

int LoadRun::play(std::unique_ptr<Bot> first, WindowSampler& sampler) {
  const auto start = Clock::now();
  StartGate gate(config_.rooms);
  std::vector<std::thread> slots;
  for (int slot = 0; slot < config_.rooms; ++slot) {
    std::unique_ptr<Bot> seed_bot = slot == 0 ? std::move(first) : nullptr;
    slots.emplace_back([this, slot, &gate, bot = std::move(seed_bot)]() mutable {
      run_slot(slot, std::move(bot), gate);
    });
  }
  drive(gate, sampler, start);
  for (auto& thread : slots) thread.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  const auto planned = config_.windowed() ? 0
                                          : static_cast<std::uint64_t>(config_.rooms) *
                                                static_cast<std::uint64_t>(config_.matches_per_room);
  stats_.report(std::cout, elapsed, planned);
  if (config_.windowed()) {
    WindowFigures figures;
    figures.seconds = config_.measure;
    figures.moves = stats_.moves_seen();
    figures.latency = stats_.move_latency();
    figures.live_matches = config_.rooms - dead_slots_;
    sampler.fill(figures);
    print_window(std::cout, figures);
    return stats_.errors() == 0 ? 0 : 1;
  }
  return stats_.matches_finished() == planned && stats_.errors() == 0 ? 0 : 1;
}

void LoadRun::drive(StartGate& gate, WindowSampler& sampler, Clock::time_point run_start) {
  const auto seconds = [](double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
  };
  gate.wait_all_arrived();
  if (!accounts_.save()) std::cerr << "concord-load: cannot write --token-file " << config_.token_file << "\n";
  if (!config_.windowed()) {
    gate.open(run_start + seconds(config_.duration_limit));
    return;
  }
  const auto window_start = Clock::now() + seconds(config_.warmup);
  const auto window_end = window_start + seconds(config_.measure);
  stats_.set_window(window_start, window_end);
  gate.open(window_end);
  std::this_thread::sleep_until(window_start);
  sampler.start();
  std::this_thread::sleep_until(window_end);
  sampler.end();
}

void LoadRun::run_slot(int slot, std::unique_ptr<Bot> first, StartGate& gate) {
  std::vector<std::unique_ptr<Bot>> bots;
  try {
    for (int seat = 0; seat < config_.seats; ++seat) {
      if (seat == 0 && first) {
        bots.push_back(std::move(first));
        continue;
      }
      const auto number = static_cast<std::uint64_t>(slot) * 1000 + static_cast<std::uint64_t>(seat);
      bots.push_back(make_bot(config_, bot_username(name_base_, slot, seat), deck_for(slot, seat),
                              bot_seed(config_.seed, number), accounts_));
    }
  } catch (const std::exception& e) {
    const auto* client_error = dynamic_cast<const client::ClientError*>(&e);
    stats_.error(client_error ? client_error->code() : "SETUP_FAILED");
    std::cerr << "concord-load: room slot " << slot << ": bot setup failed: " << e.what() << "\n";
    if (!config_.windowed()) stats_.match_unfinished(static_cast<std::uint64_t>(config_.matches_per_room));
    ++dead_slots_;
    gate.arrive();
    gate.wait_open();
    return;
  }
  gate.arrive();
  const auto deadline = gate.wait_open();
  RoomRunner(config_, slot, config_.seats, std::move(bots), stats_, deadline).run();
}

}  // namespace concord::load
