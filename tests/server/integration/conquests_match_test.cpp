// EVE: Conquests through the shipped concord-server and PostgreSQL: three
// random-legal players play a whole match while a spectator watches; every
// update each of them received is checked for what it must not carry: another
// player's hand, a sealed dice choice before both sides have chosen, and the
// answer to the agent question outside the two battle seats (byte level: the
// wire bytes of a sealed choice, as its owner receives them, appear in nobody
// else's update).
#include <iostream>
#include <map>
#include <set>
#include <thread>

#include "client/prompt_convert.hpp"
#include "concord/rules/bot.hpp"
#include "concord/rules/seed.hpp"
#include "concord/v1/games/conquests.pb.h"
#include "harness.hpp"

namespace concord::testing {
namespace {

namespace cq = concord::v1::games::conquests;

class ConquestsMatch : public ServerTest {
 protected:
  std::string server_binary() const override { return ServerProcess::shipped_server_binary(); }
  // Bots answer far faster than people: lift the per-connection command rate.
  std::vector<std::string> server_args() const override { return {"--rate", "2000", "--burst", "2000"}; }

  // `players` players take the seats in order (no deck: a board game) and
  // ready up; carol watches. Returns the seated clients.
  std::vector<Client*> seat_everyone(int players, const std::map<std::string, std::string>& options) {
    v1::CreateRoom spec;
    spec.set_game("conquests");
    spec.set_seats(static_cast<std::uint32_t>(players));
    for (const auto& [name, value] : options) spec.mutable_options()->insert({name, value});
    std::vector<Client*> seats;
    for (int i = 0; i < players; ++i) {
      players_.push_back(player("player" + std::to_string(i)));
      seats.push_back(players_.back().get());
    }
    const auto room = seats.front()->create_room(spec);
    room_ = room.room_id();
    for (const auto& [name, value] : options) EXPECT_EQ(room.options().at(name), value) << name;
    for (Client* c : seats) c->join_room(room_, v1::PLAYER);
    carol_ = player("carol");
    carol_->join_room(room_, v1::SPECTATOR);
    for (Client* c : seats) c->set_ready(room_);
    return seats;
  }

