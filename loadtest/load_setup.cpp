#include "load_setup.hpp"

#include <fstream>
#include <random>
#include <semaphore>
#include <sstream>
#include <stdexcept>

#include "client/deck_text.hpp"

namespace concord::load {

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

bool server_refused(const client::ClientError& e) { return e.kind() == client::ClientError::Kind::Server; }

// New accounts cost the server two Argon2id hashes (register, login) on its
// few database workers; bots that need one take turns, so that a thousand
// slots setting up at once do not queue requests past their timeout.
std::counting_semaphore<> new_account_turns(4);

void sign_in(client::Client& client, const std::string& username, AccountStore& accounts) {
  if (const auto token = accounts.token(username)) {
    try {
      client.resume(*token, 0);
      client.discard_pushes();  // RoomInfo of rooms a previous run left behind
      return;
    } catch (const client::ClientError& e) {
      if (!server_refused(e)) throw;  // INVALID_TOKEN: the database was reset; sign in anew
    }
  }
  const std::string password = "pw-" + username;
  new_account_turns.acquire();
  struct Release {
    ~Release() { new_account_turns.release(); }
  } release;
  try {
    if (client.register_player(username, password)) {  // the server logged the new account in
      accounts.set_token(username, client.token());
      return;
    }
  } catch (const client::ClientError& e) {
    if (!server_refused(e) || e.code() != "USERNAME_TAKEN") throw;
  }
  client.login(username, password);
  accounts.set_token(username, client.token());
}

}  // namespace

std::string run_suffix() {
  std::random_device device;
  std::ostringstream out;
  out << std::hex << (device() & 0xffffffffu);
  std::string hex = out.str();
  return std::string(8 - hex.size(), '0') + hex;
}

std::string name_base(const std::string& account_prefix, const std::string& suffix) {
  return account_prefix.empty() ? "lt" + suffix : account_prefix;
}

std::string bot_username(const std::string& base, int room, int seat) {
  return base + "r" + std::to_string(room) + "s" + std::to_string(seat);
}

rules::Seed bot_seed(std::uint64_t run_seed, std::uint64_t bot_number) {
  std::uint64_t state = run_seed ^ (bot_number * 0xd1b54a32d192ed03ULL);
  rules::Seed seed;
  for (std::size_t word = 0; word < 4; ++word) {
    const std::uint64_t value = splitmix64(state);
    for (std::size_t byte = 0; byte < 8; ++byte) {
      seed.bytes[word * 8 + byte] = static_cast<std::uint8_t>(value >> (8 * byte));
    }
  }
  return seed;
}

std::unique_ptr<Bot> make_bot(const LoadConfig& config, const std::string& username,
                              const std::optional<v1::Deck>& deck, const rules::Seed& seed, AccountStore& accounts) {
  client::ClientOptions options;
  options.tls = config.tls;
  options.verify = !config.insecure;
  options.client_name = "concord-load";
  auto bot = std::make_unique<Bot>(
      Bot{client::Client::connect(config.host, config.port, options), username, 0, rules::Rng(seed), Pacer()});
  const v1::Welcome welcome = bot->client->hello();
  bot->pacer = Pacer::below(welcome.limits().commands_per_second(), welcome.limits().command_burst());
  sign_in(*bot->client, username, accounts);
  if (deck) bot->deck_id = bot->client->save_deck(*deck);
  return bot;
}

v1::Deck read_deck(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot read deck file " + path);
  std::stringstream text;
  text << file.rdbuf();
  std::string error;
  auto deck = client::parse_deck_text(text.str(), &error);
  if (!deck) throw std::runtime_error(path + ": " + error);
  return *deck;
}

}  // namespace concord::load
