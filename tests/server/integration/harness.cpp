// Integration-test harness.
#include "harness.hpp"

#include <pqxx/pqxx>

#include <chrono>
#include <thread>

#include "client/prompt_convert.hpp"
#include "concord/rules/bot.hpp"
#include "testgame/highcard.hpp"
#include "concord/testpg.hpp"

namespace concord::testing {

void ServerTest::SetUp() {
  database_ = concord::testpg::fresh_database(concord::testpg::database_name_for_current_test());
  server_ = std::make_unique<ServerProcess>(database_, server_args(), server_binary());
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

std::int64_t ServerTest::count(const std::string& sql) const {
  pqxx::connection conn(database_);
  pqxx::read_transaction txn(conn);
  return txn.exec(sql)[0][0].as<std::int64_t>();
}

// A command batch's payload holds per command a header line, then the state
// hash ("v<n>:" and 16 hex digits; 16 digits alone by an older version), the
// command text and its meta. The digits become zeros, the prefix stays.
std::size_t ServerTest::zero_journaled_hashes() {
  pqxx::connection conn(database_);
  pqxx::work tx(conn);
  const auto changed = tx.exec0(
      "UPDATE match_command_batches SET payload = regexp_replace(payload, chr(10) || '(v[0-9]+:)?[0-9a-f]{16}', "
      "chr(10) || '\\1' || repeat('0', 16), 'g') WHERE payload ~ (chr(10) || '(v[0-9]+:)?[0-9a-f]{16}')");
  tx.commit();
  return static_cast<std::size_t>(changed.affected_rows());
}

std::string ServerTest::start_duel(Client& a, Client& b) {
  v1::CreateRoom spec;
  spec.set_game("test_highcard");
  spec.set_seats(2);
  return start_duel(a, b, spec);
}

std::string ServerTest::start_duel(Client& a, Client& b, const std::map<std::string, std::string>& options) {
  v1::CreateRoom spec;
  spec.set_game("test_highcard");
  spec.set_seats(2);
  for (const auto& [name, value] : options) (*spec.mutable_options())[name] = value;
  return start_duel(a, b, spec);
}

std::string ServerTest::start_duel(Client& a, Client& b, const v1::CreateRoom& spec) {
  const auto room = a.create_room(spec).room_id();
  a.join_room(room, v1::PLAYER, save_standard_deck(a));
  b.join_room(room, v1::PLAYER, save_standard_deck(b));
  a.set_ready(room);
  b.set_ready(room);
  return room;
}

namespace {

// Submits one answer. Returns the accepted command index, or 0 if the server
// refused it on a rule (the refusal is kept in *refusal). Waits out rate limits.
std::uint64_t try_answer(Client& client, const v1::MatchUpdate& update, const rules::Answer& answer,
                         std::string* refusal) {
  for (;;) {
    try {
      return client.submit_answer(update, client::to_wire(answer)).command_index();
    } catch (const ClientError& e) {
      if (e.kind() != ClientError::Kind::Server || e.code() == "STALE_PROMPT") throw;
      if (e.code() != "RATE_LIMITED") {
        *refusal = e.code() + ": " + e.what();
        return 0;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));  // as a real client would
    }
  }
}

// Every subset of the options with an allowed size, smallest first (prompts
// with at most 12 options): for prompts where few answers are legal.
std::vector<rules::Answer> every_answer(const rules::Prompt& prompt) {
  std::vector<rules::Answer> out;
  const std::size_t n = prompt.options.size();
  if (n > 12) return out;
  for (unsigned size = prompt.min_choices; size <= std::min<std::size_t>(prompt.max_choices, n); ++size) {
    for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
      if (static_cast<unsigned>(__builtin_popcount(mask)) != size) continue;
      rules::Answer answer;
      for (std::size_t i = 0; i < n; ++i) {
        if (mask & (1u << i)) answer.choices.push_back({prompt.options[i].id, prompt.options[i].range ? prompt.options[i].range->min : 0});
      }
      out.push_back(std::move(answer));
    }
  }
  return out;
}

}  // namespace

