// concord-cli's interpreter (loadtest/cli_shell) against the shipped server:
// two players save ready-made decks, open an EVE: The Second Genesis room,
// see their views and prompts, and answer them, command by command.
#include <regex>
#include <sstream>

#include "cli_shell.hpp"
#include "harness.hpp"

namespace concord::testing {
namespace {

class CliPlay : public ServerTest {
 protected:
  std::string server_binary() const override { return ServerProcess::shipped_server_binary(); }

  std::unique_ptr<cli::CliShell> shell(std::ostringstream& out) {
    const auto port = server_->port();
    auto s = std::make_unique<cli::CliShell>(
        [port] {
          auto client = Client::connect("127.0.0.1", port);
          client->hello();
          return client;
        },
        out);
    EXPECT_TRUE(s->connect());
    return s;
  }

  // Runs one line and returns what it printed.
  static std::string run(cli::CliShell& shell, std::ostringstream& out, const std::string& line) {
    out.str("");
    shell.execute(line);
    return out.str();
  }
};

TEST_F(CliPlay, TwoCliPlayersStartAnEveMatchAndAnswerTheirPrompts) {
  std::ostringstream alice_out, bob_out;
  auto alice = shell(alice_out);
  auto bob = shell(bob_out);
  for (auto [s, out, name] : {std::tuple{alice.get(), &alice_out, "alice"}, std::tuple{bob.get(), &bob_out, "bob"}}) {
    ASSERT_EQ(run(*s, *out, std::string("register ") + name + " password-" + name).rfind("ok", 0), 0u);
    ASSERT_EQ(run(*s, *out, std::string("login ") + name + " password-" + name).rfind("ok", 0), 0u);
  }
  const std::string games = run(*alice, alice_out, "games");
  EXPECT_NE(games.find("starter-deck \"Amarr standard\""), std::string::npos) << games;

  const std::string saved_a = run(*alice, alice_out, "deck-starter eve_genesis \"Amarr standard\"");
  const std::string saved_b = run(*bob, bob_out, "deck-starter eve_genesis \"Minmatar standard\"");
  std::smatch deck_a, deck_b;
  ASSERT_TRUE(std::regex_search(saved_a, deck_a, std::regex("deck_id=(\\d+)"))) << saved_a;
  ASSERT_TRUE(std::regex_search(saved_b, deck_b, std::regex("deck_id=(\\d+)"))) << saved_b;
  EXPECT_EQ(run(*alice, alice_out, "deck-starter eve_genesis \"No such deck\"").rfind("error", 0), 0u);

  const std::string created = run(*alice, alice_out, "create eve_genesis seats=2");
  std::smatch room_match;
  ASSERT_TRUE(std::regex_search(created, room_match, std::regex("room=(\\S+)"))) << created;
  const std::string room = room_match[1];
  ASSERT_EQ(run(*alice, alice_out, "join " + room + " deck=" + deck_a[1].str()).rfind("ok", 0), 0u);
  ASSERT_EQ(run(*bob, bob_out, "join " + room + " deck=" + deck_b[1].str()).rfind("ok", 0), 0u);
  run(*alice, alice_out, "ready " + room);
  run(*bob, bob_out, "ready " + room);

  // Each player in turn: wait for a prompt, show it (the EVE view is printed
  // in protobuf text form), answer with the first option.
  int answered = 0;
  for (int round = 0; round < 6; ++round) {
    for (auto [s, out] : {std::pair{alice.get(), &alice_out}, std::pair{bob.get(), &bob_out}}) {
      if (run(*s, *out, "wait 0.3 prompt").find("error TIMEOUT") != std::string::npos) continue;
      const std::string shown = run(*s, *out, "show " + room);
      EXPECT_NE(shown.find("base_name"), std::string::npos) << shown;
      ASSERT_NE(shown.find("prompt "), std::string::npos) << shown;
      const std::string reply = run(*s, *out, "answer " + room + " #1");
      EXPECT_EQ(reply.rfind("ok accepted", 0), 0u) << shown << reply;
      ++answered;
    }
  }
  EXPECT_GE(answered, 4);
}

// A board game without decks: two CLI players open an EVE: Conquests room with
// its options, join without a deck, and answer the setup round's prompts
// (flips, headquarters, units); `show` prints the Conquests view as text.
TEST_F(CliPlay, TwoCliPlayersStartAConquestsMatchWithoutDecksAndAnswerTheSetupPrompts) {
  std::ostringstream alice_out, bob_out;
  auto alice = shell(alice_out);
  auto bob = shell(bob_out);
  for (auto [s, out, name] : {std::tuple{alice.get(), &alice_out, "alice"}, std::tuple{bob.get(), &bob_out, "bob"}}) {
    ASSERT_EQ(run(*s, *out, std::string("register ") + name + " password-" + name).rfind("ok", 0), 0u);
    ASSERT_EQ(run(*s, *out, std::string("login ") + name + " password-" + name).rfind("ok", 0), 0u);
  }
  const std::string games = run(*alice, alice_out, "games");
  EXPECT_NE(games.find("conquests"), std::string::npos) << games;
  const std::string created =
      run(*alice, alice_out, "create conquests seats=2 end_condition=revelation length=long impending_doom=true");
  std::smatch room_match;
  ASSERT_TRUE(std::regex_search(created, room_match, std::regex("room=(\\S+)"))) << created;
  const std::string room = room_match[1];
  ASSERT_EQ(run(*alice, alice_out, "join " + room).rfind("ok", 0), 0u);
  ASSERT_EQ(run(*bob, bob_out, "join " + room).rfind("ok", 0), 0u);
  run(*alice, alice_out, "ready " + room);
  run(*bob, bob_out, "ready " + room);

  int answered = 0;
  for (int round = 0; round < 6; ++round) {
    for (auto [s, out] : {std::pair{alice.get(), &alice_out}, std::pair{bob.get(), &bob_out}}) {
      if (run(*s, *out, "wait 0.3 prompt").find("error TIMEOUT") != std::string::npos) continue;
      const std::string shown = run(*s, *out, "show " + room);
      EXPECT_NE(shown.find("end_condition: \"revelation\""), std::string::npos) << shown;
      EXPECT_NE(shown.find("verge_vendor"), std::string::npos) << shown;
      ASSERT_NE(shown.find("prompt "), std::string::npos) << shown;
      const std::string reply = run(*s, *out, "answer " + room + " #1");
      EXPECT_EQ(reply.rfind("ok accepted", 0), 0u) << shown << reply;
      ++answered;
    }
  }
  EXPECT_GE(answered, 6);
}

}  // namespace
}  // namespace concord::testing
