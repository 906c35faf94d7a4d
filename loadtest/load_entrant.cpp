#include "load_entrant.hpp"

#include <iostream>
#include <thread>

#include "client/prompt_convert.hpp"
#include "concord/rules/bot.hpp"

namespace concord::load {

namespace {

using namespace std::chrono_literals;

constexpr int kAttemptsPerPrompt = 64;
constexpr auto kPollEvery = 2s;

// The server went away (killed, restarting): worth a new connection.
bool lost_server(const client::ClientError& e) {
  using Kind = client::ClientError::Kind;
  return e.kind() == Kind::Closed || e.kind() == Kind::Connect || e.kind() == Kind::Timeout;
}

bool prompt_moved_on(const std::string& code) {
  return code == "STALE_PROMPT" || code == "NO_PROMPT" || code == "NOT_YOUR_TURN" || code == "NOT_YOUR_PRIORITY";
}

bool match_gone(const std::string& code) {
  return code == "MATCH_NOT_RUNNING" || code == "NOT_IN_ROOM" || code == "ROOM_NOT_FOUND" || code == "NOT_A_PLAYER";
}

client::ClientError closed_error() {
  return client::ClientError(client::ClientError::Kind::Closed, "CLOSED", "the connection closed");
}

// This player's table in `pairings`, if paired.
const v1::TablePairing* my_table(const v1::Pairings& pairings, const std::string& me) {
  for (const auto& table : pairings.tables()) {
    if (table.first() == me || table.second() == me) return &table;
  }
  return nullptr;
}

}  // namespace

Entrant::Entrant(const LoadConfig& config, std::unique_ptr<Bot> bot, std::int64_t event, EntrantRole role,
                 AccountStore& accounts, LoadStats& stats)
    : config_(config),
      bot_(std::move(bot)),
      username_(bot_->username),
      event_(event),
      role_(role),
      accounts_(accounts),
      stats_(stats) {}

void Entrant::run(Clock::time_point deadline) {
  deadline_ = deadline;
  while (Clock::now() < deadline_ && !dropped_) {
    try {
      if (!bot_ || !bot_->client->is_open()) reconnect();
      const auto room = next_room();
      if (!room) return;
      play(*room);
    } catch (const client::ClientError& e) {
      if (lost_server(e) && config_.reconnect_seconds > 0) continue;  // reconnect() on the next turn
      stats_.error(e.code());
      std::cerr << "concord-load: " << username_ << ": " << e.what() << "\n";
      if (e.kind() != client::ClientError::Kind::Server) return;
      std::this_thread::sleep_for(200ms);
    } catch (const std::exception& e) {
      stats_.error("EXCEPTION");
      std::cerr << "concord-load: " << username_ << ": " << e.what() << "\n";
      return;
    }
  }
}

void Entrant::reconnect() {
  if (config_.reconnect_seconds <= 0) throw closed_error();
  const auto until = Clock::now() + std::chrono::milliseconds(static_cast<long long>(config_.reconnect_seconds * 1000));
  if (bot_) saved_rng_ = bot_->rng;
  bot_.reset();
  for (;;) {
    try {
      bot_ = make_bot(config_, username_, std::nullopt, bot_seed(config_.seed, 0), accounts_);
      if (saved_rng_) bot_->rng = *saved_rng_;
      ++reconnects_;
      next_poll_ = Clock::now();  // pushes sent while we were away are lost: read the pairings
      return;
    } catch (const client::ClientError& e) {
      if (!lost_server(e) || Clock::now() >= until) throw;
      std::this_thread::sleep_for(500ms);
    }
  }
}

std::optional<std::string> Entrant::next_room() {
  for (;;) {
    if (Clock::now() >= deadline_) return std::nullopt;
    while (!ready_.empty()) {
      const auto ready = ready_.front();
      ready_.pop_front();
      if (auto room = take(ready.room_id(), ready.round())) return room;
      if (dropped_) return std::nullopt;
    }
    auto push = bot_->client->next_push(500ms);
    if (push && push->has_tournament_game_ready()) {
      ready_.push_back(push->tournament_game_ready());
      continue;
    }
    if (!push && !bot_->client->is_open()) throw closed_error();
    if (Clock::now() < next_poll_) continue;
    next_poll_ = Clock::now() + kPollEvery;
    if (auto room = room_from_pairings()) return room;
    if (dropped_) return std::nullopt;
    if (role_.drop_after_round > 0 && static_cast<int>(last_round_) >= role_.drop_after_round && match_over(last_round_)) {
      drop();
      return std::nullopt;
    }
    if (event_over()) return std::nullopt;
  }
}

// A room to play, unless it was played already or this is the game the
// no-show role misses.
std::optional<std::string> Entrant::take(const std::string& room, std::uint32_t round) {
  if (room.empty() || done_rooms_.count(room)) return std::nullopt;
  if (role_.drop_after_round > 0 && static_cast<int>(round) > role_.drop_after_round) {
    drop();  // paired again before we saw our match end: drop instead of playing
    return std::nullopt;
  }
  room_round_[room] = round;
  if (role_.no_show_once) {
    role_.no_show_once = false;
    done_rooms_.insert(room);
    std::cout << "scenario: " << username_ << " does not show up in room " << room << " (round " << round << ")\n";
    return std::nullopt;
  }
  return room;
}

std::optional<std::string> Entrant::room_from_pairings() {
  v1::ClientMessage m;
  m.mutable_get_pairings()->set_tournament_id(event_);
  v1::ServerMessage reply;
  try {
    reply = bot_->paced([&](client::Client& c) { return c.call(m); });
  } catch (const client::ClientError& e) {
    if (e.kind() != client::ClientError::Kind::Server) throw;
    return std::nullopt;  // no round yet
  }
  const auto* table = my_table(reply.pairings(), username_);
  if (!table || table->over()) return std::nullopt;
  return take(table->room_id(), reply.pairings().round());
}

void Entrant::drop() {
  v1::ClientMessage m;
  m.mutable_drop_entrant()->set_tournament_id(event_);
  bot_->paced([&](client::Client& c) { return c.call(m); });
  dropped_ = true;
  std::cout << "scenario: " << username_ << " dropped after round " << role_.drop_after_round << "\n";
}

bool Entrant::match_over(std::uint32_t round) {
  v1::ClientMessage m;
  m.mutable_get_pairings()->set_tournament_id(event_);
  m.mutable_get_pairings()->set_round(round);
  const auto reply = bot_->paced([&](client::Client& c) { return c.call(m); });
  const auto* table = my_table(reply.pairings(), username_);
  return !table || table->over();
}

bool Entrant::event_over() {
  v1::ClientMessage m;
  m.mutable_get_tournament()->set_tournament_id(event_);
  const auto status = bot_->paced([&](client::Client& c) { return c.call(m); }).tournament().status();
  return status == v1::TOURNAMENT_FINISHED || status == v1::TOURNAMENT_CANCELLED;
}

void Entrant::play(const std::string& room) {
  try {
    bot_->paced([&](client::Client& c) { return c.join_room(room); });
  } catch (const client::ClientError& e) {
    if (e.kind() != client::ClientError::Kind::Server) throw;
    done_rooms_.insert(room);  // closed meanwhile (a no-show deadline) or over
    return;
  }
  last_round_ = std::max(last_round_, room_round_[room]);
  try {
    bot_->paced([&](client::Client& c) { return c.set_ready(room, true); });
  } catch (const client::ClientError& e) {
    if (e.kind() != client::ClientError::Kind::Server) throw;  // MATCH_RUNNING: a match restored after a restart
  }
  const auto stall = std::chrono::milliseconds(static_cast<long long>(config_.stall_timeout * 1000));
  auto idle_until = Clock::now() + stall;
  std::optional<std::uint64_t> answered;
  while (Clock::now() < deadline_) {
    auto push = bot_->client->next_push(250ms);
    if (!push) {
      if (!bot_->client->is_open()) throw closed_error();
      if (Clock::now() < idle_until) continue;
      stats_.error("STALLED");
      break;
    }
    if (push->has_tournament_game_ready()) ready_.push_back(push->tournament_game_ready());
    if (push->has_room_closed() && push->room_closed().room_id() == room) break;
    if (!push->has_match_update() || push->match_update().room_id() != room) continue;
    idle_until = Clock::now() + stall;
    auto update = push->match_update();
    if (auto latest = bot_->client->latest_match_update(room); latest && latest->command_index() > update.command_index()) {
      update = std::move(*latest);
    }
    if (update.finished()) {
      ++games_finished_;
      break;
    }
    if (!update.has_prompt() || (answered && update.command_index() <= *answered)) continue;
    answered = update.command_index();
    answer(update);
  }
  done_rooms_.insert(room);
  try {
    bot_->paced([&](client::Client& c) {
      c.leave_room(room);
      return 0;
    });
  } catch (const client::ClientError& e) {
    if (e.kind() != client::ClientError::Kind::Server) throw;
  }
}

void Entrant::answer(const v1::MatchUpdate& update) {
  for (int attempt = 0; attempt < kAttemptsPerPrompt; ++attempt) {
    const v1::Answer answer = client::to_wire(rules::random_answer(client::to_rules(update.prompt()), bot_->rng));
    bot_->pacer.acquire();
    const auto start = Clock::now();
    std::string code;
    try {
      bot_->client->submit_answer(update, answer);
    } catch (const client::ClientError& e) {
      if (e.kind() != client::ClientError::Kind::Server) throw;
      code = e.code();
    }
    stats_.command(std::chrono::duration<double>(Clock::now() - start).count(), code);
    if (code.empty() || prompt_moved_on(code) || match_gone(code)) return;
    if (code == "RATE_LIMITED") std::this_thread::sleep_for(200ms);
  }
  stats_.error("BOT_GAVE_UP");
}

}  // namespace concord::load
