// Integration-test harness.
#include "harness.hpp"

#include "client/prompt_convert.hpp"
#include "concord/rules/bot.hpp"
#include "testgame/highcard.hpp"
#include "concord/testpg.hpp"

namespace concord::testing {

void ServerTest::SetUp() {
  database_ = concord::testpg::fresh_database(concord::testpg::database_name_for_current_test());
  server_ = std::make_unique<ServerProcess>(database_, server_args());
  server_->start();
}

std::unique_ptr<Client> ServerTest::connect() {
  auto client = Client::connect("127.0.0.1", server_->port());
  client->hello();
  return client;
}

std::unique_ptr<Client> ServerTest::player(const std::string& name) {
  auto client = connect();
  client->register_player(name, "password-" + name);
  client->login(name, "password-" + name);
  return client;
}

std::int64_t ServerTest::save_standard_deck(Client& client) {
  const auto deck = concord::testgame::standard_highcard_deck();
  v1::Deck wire;
  wire.set_game(deck.game);
  wire.set_name("standard");
  for (const auto& section : deck.sections) {
    auto* s = wire.add_sections();
    s->set_name(section.name);
    for (const auto& card : section.cards) {
      auto* c = s->add_cards();
      c->set_card(card.card);
      c->set_count(card.count);
    }
  }
  return client.save_deck(wire);
}

std::string ServerTest::start_duel(Client& a, Client& b) {
  const auto room = a.create_room("test_highcard", 2).room_id();
  a.join_room(room, v1::PLAYER, save_standard_deck(a));
  b.join_room(room, v1::PLAYER, save_standard_deck(b));
  a.set_ready(room);
  b.set_ready(room);
  return room;
}

std::uint64_t answer_randomly(Client& client, const v1::MatchUpdate& update, std::uint64_t salt) {
  if (!update.has_prompt()) return 0;
  const auto prompt = client::to_rules(update.prompt());
  for (std::uint64_t attempt = 0; attempt < 64; ++attempt) {
    rules::Seed seed;
    seed.bytes[0] = static_cast<std::uint8_t>(salt);
    seed.bytes[1] = static_cast<std::uint8_t>(update.command_index());
    seed.bytes[2] = static_cast<std::uint8_t>(update.your_seat());
    seed.bytes[3] = static_cast<std::uint8_t>(attempt);
    rules::Rng rng(seed);
    const auto answer = rules::random_answer(prompt, rng);
    try {
      return client.submit_answer(update.room_id(), update.command_index(), client::to_wire(answer)).command_index();
    } catch (const ClientError& e) {
      if (e.kind() != ClientError::Kind::Server || e.code() == "STALE_PROMPT") throw;
    }
  }
  throw std::runtime_error("no random answer was accepted in 64 attempts");
}

v1::MatchUpdate play_until(Client& a, Client& b, const std::string& room, std::uint64_t stop_at_index,
                           std::uint64_t salt) {
  std::uint64_t index = 0;
  auto at_index = [&index](const v1::MatchUpdate& u) { return u.command_index() >= index; };
  auto current = [&](Client& client) {
    auto latest = client.latest_match_update(room);
    return latest && at_index(*latest) ? *latest : client.wait_for_match_update(room, at_index);
  };
  for (;;) {
    auto ua = current(a);
    auto ub = current(b);
    if (ua.finished() || index >= stop_at_index) return ua;
    if (ua.has_prompt()) {
      index = answer_randomly(a, ua, salt);
    } else if (ub.has_prompt()) {
      index = answer_randomly(b, ub, salt);
    } else {
      throw std::runtime_error("nobody has a prompt in an unfinished match");
    }
  }
}

}  // namespace concord::testing
