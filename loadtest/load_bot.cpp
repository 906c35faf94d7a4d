#include "load_bot.hpp"

#include <algorithm>
#include <thread>

#include "client/prompt_convert.hpp"
#include "concord/rules/bot.hpp"

namespace concord::load {

namespace {

// Random answers have the prompt's shape, but the engine may still refuse a
// combination (e.g. a wager without a card); a new draw usually succeeds.
constexpr int kAttemptsPerPrompt = 64;

// Rejections meaning "this prompt is no longer ours": wait for the next update.
bool prompt_moved_on(const std::string& code) {
  return code == "STALE_PROMPT" || code == "NO_PROMPT" || code == "NOT_YOUR_TURN" || code == "NOT_YOUR_PRIORITY";
}

bool match_gone(const std::string& code) {
  return code == "MATCH_NOT_RUNNING" || code == "NOT_IN_ROOM" || code == "ROOM_NOT_FOUND" || code == "NOT_A_PLAYER";
}

std::chrono::milliseconds until(Clock::time_point deadline, double cap_seconds) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
  const auto cap = std::chrono::milliseconds(static_cast<long long>(cap_seconds * 1000));
  return std::max(std::chrono::milliseconds(0), std::min(left, cap));
}

}  // namespace

BotPlayer::BotPlayer(Bot& bot, std::string room, LoadStats& stats, const LoadConfig& config, Clock::time_point deadline)
    : bot_(bot), room_(std::move(room)), stats_(stats), config_(config), deadline_(deadline) {}

BotPlayer::End BotPlayer::play() {
  try {
    bot_.paced([&](client::Client& c) { return c.set_ready(room_, true); });
    for (;;) {
      const auto update = next_update();
      if (!update) return out_of_time();
      if (update->finished()) {
        final_ = update;
        const bool limited = conceded_ || update->command_index() >= config_.max_commands;
        return limited ? End::CommandLimit : End::Finished;
      }
      if (update->command_index() >= config_.max_commands && !conceded_) concede();
      if (!update->has_prompt() || conceded_) {
        done_index_ = update->command_index();
        continue;
      }
      if (!answer(*update)) return End::Failed;
    }
  } catch (const client::ClientError& e) {
    if (e.kind() == client::ClientError::Kind::Timeout) return out_of_time();
    stats_.error(e.code());
    return End::Failed;
  } catch (const std::exception& e) {
    stats_.error("EXCEPTION");
    return End::Failed;
  }
}

BotPlayer::End BotPlayer::out_of_time() {
  if (Clock::now() < deadline_) {
    stats_.error("STALLED");  // no update for --stall-timeout seconds
    return End::TimedOut;
  }
  try {
    if (!conceded_) concede();  // leave the server no abandoned match
  } catch (const client::ClientError&) {
  }
  return End::TimedOut;
}

bool BotPlayer::wants(const v1::MatchUpdate& update) const {
  return update.finished() || !done_index_ || update.command_index() > *done_index_;
}

std::optional<v1::MatchUpdate> BotPlayer::next_update() {
  for (;;) {
    const auto wait = until(deadline_, config_.stall_timeout);
    if (wait.count() == 0) return std::nullopt;
    v1::MatchUpdate update = bot_.client->wait_for_match_update(room_, {}, wait);
    note_update(update);
    // Jump to the newest state already received; older queued updates are skipped.
    if (auto latest = bot_.client->latest_match_update(room_);
        latest && latest->command_index() > update.command_index()) {
      update = std::move(*latest);
    }
    if (wants(update)) return update;
  }
}

void BotPlayer::note_update(const v1::MatchUpdate& update) {
  if (!pending_move_ || update.command_index() <= pending_move_->first) return;
  const auto now = Clock::now();
  stats_.move_seen(std::chrono::duration<double>(now - pending_move_->second).count(), now);
  pending_move_.reset();
}

void BotPlayer::think() {
  if (config_.think_time <= 0) return;
  double seconds = config_.think_time;
  if (first_answer_) seconds *= static_cast<double>(bot_.rng.below(1000000)) / 1e6;  // spread the matches
  first_answer_ = false;
  const auto wake = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  std::this_thread::sleep_until(std::min(wake, deadline_));
}

bool BotPlayer::answer(const v1::MatchUpdate& update) {
  done_index_ = update.command_index();
  think();
  if (Clock::now() >= deadline_) return true;  // next_update() then ends the match
  for (int attempt = 0; attempt < kAttemptsPerPrompt; ++attempt) {
    const std::string code = submit(update);
    if (code.empty() || prompt_moved_on(code)) return true;
    if (match_gone(code)) return false;
    if (code == "RATE_LIMITED") std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  stats_.error("BOT_GAVE_UP");  // every draw refused: wait for the next update instead
  return true;
}

std::string BotPlayer::submit(const v1::MatchUpdate& update) {
  const v1::Answer answer = client::to_wire(rules::random_answer(client::to_rules(update.prompt()), bot_.rng));
  bot_.pacer.acquire();
  const auto start = Clock::now();
  std::string code;
  try {
    bot_.client->submit_answer(update, answer);
  } catch (const client::ClientError& e) {
    if (e.kind() != client::ClientError::Kind::Server) throw;
    code = e.code();
  }
  stats_.command(std::chrono::duration<double>(Clock::now() - start).count(), code);
  if (code.empty()) pending_move_.emplace(update.command_index(), start);
  return code;
}

void BotPlayer::concede() {
  conceded_ = true;
  try {
    bot_.paced([&](client::Client& c) { c.concede(room_); });
  } catch (const client::ClientError& e) {
    if (e.kind() != client::ClientError::Kind::Server) throw;
  }
}

}  // namespace concord::load