  std::vector<std::unique_ptr<Client>> players_;
  std::unique_ptr<Client> carol_;
  std::string room_;
};

const auto view_of = &unpack_view<cq::CqView>;

const v1::SeatOptions* seat_options(const v1::GameInfo& game, std::uint32_t seats) {
  for (const auto& entry : game.seat_options()) {
    if (entry.seats() == seats) return &entry;
  }
  return nullptr;
}

TEST_F(ConquestsMatch, TheGameIsListedForTwoToFourPlayersWithExactlyTheOptionsARoomAccepts) {
  auto dana = player("dana");
  v1::GameInfo conquests;
  const auto games = dana->list_games();
  for (const auto& game : games.games()) {
    if (game.id() == "conquests") conquests = game;
  }
  ASSERT_EQ(conquests.id(), "conquests");
  EXPECT_EQ(conquests.name(), "EVE: Conquests");
  EXPECT_FALSE(conquests.needs_deck());
  EXPECT_EQ(conquests.starter_decks_size(), 0);
  EXPECT_EQ(conquests.min_seats(), 2u);
  EXPECT_EQ(conquests.max_seats(), 4u);
  for (std::uint32_t seats : {2u, 3u, 4u}) {
    const auto* entry = seat_options(conquests, seats);
    ASSERT_TRUE(entry) << seats << " seats";
    std::map<std::string, v1::OptionSpec> by_name;
    for (const auto& option : entry->options()) by_name[option.name()] = option;
    // The game's three options, then the room options every game takes
    // (protocol/README.md section 11, "Room options").
    const std::set<std::string> room_options = {"clock",
                                                "clock_initial_seconds",
                                                "clock_increment_seconds",
                                                "clock_delay_seconds",
                                                "turn_seconds",
                                                "flag_fall",
                                                "freeze_clock_while_disconnected",
                                                "spectators",
                                                "spectator_delay_commands",
                                                "spectator_delay_seconds",
                                                "spectators_see_end",
                                                "disconnect_grace_seconds",
                                                "on_grace_expiry",
                                                "rated"};
    for (const auto& name : room_options) EXPECT_EQ(by_name.erase(name), 1u) << name;
    ASSERT_EQ(by_name.size(), 3u) << seats << " seats";
    EXPECT_EQ(by_name["end_condition"].kind(), v1::OptionSpec::CHOICE);
    EXPECT_EQ(by_name["end_condition"].default_value(), "trinity");
    EXPECT_EQ(by_name["end_condition"].choices_size(), 2);
    EXPECT_EQ(by_name["length"].kind(), v1::OptionSpec::CHOICE);
    EXPECT_EQ(by_name["length"].choices_size(), 3);
    EXPECT_EQ(by_name["impending_doom"].kind(), v1::OptionSpec::BOOLEAN);
    EXPECT_EQ(by_name["impending_doom"].default_value(), "false");
  }
  EXPECT_EQ(seat_options(conquests, 1), nullptr);
  EXPECT_EQ(seat_options(conquests, 5), nullptr);

  v1::CreateRoom spec;
  spec.set_game("conquests");
  spec.set_seats(4);
  const auto room = dana->create_room(spec);
  EXPECT_EQ(room.options().at("end_condition"), "trinity");
  EXPECT_EQ(room.options().at("length"), "normal");
  EXPECT_EQ(room.options().at("impending_doom"), "false");
  (*spec.mutable_options())["length"] = "short";
  EXPECT_EQ(error_code_of([&] { dana->create_room(spec); }), "INVALID_OPTIONS");
  spec.clear_options();
  (*spec.mutable_options())["end_condition"] = "revelation";
  (*spec.mutable_options())["impending_doom"] = "maybe";
  EXPECT_EQ(error_code_of([&] { dana->create_room(spec); }), "INVALID_OPTIONS");
  spec.clear_options();
  spec.set_seats(5);
  EXPECT_EQ(error_code_of([&] { dana->create_room(spec); }), "INVALID_SEATS");
}

// Every update of one match, per receiver, by command index.
struct Received {
  int seat = -1;  // -1: the spectator
  std::map<std::uint64_t, v1::MatchUpdate> by_index;
};

// The wire bytes of a battle side's sealed choice as its owner receives them:
// CqBattleSide.choice (field 5) with its three counts.
std::string choice_bytes(const cq::CqDice& dice) {
  const std::string body = dice.SerializeAsString();
  return std::string(1, '\x2a') + static_cast<char>(body.size()) + body;
}

bool is_battle_seat(const cq::CqBattle& battle, int seat) {
  return battle.sides(0).seat() == seat || battle.sides(1).seat() == seat;
}

// play_until (harness) with one random-legal bot whose generator is seeded on
// all 32 bytes: the harness seeds a fresh generator per answer from a few
// bytes, and its first draws then mostly pick the first option (`end` of a
// turn), so that its Conquests matches see almost no battle. Every Conquests
// option offered is legal: the first answer is accepted.
v1::MatchUpdate play_to_the_end(const std::vector<Client*>& seats, const std::string& room, std::uint64_t salt,
                                std::vector<std::vector<v1::MatchUpdate>>& taken) {
  rules::Seed seed;
  for (std::size_t i = 0; i < seed.bytes.size(); ++i) seed.bytes[i] = static_cast<std::uint8_t>(salt * 131 + i * 29 + 7);
  rules::Rng rng(seed);
  taken.resize(seats.size());
  std::uint64_t index = 0;
  auto at_index = [&index](const v1::MatchUpdate& u) { return u.command_index() >= index; };
  for (;;) {
    std::vector<v1::MatchUpdate> updates;
    for (std::size_t s = 0; s < seats.size(); ++s) {
      auto latest = seats[s]->latest_match_update(room);
      if (latest && at_index(*latest)) {
        updates.push_back(*latest);
      } else {
        updates.push_back(seats[s]->wait_for_match_update(room, at_index));
        taken[s].push_back(updates.back());
      }
    }
    if (updates.front().finished()) return updates.front();
    std::vector<std::size_t> holders;
    for (std::size_t i = 0; i < seats.size(); ++i) {
      if (updates[i].has_prompt()) holders.push_back(i);
    }
    if (holders.empty()) throw std::runtime_error("nobody has a prompt in an unfinished match");
    const std::size_t who = holders[rng.below(holders.size())];
    const auto prompt = client::to_rules(updates[who].prompt());
    for (;;) {
      try {
        index = seats[who]->submit_answer(updates[who], client::to_wire(rules::random_answer(prompt, rng))).command_index();
        break;
      } catch (const ClientError& e) {
        if (e.code() != "RATE_LIMITED") throw;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    }
  }
}

TEST_F(ConquestsMatch, ThreePlayersPlayAWholeMatchAndNobodyLearnsASealedChoiceOrAnAnswerEarly) {
  const auto seats = seat_everyone(3, {{"end_condition", "trinity"}, {"length", "normal"}, {"impending_doom", "true"}});
  std::vector<std::vector<v1::MatchUpdate>> taken;
  const auto last = play_to_the_end(seats, room_, 11, taken);
  ASSERT_TRUE(last.finished());
  EXPECT_GT(last.command_index(), 100u) << "setup alone takes more than a hundred commands with three players";
  EXPECT_TRUE(last.result().draw() || last.result().winners_size() >= 1);
  const auto seed = rules::Seed::from_hex(last.result().seed_hex());
  ASSERT_TRUE(seed.has_value());
  EXPECT_EQ(seed->commitment(), last.seed_commitment());
  EXPECT_EQ(view_of(last).pending(), "over");

  std::vector<Received> received(4);
  for (std::size_t i = 0; i < seats.size(); ++i) {
    received[i].seat = static_cast<int>(i);
    for (auto& update : drain_updates(*seats[i], room_)) taken[i].push_back(std::move(update));
    for (auto& update : taken[i]) received[i].by_index[update.command_index()] = std::move(update);
  }
  for (auto& update : drain_updates(*carol_, room_)) received[3].by_index[update.command_index()] = std::move(update);
  ASSERT_FALSE(received[3].by_index.empty());
  EXPECT_TRUE(received[3].by_index.rbegin()->second.finished());
  EXPECT_EQ(received[3].by_index.rbegin()->first, last.command_index());

  // Hands: each seat sees its own and nobody else's; the spectator none.
  for (const auto& r : received) {
    ASSERT_GT(r.by_index.size(), 100u) << "receiver " << r.seat;
    for (const auto& [index, update] : r.by_index) {
      const auto view = view_of(update);
      EXPECT_EQ(update.your_seat(), static_cast<std::uint32_t>(r.seat + 1));
      if (r.seat < 0) {
        EXPECT_FALSE(update.has_prompt());
      }
      for (const auto& seat : view.seats()) {
        const bool own = static_cast<int>(seat.index()) == r.seat;
        EXPECT_EQ(seat.hand_visible(), own) << "receiver " << r.seat << ", seat " << seat.index() << ", command " << index;
        if (own) {
          EXPECT_EQ(static_cast<std::uint32_t>(seat.hand_size()), seat.hand_count());
        } else {
          EXPECT_EQ(seat.hand_size(), 0) << "receiver " << r.seat << ", command " << index;
        }
      }
    }
  }

  // Sealed dice and the agent answer, command by command.
  int sealed_checks = 0, byte_checks = 0, answer_checks = 0;
  std::set<std::uint64_t> indices;
  for (const auto& r : received) {
    for (const auto& entry : r.by_index) indices.insert(entry.first);
  }
  for (const auto index : indices) {
    for (int side = 0; side < 2; ++side) {
      // The owner's copy: what its sealed choice looks like on the wire.
      const cq::CqView* owner_view = nullptr;
      const v1::MatchUpdate* owner_update = nullptr;
      cq::CqView owner_storage;
      for (const auto& r : received) {
        const auto it = r.by_index.find(index);
        if (r.seat < 0 || it == r.by_index.end()) continue;
        owner_storage = view_of(it->second);
        if (!owner_storage.in_battle() || owner_storage.battle().sides(side).seat() != r.seat) continue;
        owner_view = &owner_storage;
        owner_update = &it->second;
        break;
      }
      if (!owner_view) continue;
      const auto& own_side = owner_view->battle().sides(side);
      if (!own_side.chosen() || own_side.rolled_visible()) continue;
      ASSERT_TRUE(own_side.choice_visible()) << "command " << index << ": the chooser sees its own dice";
      const auto& dice = own_side.choice();
      // An empty choice (0:0:0) has no bytes of its own to look for.
      const bool distinctive = dice.damage() > 0 || dice.shield() > 0 || dice.tactics() > 0;
      const std::string needle = choice_bytes(dice);
      if (distinctive) {
        EXPECT_NE(owner_update->SerializeAsString().find(needle), std::string::npos) << "the owner's copy holds the needle";
      }
      for (const auto& r : received) {
        if (r.seat == own_side.seat()) continue;
        const auto it = r.by_index.find(index);
        if (it == r.by_index.end()) continue;
        const auto view = view_of(it->second);
        const auto& seen = view.battle().sides(side);
        EXPECT_TRUE(seen.chosen()) << "receiver " << r.seat << ", command " << index;
        EXPECT_FALSE(seen.choice_visible()) << "receiver " << r.seat << ", command " << index;
        EXPECT_FALSE(seen.has_choice()) << "receiver " << r.seat << ", command " << index;
        ++sealed_checks;
        if (distinctive) {
          EXPECT_EQ(it->second.SerializeAsString().find(needle), std::string::npos)
              << "receiver " << r.seat << " got the bytes of seat " << own_side.seat() << "'s sealed dice, command " << index;
          ++byte_checks;
        }
      }
    }
    // The answer to the agent question: the two battle seats only, until the roll.
    for (const auto& r : received) {
      const auto it = r.by_index.find(index);
      if (it == r.by_index.end()) continue;
      const auto view = view_of(it->second);
      const bool party = view.in_battle() && is_battle_seat(view.battle(), r.seat);
      if (view.in_battle() && !view.battle().question().empty() && !view.battle().sides(0).rolled_visible()) {
        EXPECT_EQ(view.battle().answer_visible(), party) << "receiver " << r.seat << ", command " << index;
        if (!party) {
          EXPECT_EQ(view.battle().answer(), 0);
        }
        ++answer_checks;
      }
      for (const auto& event : it->second.events()) {
        if (event.kind() != "answer") continue;
        EXPECT_TRUE(party) << "receiver " << r.seat << " got the answer event: " << event.text();
        cq::CqEvent detail;
        EXPECT_TRUE(event.detail().UnpackTo(&detail));
        EXPECT_FALSE(detail.what().empty()) << "the answer names the die colour asked about";
      }
    }
  }
  int attacks = 0;
  for (const auto& [index, update] : received[3].by_index) {
    for (const auto& event : update.events()) attacks += event.kind() == "attack" ? 1 : 0;
  }
  std::cout << "result " << last.result().reason() << ", attacks " << attacks << ", commands " << last.command_index() << ", sealed-choice checks " << sealed_checks << " (byte level "
            << byte_checks << "), answer checks " << answer_checks << "\n";
  EXPECT_GT(sealed_checks, 0) << "the match had no sealed dice choice";
  EXPECT_GT(byte_checks, 0) << "no sealed non-empty choice to look for";
  EXPECT_GT(answer_checks, 0) << "the match had no agent question";
}

}  // namespace
}  // namespace concord::testing
