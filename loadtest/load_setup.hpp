// Setting up load-test bots: accounts, decks, seeds.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "account_store.hpp"
#include "client/client.hpp"
#include "concord/rules/rng.hpp"
#include "concord/rules/seed.hpp"
#include "load_config.hpp"
#include "pacer.hpp"

namespace concord::load {

// One connected, logged-in bot with its deck saved and its own RNG.
struct Bot {
  std::unique_ptr<client::Client> client;
  std::string username;
  std::int64_t deck_id = 0;  // 0 = no deck
  rules::Rng rng;
  Pacer pacer;  // every request a bot sends goes through it

  // A request paced below the server's rate limit.
  template <typename F>
  auto paced(F&& request) {
    pacer.acquire();
    return request(*client);
  }
};

// A random suffix shared by every username of this run (8 hex digits).
std::string run_suffix();
// The start of every username: --account-prefix if given, else "lt<suffix>".
std::string name_base(const std::string& account_prefix, const std::string& suffix);
// "<base>r<room>s<seat>": 3-24 characters of [A-Za-z0-9_-] for a base of at most 12.
std::string bot_username(const std::string& base, int room, int seat);
// The bot's RNG seed, derived from the run seed and the bot's number (splitmix64).
rules::Seed bot_seed(std::uint64_t run_seed, std::uint64_t bot_number);

// Connects, says hello, signs in and saves `deck` (if given). Signing in
// resumes the session whose token `accounts` holds for the username; without
// one (or if the server no longer knows it) the bot registers (or, if the name
// is taken, logs in) and the new token goes into `accounts`.
// Throws client::ClientError.
std::unique_ptr<Bot> make_bot(const LoadConfig& config, const std::string& username,
                              const std::optional<v1::Deck>& deck, const rules::Seed& seed, AccountStore& accounts);

// Reads and parses the deck file; throws std::runtime_error with the reason.
v1::Deck read_deck(const std::string& path);

}  // namespace concord::load