std::uint64_t answer_randomly(Client& client, const v1::MatchUpdate& update, std::uint64_t salt) {
  if (!update.has_prompt()) return 0;
  const auto prompt = client::to_rules(update.prompt());
  std::string last_refusal;
  // Some prompts accept only a few of their well-formed answers (e.g. EverZone's
  // withdrawal: the units left must fit the resource limit): after a number of
  // random answers, try every answer in turn.
  constexpr std::uint64_t kRandomAttempts = 300;
  for (std::uint64_t attempt = 0; attempt < kRandomAttempts; ++attempt) {
    rules::Seed seed;
    seed.bytes[0] = static_cast<std::uint8_t>(salt);
    seed.bytes[1] = static_cast<std::uint8_t>(update.command_index());
    seed.bytes[2] = static_cast<std::uint8_t>(update.your_seat());
    seed.bytes[3] = static_cast<std::uint8_t>(attempt);
    seed.bytes[4] = static_cast<std::uint8_t>(attempt >> 8);
    seed.bytes[5] = static_cast<std::uint8_t>(update.command_index() >> 8);
    rules::Rng rng(seed);
    if (auto index = try_answer(client, update, rules::random_answer(prompt, rng), &last_refusal)) return index;
  }
  for (const auto& answer : every_answer(prompt)) {
    if (auto index = try_answer(client, update, answer, &last_refusal)) return index;
  }
  throw std::runtime_error("no answer to prompt '" + prompt.kind + "' was accepted; last: " + last_refusal);
}

v1::MatchUpdate play_until(Client& a, Client& b, const std::string& room, std::uint64_t stop_at_index,
                           std::uint64_t salt) {
  return play_until(std::vector<Client*>{&a, &b}, room, stop_at_index, salt);
}

v1::MatchUpdate play_until(const std::vector<Client*>& seats, const std::string& room,
                           std::uint64_t stop_at_index, std::uint64_t salt,
                           std::vector<std::vector<v1::MatchUpdate>>* taken) {
  std::uint64_t index = 0;
  if (taken) taken->resize(seats.size());
  auto at_index = [&index](const v1::MatchUpdate& u) { return u.command_index() >= index; };
  auto current = [&](std::size_t seat) {
    Client& client = *seats[seat];
    auto latest = client.latest_match_update(room);
    if (latest && at_index(*latest)) return *latest;
    auto update = client.wait_for_match_update(room, at_index);
    if (taken) (*taken)[seat].push_back(update);
    return update;
  };
  for (;;) {
    std::vector<v1::MatchUpdate> updates;
    for (std::size_t s = 0; s < seats.size(); ++s) updates.push_back(current(s));
    if (updates.front().finished() || index >= stop_at_index) return updates.front();
    std::size_t who = seats.size();
    for (std::size_t i = 0; i < seats.size() && who == seats.size(); ++i) {
      if (updates[i].has_prompt()) who = i;
    }
    if (who == seats.size()) throw std::runtime_error("nobody has a prompt in an unfinished match");
    index = answer_randomly(*seats[who], updates[who], salt);
  }
}

std::vector<v1::MatchUpdate> drain_updates(Client& client, const std::string& room) {
  std::vector<v1::MatchUpdate> out;
  while (auto push = client.next_push(std::chrono::milliseconds(300))) {
    if (push->has_match_update() && push->match_update().room_id() == room) out.push_back(push->match_update());
  }
  return out;
}

std::int64_t save_deck(Client& client, const v1::Deck& deck) { return client.save_deck(deck); }

v1::Deck starter_deck(Client& client, const std::string& game, const std::string& name) {
  const v1::GameList games = client.list_games();
  for (const auto& info : games.games()) {
    if (info.id() != game) continue;
    for (const auto& deck : info.starter_decks()) {
      if (deck.name() == name) return deck;
    }
  }
  throw std::runtime_error("no starter deck '" + name + "' for " + game);
}

}  // namespace concord::testing
