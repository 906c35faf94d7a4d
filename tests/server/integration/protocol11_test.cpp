// Protocol 1.1 through the real server: per-seat prompt ids (seats deciding at
// the same time never invalidate each other's answers), the mover's update as
// the reply to its answer, and 1.0 clients working as before.
#include <atomic>
#include <iostream>
#include <mutex>
#include <thread>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include "client/prompt_convert.hpp"
#include "concord/rules/bot.hpp"
#include "harness.hpp"
#include "raw_ws.hpp"

namespace concord::testing {
namespace {

v1::ClientMessage answer_message(const v1::MatchUpdate& update, const v1::Answer& answer, std::uint64_t prompt_id) {
  v1::ClientMessage message;
  auto* submit = message.mutable_submit_answer();
  submit->set_room_id(update.room_id());
  submit->set_command_index(update.command_index());
  submit->set_prompt_id(prompt_id);
  *submit->mutable_answer() = answer;
  return message;
}

v1::Answer first_option(const v1::MatchUpdate& update) {
  v1::Answer answer;
  answer.add_choices()->set_option_id(update.prompt().options(0).id());
  return answer;
}

// The first updates of a two-seat match: who holds the prompt, and the other.
struct Opening {
  Client& mover;
  Client& other;
  v1::MatchUpdate update;        // the mover's, with its prompt
  v1::MatchUpdate other_update;  // without a prompt
};

Opening opening(Client& a, Client& b, const std::string& room) {
  auto first_a = a.wait_for_match_update(room);
  auto first_b = b.wait_for_match_update(room);
  if (first_a.has_prompt()) return {a, b, first_a, first_b};
  if (first_b.has_prompt()) return {b, a, first_b, first_a};
  throw std::runtime_error("nobody has a prompt");
}

class Protocol11 : public ServerTest {};

TEST_F(Protocol11, TheMoversUpdateIsTheReplyToItsAnswerAndCarriesItsPromptId) {
  auto alice = player("alice");
  auto bob = player("bob");
  ASSERT_EQ(alice->welcome()->version(), 2u);
  const auto room = start_duel(*alice, *bob);
  const auto first = opening(*alice, *bob, room);
  Client& active = first.mover;
  Client& other = first.other;
  EXPECT_GT(first.update.prompt_id(), 0u);
  EXPECT_EQ(first.other_update.prompt_id(), 0u) << "no prompt, no prompt id";

  const auto reply = active.request(answer_message(first.update, first_option(first.update), first.update.prompt_id()));
  ASSERT_TRUE(reply.has_match_update()) << reply.DebugString();
  EXPECT_TRUE(reply.match_update().accepted());
  EXPECT_EQ(reply.match_update().command_index(), 1u);
  const auto seen = other.wait_for_match_update(room);
  EXPECT_EQ(seen.command_index(), 1u);
  EXPECT_FALSE(seen.accepted()) << "only the mover's copy is its reply";
  // The mover received exactly one message for its move: no AnswerAccepted.
  while (auto push = active.next_push(std::chrono::milliseconds(300))) {
    EXPECT_FALSE(push->has_answer_accepted());
    if (push->has_match_update()) {
      EXPECT_EQ(push->match_update().command_index(), 1u);
    }
  }
}

// How many times the top level of a serialized ServerMessage holds field
// `number` (a length-delimited one).
int occurrences(const std::string& frame, int number) {
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(frame.data()),
                                            static_cast<int>(frame.size()));
  int count = 0;
  while (const std::uint32_t tag = in.ReadTag()) {
    if (google::protobuf::internal::WireFormatLite::GetTagFieldNumber(tag) == number) ++count;
    if (!google::protobuf::internal::WireFormatLite::SkipField(&in, tag)) return -1;
  }
  return count;
}

// The bytes of the first of the next ten frames that `wanted` accepts ("" if
// none does).
template <typename Wanted>
std::string first_frame_where(RawWs& raw, Wanted wanted) {
  for (int i = 0; i < 10; ++i) {
    std::string frame = raw.read_frame();
    v1::ServerMessage message;
    if (message.ParseFromString(frame) && wanted(message)) return frame;
  }
  return {};
}

// protobufjs and ts-proto, the usual JavaScript parsers, keep only the last
// occurrence of an embedded message instead of merging them, so a frame must
// hold its MatchUpdate once: a JavaScript client (loadtest/peers/concord) saw
// only the view of every update when the server sent it in parts.
TEST_F(Protocol11, EachMatchUpdateFrameHoldsItsUpdateAsOneField) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob);
  const auto first = opening(*alice, *bob, room);

  RawWs raw(server_->port());
  raw.hello(2);
  auto resume = with_id(2);
  resume.mutable_resume()->set_token(first.mover.token());
  raw.send(resume);
  const std::string pushed = first_frame_where(raw, [](const v1::ServerMessage& m) { return m.has_match_update(); });
  ASSERT_FALSE(pushed.empty()) << "a resumed seat is sent its match";
  EXPECT_EQ(occurrences(pushed, 40), 1);
  v1::ServerMessage push;
  ASSERT_TRUE(push.ParseFromString(pushed));
  ASSERT_TRUE(push.match_update().has_prompt());
  EXPECT_EQ(push.match_update().room_id(), room);

  auto move = answer_message(push.match_update(), first_option(push.match_update()), push.match_update().prompt_id());
  move.set_request_id(3);
  raw.send(move);
  const std::string reply_frame =
      first_frame_where(raw, [](const v1::ServerMessage& m) { return m.request_id() == 3; });
  ASSERT_FALSE(reply_frame.empty());
  EXPECT_EQ(occurrences(reply_frame, 40), 1) << "the mover's reply too";
  v1::ServerMessage reply;
  ASSERT_TRUE(reply.ParseFromString(reply_frame));
  EXPECT_TRUE(reply.match_update().accepted());
  EXPECT_EQ(reply.match_update().room_id(), room);
  EXPECT_EQ(reply.match_update().command_index(), 1u);
  EXPECT_TRUE(reply.match_update().has_view_checksum());
  const auto seen = first.other.wait_for_match_update(room);
  EXPECT_EQ(seen.command_index(), 1u);
}

