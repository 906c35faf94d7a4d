// Visibility::visible_to for seats, spectators and judges.
#include <gtest/gtest.h>

#include "concord/rules/types.hpp"

namespace concord::rules {
namespace {

TEST(Visibility, AllIsSeenByEveryone) {
  const auto v = Visibility::all();
  EXPECT_TRUE(v.visible_to(Viewer::of_seat(0)));
  EXPECT_TRUE(v.visible_to(Viewer::spectator()));
  EXPECT_TRUE(v.visible_to(Viewer::judge()));
}

TEST(Visibility, OnlySeatsIsPrivate) {
  const auto v = Visibility::only({1, 3});
  EXPECT_TRUE(v.visible_to(Viewer::of_seat(1)));
  EXPECT_TRUE(v.visible_to(Viewer::of_seat(3)));
  EXPECT_FALSE(v.visible_to(Viewer::of_seat(0)));
  EXPECT_FALSE(v.visible_to(Viewer::spectator()));
  EXPECT_TRUE(v.visible_to(Viewer::judge()));
}

TEST(Visibility, AllButSeatsHidesFromThose) {
  const auto v = Visibility::all_but({1});
  EXPECT_FALSE(v.visible_to(Viewer::of_seat(1)));
  EXPECT_TRUE(v.visible_to(Viewer::of_seat(0)));
  EXPECT_TRUE(v.visible_to(Viewer::spectator()));
  EXPECT_TRUE(v.visible_to(Viewer::judge()));
}

TEST(Visibility, SpectatorWithStraySeatNumberIsStillASpectator) {
  const Viewer odd{Viewer::Kind::Spectator, 1};
  EXPECT_FALSE(Visibility::only({1}).visible_to(odd));
  EXPECT_TRUE(Visibility::all_but({1}).visible_to(odd));
}

}  // namespace
}  // namespace concord::rules
