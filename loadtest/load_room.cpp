#include "load_room.hpp"

#include <iostream>
#include <thread>

#include "client/seed_check.hpp"
#include "load_bot.hpp"

namespace concord::load {

RoomRunner::RoomRunner(const LoadConfig& config, int slot, int seats, std::vector<std::unique_ptr<Bot>> bots,
                       LoadStats& stats, Clock::time_point deadline)
    : config_(config), slot_(slot), seats_(seats), bots_(std::move(bots)), stats_(stats), deadline_(deadline) {}

void RoomRunner::run() {
  for (int match = 0; match < config_.matches_per_room; ++match) {
    if (Clock::now() >= deadline_) {
      // Without a window every planned match counts; with one, matches run until it ends.
      if (!config_.windowed()) stats_.match_unfinished(static_cast<std::uint64_t>(config_.matches_per_room - match));
      break;
    }
    std::string room;
    try {
      room = open_room();
    } catch (const client::ClientError& e) {
      stats_.error(e.code());
      if (config_.verbose) std::cerr << "room slot " << slot_ << ": cannot open a room: " << e.what() << "\n";
      stats_.match_unfinished();
      continue;
    }
    if (!play_match(room)) stats_.match_unfinished();
    close_room(room);
  }
}

std::string RoomRunner::open_room() {
  v1::CreateRoom spec;
  spec.set_game(config_.game);
  spec.set_seats(static_cast<std::uint32_t>(seats_));
  spec.set_name("load " + std::to_string(slot_));
  for (const auto& [key, value] : config_.options) (*spec.mutable_options())[key] = value;
  const v1::RoomInfo created = bots_[0]->paced([&](client::Client& c) { return c.create_room(spec); });
  for (auto& bot : bots_) {
    if (bot == bots_[0] && created.your_seat() != 0) continue;  // the creator already holds a seat
    bot->paced([&](client::Client& c) { return c.join_room(created.room_id(), v1::PLAYER, bot->deck_id); });
  }
  return created.room_id();
}

bool RoomRunner::play_match(const std::string& room) {
  std::vector<BotPlayer> players;
  players.reserve(bots_.size());
  for (auto& bot : bots_) players.emplace_back(*bot, room, stats_, config_, deadline_);
  std::vector<BotPlayer::End> ends(players.size(), BotPlayer::End::Failed);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < players.size(); ++i) {
    threads.emplace_back([&, i] { ends[i] = players[i].play(); });
  }
  for (auto& thread : threads) thread.join();
  const auto& final_update = players[0].final_update();
  if (!final_update) return false;
  const bool verified =
      client::seed_matches_commitment(final_update->result().seed_hex(), final_update->seed_commitment());
  stats_.match_finished(verified, ends[0] == BotPlayer::End::CommandLimit);
  if (config_.verbose) {
    std::cerr << "room " << room << ": finished after " << final_update->command_index() << " commands ("
              << final_update->result().reason() << ")\n";
  }
  return true;
}

void RoomRunner::close_room(const std::string& room) {
  for (auto& bot : bots_) {
    try {
      bot->paced([&](client::Client& c) { c.leave_room(room); });
    } catch (const client::ClientError&) {
      // A finished room may already be closed; nothing to do.
    }
    bot->client->discard_pushes();
  }
}

}  // namespace concord::load
