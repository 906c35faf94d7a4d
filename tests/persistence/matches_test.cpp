// MatchRepository against a real database.
#include "db_test.hpp"

namespace concord::persistence::test {
namespace {

using MatchesTest = DbTest;

TEST_F(MatchesTest, CreateThenGet) {
  const auto alice = make_player("alice");
  const auto bob = make_player("bob");
  const auto id = make_match("room-1", {alice, bob});

  const auto match = MatchRepository(*conn_).get(id);
  ASSERT_TRUE(match.has_value());
  EXPECT_EQ(match->id, id);
  EXPECT_EQ(match->room_id, "room-1");
  EXPECT_EQ(match->game, "everzone");
  EXPECT_EQ(match->room_name, "room room-1");
  EXPECT_EQ(match->options_text, "turns=10");
  EXPECT_EQ(match->seed_hex, "00ff");
  EXPECT_EQ(match->seed_commitment, "c0ffee");
  EXPECT_EQ(match->status, "running");
  EXPECT_EQ(match->result_text, "");
  ASSERT_EQ(match->seats.size(), 2u);
  EXPECT_EQ(match->seats[0].seat, 0);
  EXPECT_EQ(match->seats[0].player_id, alice);
  EXPECT_EQ(match->seats[0].deck_body, "deck 0");
  EXPECT_EQ(match->seats[1].seat, 1);
  EXPECT_EQ(match->seats[1].player_id, bob);
  EXPECT_EQ(match->seats[1].username, "p" + std::to_string(bob));
  EXPECT_TRUE(MatchRepository(*conn_).commands(id).empty());
}

TEST_F(MatchesTest, UnknownMatchIsNotFound) {
  EXPECT_FALSE(MatchRepository(*conn_).get(12345).has_value());
}

TEST_F(MatchesTest, RoomIdsAreUnique) {
  const auto alice = make_player("alice");
  make_match("room-1", {alice});
  EXPECT_THROW(make_match("room-1", {alice}), pqxx::unique_violation);
}

TEST_F(MatchesTest, CreateIsAllOrNothing) {
  const auto alice = make_player("alice");
  MatchRecord match;
  match.room_id = "room-1";
  match.game = "everzone";
  match.seats = {{0, alice, "alice", ""}, {-1, alice, "alice", ""}};  // CHECK (seat >= 0)
  EXPECT_THROW(MatchRepository(*conn_).create(match), pqxx::check_violation);
  EXPECT_EQ(query_value<int>("SELECT count(*) FROM matches"), 0);
}

TEST_F(MatchesTest, ListRunningSkipsFinishedMatches) {
  const auto alice = make_player("alice");
  const auto bob = make_player("bob");
  const auto first = make_match("room-1", {alice, bob});
  const auto second = make_match("room-2", {bob});
  const auto third = make_match("room-3", {});
  {
    pqxx::work txn(*conn_);
    txn.exec_params("UPDATE matches SET status = 'finished' WHERE id = $1", second);
    txn.commit();
  }
  const auto running = MatchRepository(*conn_).list_running();
  ASSERT_EQ(running.size(), 2u);
  EXPECT_EQ(running[0].id, first);
  EXPECT_EQ(running[0].seats.size(), 2u);
  EXPECT_EQ(running[1].id, third);
  EXPECT_TRUE(running[1].seats.empty());
}

TEST_F(MatchesTest, FinishMarksAMatchAndLeavesTheRunningList) {
  const auto alice = make_player("alice");
  const auto id = make_match("room-1", {alice});
  EXPECT_TRUE(MatchRepository(*conn_).finish(id, "aborted", "aborted: replay failed"));
  const auto match = MatchRepository(*conn_).get(id);
  ASSERT_TRUE(match.has_value());
  EXPECT_EQ(match->status, "aborted");
  EXPECT_EQ(match->result_text, "aborted: replay failed");
  EXPECT_TRUE(MatchRepository(*conn_).list_running().empty());
  EXPECT_FALSE(MatchRepository(*conn_).finish(999999, "aborted", "none"));
}

}  // namespace
}  // namespace concord::persistence::test