TEST_F(Protocol11, AnAnswerNeedsThePromptIdOfTheSeatsCurrentPrompt) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob);
  const auto first = opening(*alice, *bob, room);
  Client& active = first.mover;
  const auto& update = first.update;
  const auto without = active.request(answer_message(update, first_option(update), 0));
  EXPECT_EQ(without.error().code(), "PROMPT_ID_REQUIRED");
  const auto wrong = active.request(answer_message(update, first_option(update), update.prompt_id() + 7));
  EXPECT_EQ(wrong.error().code(), "STALE_PROMPT");
  const auto right = active.request(answer_message(update, first_option(update), update.prompt_id()));
  EXPECT_TRUE(right.has_match_update()) << right.DebugString();
  const auto again = active.request(answer_message(update, first_option(update), update.prompt_id()));
  EXPECT_TRUE(again.has_error()) << "the same prompt cannot be answered twice";
}

TEST_F(Protocol11, AProtocol10ClientKeepsCommandIndexChecksAndAnswerAccepted) {
  auto old_client = [&](const std::string& name) {
    auto client = Client::connect("127.0.0.1", server_->port());
    EXPECT_EQ(client->hello(1, 1).version(), 1u);
    client->register_player(name, "password-" + name);
    client->login(name, "password-" + name);
    return client;
  };
  auto alice = old_client("alice");
  auto bob = old_client("bob");
  const auto room = start_duel(*alice, *bob);
  const auto first = opening(*alice, *bob, room);
  Client& active = first.mover;
  auto stale = answer_message(first.update, first_option(first.update), 0);
  stale.mutable_submit_answer()->set_command_index(99);
  EXPECT_EQ(active.request(stale).error().code(), "STALE_PROMPT");
  const auto reply = active.request(answer_message(first.update, first_option(first.update), 0));
  ASSERT_TRUE(reply.has_answer_accepted()) << reply.DebugString();
  EXPECT_EQ(reply.answer_accepted().command_index(), 1u);
}

// Each seat of an EverZone match answers from its own thread as soon as it
// holds a prompt. A STALE_PROMPT refusal is allowed only when that seat's
// prompt really changed: the seat then receives an update with another id.
class EverZoneAtOnce : public ServerTest {
 protected:
  std::string server_binary() const override { return ServerProcess::shipped_server_binary(); }
  std::vector<std::string> server_args() const override { return {"--rate", "5000", "--burst", "5000"}; }

