// What judges, players and delayed spectators receive of EverZone's hidden
// information, checked on the bytes of every update each connection got
// (protocol/README.md section 11): a judge sees every hand, deck and sealed
// choice; players and spectators never receive the bytes of a card or choice
// hidden from them; a delayed spectator never receives what the delay hides.
#include <map>
#include <set>

#include "concord/v1/games/everzone.pb.h"
#include "harness.hpp"
#include "judge_requests.hpp"

namespace concord::testing {
namespace {

namespace ez = concord::v1::games::everzone;
using namespace std::chrono_literals;

class EverZoneJudging : public ServerTest {
 protected:
  std::string server_binary() const override { return ServerProcess::shipped_server_binary(); }
  std::vector<std::string> server_args() const override {
    return {"--rate", "2000", "--burst", "2000", "--judges", "jane"};
  }

  // alice and bob take the two seats of an EverZone room with these extra
  // options; the judge jane follows it (a judge view with every command) and
  // `watcher` watches it. Returns the room.
  std::string table(Client& alice, Client& bob, Client& jane, Client& watcher,
                    const std::map<std::string, std::string>& options) {
    v1::CreateRoom spec;
    spec.set_game("everzone");
    spec.set_seats(2);
    (*spec.mutable_options())["command_points"] = "10";
    for (const auto& [name, value] : options) (*spec.mutable_options())[name] = value;
    const auto room = alice.create_room(spec).room_id();
    alice.join_room(room, v1::PLAYER, save_deck(alice, starter_deck(alice, "everzone", "numens_virago")));
    bob.join_room(room, v1::PLAYER, save_deck(bob, starter_deck(bob, "everzone", "slurrs_kraken")));
    jane.join_room(room, v1::JUDGE);
    watcher.join_room(room, v1::SPECTATOR);
    alice.set_ready(room);
    bob.set_ready(room);
    alice.wait_for_match_update(room);
    EXPECT_TRUE(jane.call(judge_view(room, true)).match_update().judge_view());
    return room;
  }
};

// The judge's views by command index, from every update the judge received.
void collect_judge_views(Client& judge, const std::string& room, std::map<std::uint64_t, ez::EzView>& out) {
  for (const auto& update : drain_updates(judge, room)) {
    if (update.judge_view()) out[update.command_index()] = unpack_view<ez::EzView>(update);
  }
}

std::string card_bytes(const ez::EzCard& card) { return card.SerializeAsString(); }

// The bytes of every card and sealed choice the judge's view shows that
// `viewer` (a seat, or -1 for spectators) may not see: other seats' hands,
// face-down units and sealed choices, and every deck.
std::vector<std::string> hidden_from(const ez::EzView& judge, int viewer) {
  std::vector<std::string> out;
  for (const auto& seat : judge.seats()) {
    const bool own = static_cast<int>(seat.index()) == viewer;
    for (const auto& card : seat.deck()) out.push_back(card_bytes(card));
    if (own) continue;
    for (const auto& card : seat.hand()) out.push_back(card_bytes(card));
    for (const auto& card : seat.deployed()) out.push_back(card_bytes(card));
    for (const auto& choice : seat.secret()) {
      ez::EzSeat sealed;  // the choice as it would be encoded in a view
      sealed.add_secret(choice);
      out.push_back(sealed.SerializeAsString());
    }
  }
  return out;
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// Every update of `updates` against the judge's view at its index.
void expect_nothing_hidden_received(const std::vector<v1::MatchUpdate>& updates,
                                    const std::map<std::uint64_t, ez::EzView>& judge, int viewer,
                                    const std::string& who, int* checked) {
  for (const auto& update : updates) {
    const auto at = judge.find(update.command_index());
    if (at == judge.end()) continue;
    const auto bytes = update.SerializeAsString();
    for (const auto& hidden : hidden_from(at->second, viewer)) {
      ASSERT_FALSE(contains(bytes, hidden)) << who << " received hidden bytes at command " << update.command_index();
    }
    ++*checked;
  }
}

// One judged game: whether the judge saw both hands and a sealed choice with
// something in it, after checking that the players and the spectator never
// received a hidden byte.
struct JudgedGame {
  bool both_hands = false;
  bool sealed = false;
};

JudgedGame judged_game(Client& alice, Client& bob, Client& jane, Client& carl, const std::string& room,
                       std::uint64_t salt) {
  JudgedGame out;
  std::vector<Client*> seats = {&alice, &bob};
  std::vector<std::vector<v1::MatchUpdate>> taken;
  const auto last = play_until(seats, room, UINT64_MAX, salt, &taken);
  EXPECT_TRUE(last.finished());
  std::map<std::uint64_t, ez::EzView> judge;
  collect_judge_views(jane, room, judge);
  EXPECT_GE(judge.size(), last.command_index()) << "a judge view with every command";
  for (const auto& [index, view] : judge) {
    out.both_hands = out.both_hands || (view.seats(0).hand_visible() && view.seats(0).hand_size() > 0 &&
                                        view.seats(1).hand_visible() && view.seats(1).hand_size() > 0);
    for (const auto& seat : view.seats()) out.sealed = out.sealed || (seat.has_chosen() && seat.secret_size() > 0);
  }
  int checked = 0;
  for (std::size_t s = 0; s < seats.size(); ++s) {
    auto updates = taken[s];
    for (auto& rest : drain_updates(*seats[s], room)) updates.push_back(std::move(rest));
    expect_nothing_hidden_received(updates, judge, static_cast<int>(s), "seat " + std::to_string(s), &checked);
  }
  expect_nothing_hidden_received(drain_updates(carl, room), judge, -1, "the spectator", &checked);
  EXPECT_GT(checked, static_cast<int>(last.command_index())) << "updates were compared with the judge's views";
  for (Client* c : {&alice, &bob, &jane, &carl}) error_code_of([&] { c->leave_room(room); });  // the next game's room
  return out;
}

// A random game may seal nothing but empty deployments (about 1 game in 15):
// up to five games are played until one seals a choice with something in it.
TEST_F(EverZoneJudging, AJudgeSeesBothHandsAndEverySealedChoiceWhilePlayersAndSpectatorsNeverReceiveThem) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  auto carl = player("carl");
  JudgedGame seen;
  for (std::uint64_t salt = 31; salt < 36 && !seen.sealed; ++salt) {
    const auto room = table(*alice, *bob, *jane, *carl, {});
    const auto game = judged_game(*alice, *bob, *jane, *carl, room, salt);
    seen.both_hands = seen.both_hands || game.both_hands;
    seen.sealed = game.sealed;
  }
  EXPECT_TRUE(seen.both_hands) << "the judge sees both hands";
  EXPECT_TRUE(seen.sealed) << "the judge sees a sealed choice before it is revealed";
}

// The refs of the cards a view shows face up (active, withdrawn, supports,
// retreated, fallen), by seat zone.
template <typename Visit>
void for_each_public_card(const ez::EzView& view, Visit visit) {
  for (const auto& seat : view.seats()) {
    for (const auto* zone : {&seat.active(), &seat.withdrawn(), &seat.supports(), &seat.retreated(), &seat.fallen()}) {
      for (const auto& card : *zone) visit(card);
    }
  }
}

// Cards that are public at `now` but were hidden at `then` (in a hand, face
// down or in a deck) and public in no view up to `then`: what a spectator
// delayed past `then` must not get. (A card can be face up, go back to a
// hand or a deck for the next battle, and be revealed again: a spectator saw
// it the first time.) `judge` holds the judge's view of every command.
std::vector<std::string> revealed_since(const std::map<std::uint64_t, ez::EzView>& judge, std::uint64_t then,
                                        std::uint64_t now) {
  std::set<std::string> hidden_then, public_before;
  for (const auto& seat : judge.at(then).seats()) {
    for (const auto* zone : {&seat.hand(), &seat.deployed(), &seat.deck()}) {
      for (const auto& card : *zone) hidden_then.insert(card.ref());
    }
  }
  for (auto it = judge.begin(); it != judge.end() && it->first <= then; ++it) {
    for_each_public_card(it->second, [&](const ez::EzCard& card) { public_before.insert(card.ref()); });
  }
  std::vector<std::string> out;
  for_each_public_card(judge.at(now), [&](const ez::EzCard& card) {
    if (hidden_then.count(card.ref()) && !public_before.count(card.ref())) out.push_back(card_bytes(card));
  });
  return out;
}

TEST_F(EverZoneJudging, ASpectatorDelayedByCommandsNeverReceivesWhatTheDelayHides) {
  constexpr std::uint64_t kDelay = 4;
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  auto dora = player("dora");
  const auto room = table(*alice, *bob, *jane, *dora, {{"spectator_delay_commands", std::to_string(kDelay)}});
  std::vector<Client*> seats = {alice.get(), bob.get()};
  std::map<std::uint64_t, ez::EzView> judge;
  std::string received;  // every byte of every update the spectator got so far
  int revealed_checked = 0;
  for (std::uint64_t stop = 6; stop < 200; stop += 5) {
    const auto now = play_until(seats, room, stop, 32);
    if (now.finished()) break;
    const auto present = now.command_index();
    collect_judge_views(*jane, room, judge);
    for (const auto& update : drain_updates(*dora, room)) {
      EXPECT_LE(update.command_index() + kDelay, present) << "a view newer than the delay allows";
      received += update.SerializeAsString();
    }
    if (!judge.count(present) || !judge.count(present - kDelay)) continue;
    for (const auto& card : revealed_since(judge, present - kDelay, present)) {
      EXPECT_FALSE(contains(received, card)) << "a card revealed after command " << present - kDelay
                                             << " reached the spectator at command " << present;
      ++revealed_checked;
    }
  }
  EXPECT_GT(revealed_checked, 0) << "cards were revealed within the delay at some checkpoint";
}

}  // namespace
}  // namespace concord::testing
