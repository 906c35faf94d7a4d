// Protocol 1.1 view deltas over real games: in seeded random-bot games of each
// shipped game, for every viewer (each seat, spectators, a judge), the view a
// client rebuilds by applying the server's deltas (protocol::ViewFeed ->
// client::MatchCache) equals the full view at every accepted command. The
// seats and spectators get their views as a room sends them: projected
// together with the match's view memo (GameAdapter::new_view_memo), in
// pieces where the game writes them so (EverZone: GameAdapter::
// encode_view_pieces, whose deltas are put together from the pieces'
// versions); the judge's view on its own.
#include <gtest/gtest.h>

#include <algorithm>

#include "botplay/bot_play.hpp"
#include "shipped_game_setup.hpp"
#include "client/match_cache.hpp"
#include "delta/view_feed.hpp"

namespace concord::server::games {
namespace {

using setups::seeded_setup;

struct Totals {
  std::size_t steps = 0, full_bytes = 0, delta_bytes = 0;
};

// One viewer as the server and a 1.1 client see it.
struct Watcher {
  rules::Viewer viewer;
  protocol::ViewFeed feed;
  client::MatchCache cache;
};

// Plays `games` seeded games; fails at the first step where a rebuilt view differs.
void check_games(const std::string& id, int seats, int games, Totals& totals) {
  const auto& game = setups::shipped(id);
  for (int n = 0; n < games; ++n) {
    std::vector<rules::Viewer> viewers{rules::Viewer::spectator(), rules::Viewer::judge()};
    for (int s = 0; s < seats; ++s) viewers.push_back(rules::Viewer::of_seat(s));
    std::vector<std::unique_ptr<Watcher>> watchers;
    for (const auto& viewer : viewers) {
      watchers.push_back(std::make_unique<Watcher>());
      watchers.back()->viewer = viewer;
    }
    std::vector<rules::Viewer> room_viewers;  // projected together, as Room::command_views does
    for (const auto& viewer : viewers) {
      if (viewer.kind != rules::Viewer::Kind::Judge) room_viewers.push_back(viewer);
    }
    const auto memo = game.adapter->new_view_memo();
    std::uint64_t index = 0;
    bool ok = true;
    testsupport::BotPlayOptions options;
    options.hash_before = false;
    options.on_step = [&](const testsupport::BotStep& step) {
      if (!step.outcome.accepted || !ok) return;
      ++index;
      // In pieces where the game writes them so, as Room::command_views does.
      std::vector<protocol::PieceView> pieces;
      const bool in_pieces = game.adapter->encode_view_pieces(step.match, room_viewers, memo.get(), pieces);
      std::vector<google::protobuf::Any> together;
      if (!in_pieces || n < 20) together = game.adapter->encode_views(step.match, room_viewers, memo.get());
      for (auto& watcher : watchers) {
        auto& w = *watcher;
        google::protobuf::Any view;
        game.adapter->encode_view(*step.match.view(w.viewer), &view);
        v1::MatchUpdate header;
        header.set_room_id("r");
        header.set_command_index(index);
        std::string bytes = header.SerializeAsString();
        const auto at = std::find(room_viewers.begin(), room_viewers.end(), w.viewer) - room_viewers.begin();
        if (w.viewer.kind == rules::Viewer::Kind::Judge) {
          w.feed.record(index, view, false, &bytes);
        } else if (in_pieces) {
          const auto& mine = pieces[static_cast<std::size_t>(at)];
          ASSERT_EQ(mine.bytes(), view.value()) << id << " game " << n << " command " << index;
          ASSERT_EQ(mine.type_url, view.type_url());
          if (!together.empty()) {
            ASSERT_EQ(together[static_cast<std::size_t>(at)].value(), view.value());
          }
          w.feed.record(index, mine, false, &bytes);
        } else {
          w.feed.record(index, together[static_cast<std::size_t>(at)], false, &bytes);
        }
        v1::MatchUpdate update;
        ASSERT_TRUE(update.ParseFromString(bytes));
        const auto status = w.cache.store(update);
        const auto kept = w.cache.latest("r");
        ok = status == (index == 1 ? client::ViewStatus::Stored : client::ViewStatus::Applied) && kept &&
             kept->view().value() == view.value() && kept->view().type_url() == view.type_url();
        ASSERT_TRUE(ok) << id << " game " << n << " command " << index << " viewer kind " << static_cast<int>(w.viewer.kind)
                        << " seat " << w.viewer.seat;
        if (index > 1) {
          totals.full_bytes += view.value().size();
          totals.delta_bytes += update.view_delta().ops().size();
        }
      }
      ++totals.steps;
    };
    rules::Rng bot(testsupport::seed_from_number(~static_cast<std::uint64_t>(n)));
    const auto played = testsupport::play_random(game.definition, seeded_setup(game, seats, static_cast<std::uint64_t>(n)), bot, options);
    ASSERT_TRUE(ok);
    ASSERT_TRUE(played.match && played.match->finished()) << id << " game " << n;
  }
}

TEST(ViewDeltaGames, EveGenesisRebuiltViewsEqualFullViews) {
  Totals totals;
  check_games("eve_genesis", 2, testsupport::bot_game_count(100, 4), totals);
  EXPECT_GT(totals.steps, 0u);
  EXPECT_LT(totals.delta_bytes * 5, totals.full_bytes);
}

TEST(ViewDeltaGames, EverZoneRebuiltViewsEqualFullViews) {
  Totals totals;
  const int games[] = {400, 300, 150};  // 2, 3 and 4 seats (4: teams); the last are the longest
  for (int seats = 2; seats <= 4; ++seats) {
    check_games("everzone", seats, testsupport::bot_game_count(games[seats - 2], 6), totals);
  }
  EXPECT_GT(totals.steps, 0u);
  EXPECT_LT(totals.delta_bytes * 2, totals.full_bytes);
}

}  // namespace
}  // namespace concord::server::games