  struct Counts {
    std::atomic<int> accepted{0};
    std::atomic<int> stale{0};
    std::atomic<int> finished{0};
  };

  void play_seat(Client& client, const std::string& room, std::uint64_t salt, Counts& counts) {
    rules::Seed seed;
    seed.bytes[0] = static_cast<std::uint8_t>(salt);
    rules::Rng rng(seed);
    std::uint64_t answered = 0;
    std::uint64_t seen_index = 0;
    for (;;) {
      auto update = client.wait_for_match_update(
          room,
          [&](const v1::MatchUpdate& u) {
            return u.command_index() >= seen_index &&
                   (u.finished() || (u.has_prompt() && u.prompt_id() != answered));
          },
          std::chrono::seconds(30));
      if (auto latest = client.latest_match_update(room); latest && latest->command_index() > update.command_index()) {
        update = *latest;  // answer the newest prompt, as a real client would
      }
      seen_index = update.command_index();
      if (update.finished()) {
        ++counts.finished;
        return;
      }
      if (!update.has_prompt() || update.prompt_id() == answered) continue;
      const auto prompt = client::to_rules(update.prompt());
      for (int attempt = 0; attempt < 3000; ++attempt) {
        const auto answer = client::to_wire(rules::random_answer(prompt, rng));
        const auto reply = client.request(answer_message(update, answer, update.prompt_id()));
        if (reply.has_match_update()) {
          ++counts.accepted;
          break;
        }
        const auto& code = reply.error().code();
        if (code == "STALE_PROMPT") {
          ++counts.stale;  // the next update for this seat must carry another id
          break;
        }
        if (code == "MATCH_NOT_RUNNING") {
          ++counts.finished;
          return;
        }
      }
      answered = update.prompt_id();
    }
  }

  void play(int players, std::uint64_t salt) {
    v1::CreateRoom spec;
    spec.set_game("everzone");
    spec.set_seats(static_cast<std::uint32_t>(players));
    std::vector<std::unique_ptr<Client>> clients;
    for (int i = 0; i < players; ++i) clients.push_back(player("p" + std::to_string(salt) + "x" + std::to_string(i)));
    const auto room = clients[0]->create_room(spec).room_id();
    const char* decks[] = {"numens_zarkendra", "slurrs_kraken", "utrons_vlad", "numens_virago"};
    for (int i = 0; i < players; ++i) {
      auto deck = save_deck(*clients[i], starter_deck(*clients[i], "everzone", decks[i % 4]));
      clients[i]->join_room(room, v1::PLAYER, deck);
    }
    for (auto& c : clients) c->set_ready(room);
    Counts counts;
    std::mutex failures_mutex;
    std::vector<std::string> failures;
    std::vector<std::thread> threads;
    for (int i = 0; i < players; ++i) {
      threads.emplace_back([&, i] {
        try {
          play_seat(*clients[i], room, salt * 10 + i, counts);
        } catch (const std::exception& e) {
          std::lock_guard lock(failures_mutex);
          failures.push_back("seat " + std::to_string(i) + ": " + e.what());
        }
      });
    }
    for (auto& t : threads) t.join();
    for (const auto& failure : failures) ADD_FAILURE() << failure;
    EXPECT_EQ(counts.finished.load(), players);
    EXPECT_GT(counts.accepted.load(), players * 5);
    std::cout << players << " seats: " << counts.accepted << " accepted, " << counts.stale
              << " stale (each followed by a changed prompt)\n";
  }
};

TEST_F(EverZoneAtOnce, TwoThreeAndFourSeatsAnswerTheirPromptsAtOnceToTheEnd) {
  play(2, 1);
  play(3, 2);
  play(4, 3);
}

// With more than one I/O thread every connection and every room runs on a
// strand of its own; with one (the default, the other integration tests)
// they need none (server/src/net_types.hpp, Room::on_strand).
class EverZoneAtOnceOnTwoIoThreads : public EverZoneAtOnce {
 protected:
  std::vector<std::string> server_args() const override {
    return {"--rate", "5000", "--burst", "5000", "--threads", "2"};
  }
};

TEST_F(EverZoneAtOnceOnTwoIoThreads, TwoAndThreeSeatsAnswerTheirPromptsAtOnceToTheEnd) {
  play(2, 4);
  play(3, 5);
}

}  // namespace
}  // namespace concord::testing
