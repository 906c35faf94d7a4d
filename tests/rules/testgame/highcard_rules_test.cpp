// High Card Duel: deck rules, setup, prompts, scoring, rejections, concessions.
#include <algorithm>

#include "highcard_test_util.hpp"

namespace concord::testgame {
namespace {

using namespace testing;
using rules::SeatIndex;
using rules::Viewer;

std::vector<std::string> codes(const rules::Deck& deck) {
  std::vector<std::string> out;
  for (const auto& v : validate_highcard_deck(deck)) out.push_back(v.code);
  return out;
}

// ---------------------------------------------------------------- deck rules

TEST(HighCardDeck, StandardDeckIsLegal) {
  EXPECT_TRUE(validate_highcard_deck(standard_highcard_deck()).empty());
  EXPECT_TRUE(validate_highcard_deck(high_deck()).empty());
}

TEST(HighCardDeck, TooFewCards) {
  EXPECT_EQ(codes(deck_of({{"c1", 3}, {"c2", 3}, {"c3", 3}})),
            std::vector<std::string>{"TOO_FEW_CARDS"});
}

TEST(HighCardDeck, UnknownCardAndTooManyCopiesNameTheCard) {
  const auto v = validate_highcard_deck(deck_of({{"c0", 1}, {"c5", 4}, {"c6", 3}, {"c7", 3}}));
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].code, "UNKNOWN_CARD");
  EXPECT_NE(v[0].message.find("c0"), std::string::npos);
  EXPECT_EQ(v[1].code, "TOO_MANY_COPIES");
  EXPECT_NE(v[1].message.find("c5"), std::string::npos);
}

TEST(HighCardDeck, CopiesAddUpAcrossLines) {
  EXPECT_EQ(codes(deck_of({{"c1", 2}, {"c1", 2}, {"c2", 3}, {"c3", 3}})),
            std::vector<std::string>{"TOO_MANY_COPIES"});
}

TEST(HighCardDeck, SectionsAndGame) {
  rules::Deck d{"other", "n", {rules::DeckSection{"extra", {{"c1", 1}}}}};
  EXPECT_EQ(codes(d), (std::vector<std::string>{"WRONG_GAME", "UNKNOWN_SECTION", "MISSING_SECTION",
                                                "TOO_FEW_CARDS"}));
}

TEST(HighCardDeck, EveryViolationListed) {
  rules::Deck d = deck_of({{"zz", 1}, {"c1", 5}, {"c2", 4}});
  d.sections.push_back({"side", {}});
  EXPECT_EQ(codes(d), (std::vector<std::string>{"UNKNOWN_SECTION", "TOO_MANY_COPIES",
                                                "TOO_MANY_COPIES", "UNKNOWN_CARD"}));
}

// ---------------------------------------------------------------- definition and setup

TEST(HighCardSetup, Definition) {
  const auto def = highcard_definition();
  EXPECT_EQ(def.id, "test_highcard");
  EXPECT_EQ(def.min_seats, 2);
  EXPECT_EQ(def.max_seats, 4);
  EXPECT_TRUE(def.needs_deck);
  const auto resolved = rules::resolve_options(def.options, {});
  EXPECT_EQ(resolved.values, (rules::OptionValues{{"fault", "none"}, {"hand_size", "3"}, {"rounds", "3"}}));
  EXPECT_FALSE(rules::resolve_options(def.options, {{"rounds", "21"}}).ok());
  EXPECT_FALSE(rules::resolve_options(def.options, {{"hand_size", "8"}}).ok());
}

TEST(HighCardSetup, RefusesInvalidSetups) {
  EXPECT_EQ(create(setup_of({high_deck()})), nullptr);
  EXPECT_EQ(create(setup_of({high_deck(), high_deck(), high_deck(), high_deck(), high_deck()})),
            nullptr);
  EXPECT_EQ(create(setup_of({high_deck(), deck_of({{"c1", 1}})})), nullptr);
  EXPECT_EQ(create(setup_of({high_deck(), low_deck()}, 21)), nullptr);
  auto no_deck = setup_of({high_deck(), low_deck()});
  no_deck.seats[1].deck.reset();
  EXPECT_EQ(create(no_deck), nullptr);
}

TEST(HighCardSetup, DealsHandSizeAndSeatZeroStarts) {
  const auto m = create(setup_of({high_deck(), low_deck(), standard_highcard_deck()}, 3, 4));
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->seat_count(), 3);
  const auto v = view_of(*m, Viewer::judge());
  EXPECT_EQ(v->active_seat, 0);
  EXPECT_EQ(v->round, 1);
  for (const auto& s : v->seats) {
    EXPECT_EQ(s.hand_count, 4u);
    EXPECT_EQ(s.hand->size(), 4u);
    EXPECT_TRUE(std::is_sorted(s.hand->begin(), s.hand->end()));
  }
  EXPECT_EQ(v->seats[0].deck_count, 6u);
  EXPECT_EQ(v->seats[2].deck_count, 14u);
}

TEST(HighCardSetup, SameSeedSameMatchOtherSeedOtherShuffle) {
  const auto a = create(setup_of({standard_highcard_deck(), standard_highcard_deck()}, 3, 3, 1));
  const auto b = create(setup_of({standard_highcard_deck(), standard_highcard_deck()}, 3, 3, 1));
  const auto c = create(setup_of({standard_highcard_deck(), standard_highcard_deck()}, 3, 3, 2));
  EXPECT_EQ(a->state_hash(), b->state_hash());
  EXPECT_NE(a->state_hash(), c->state_hash());
}

// ---------------------------------------------------------------- prompts

TEST(HighCardPrompt, ActiveSeatGetsOneOptionPerDistinctCardPlusWager) {
  const auto m = create(setup_of({deck_of({{"c5", 3}, {"c6", 3}, {"c7", 3}, {"c8", 1}}),
                                  low_deck()}, 3, 7));
  const auto p = m->prompt(0);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->kind, "play_card");
  EXPECT_EQ(p->min_choices, 1u);
  EXPECT_EQ(p->max_choices, 2u);
  auto hand = hand_of(*m, 0);
  hand.erase(std::unique(hand.begin(), hand.end()), hand.end());
  ASSERT_EQ(p->options.size(), hand.size() + 1);
  for (std::size_t i = 0; i < hand.size(); ++i) {
    EXPECT_EQ(p->options[i].id, "play:" + hand[i]);
    EXPECT_FALSE(p->options[i].range.has_value());
  }
  EXPECT_EQ(p->options.back().id, "wager");
  EXPECT_EQ(p->options.back().range, (rules::ValueRange{0, 3}));
  EXPECT_FALSE(m->prompt(1).has_value());
  EXPECT_FALSE(m->prompt(5).has_value());
}

// ---------------------------------------------------------------- rejections

void expect_rejected(rules::Match& m, SeatIndex seat, const rules::Answer& a,
                     const std::string& code) {
  const std::string before = m.state_hash();
  const auto o = m.submit(seat, a);
  EXPECT_FALSE(o.accepted);
  ASSERT_TRUE(o.rejection.has_value());
  EXPECT_EQ(o.rejection->code, code);
  EXPECT_FALSE(o.rejection->message.empty());
  EXPECT_TRUE(o.events.empty());
  EXPECT_EQ(m.state_hash(), before) << code;
}

TEST(HighCardReject, EachCodeLeavesTheStateUntouched) {
  const auto m = create(setup_of({high_deck(), low_deck()}));
  const std::string card = hand_of(*m, 0).front();
  expect_rejected(*m, 1, play(hand_of(*m, 1).front()), "NOT_YOUR_TURN");
  expect_rejected(*m, 2, play(card), "INVALID_SEAT");
  expect_rejected(*m, -1, play(card), "INVALID_SEAT");
  expect_rejected(*m, 0, {{{"wager", 2}}}, "MUST_PLAY_CARD");
  expect_rejected(*m, 0, {}, "WRONG_CHOICE_COUNT");
  expect_rejected(*m, 0, play("c1"), "UNKNOWN_OPTION");  // not in the high hand
  expect_rejected(*m, 0, play(card, 4), "VALUE_OUT_OF_RANGE");
  expect_rejected(*m, 0, {{{"wager", 1}, {"wager", 1}}}, "DUPLICATE_CHOICE");
  const auto hand = hand_of(*m, 0);
  if (hand.front() != hand.back()) {
    expect_rejected(*m, 0, {{{"play:" + hand.front(), 0}, {"play:" + hand.back(), 0}}},
                    "TOO_MANY_CARDS");
  }
}

TEST(HighCardReject, NoPromptAfterTheEnd) {
  const auto m = create(setup_of({high_deck(), low_deck()}, 1));
  ASSERT_TRUE(m->submit(0, play(hand_of(*m, 0).front())).accepted);
  ASSERT_TRUE(m->submit(1, play(hand_of(*m, 1).front())).accepted);
  ASSERT_TRUE(m->finished());
  expect_rejected(*m, 0, play(hand_of(*m, 0).front()), "NO_PROMPT");
  expect_rejected(*m, 1, play(hand_of(*m, 1).front()), "NO_PROMPT");
  EXPECT_EQ(m->concede(0).rejection->code, "MATCH_OVER");
  EXPECT_FALSE(m->prompt(0).has_value());
  EXPECT_FALSE(m->prompt(1).has_value());
}

// ---------------------------------------------------------------- playing and scoring

TEST(HighCardPlay, PlayScoresDrawsAndPassesTheTurn) {
  const auto m = create(setup_of({high_deck(), low_deck()}));
  const std::string card = hand_of(*m, 0).back();
  const auto o = m->submit(0, play(card, 2));
  ASSERT_TRUE(o.accepted);
  EXPECT_EQ(kinds(o), (std::vector<std::string>{"card_played", "card_drawn", "card_drawn_hidden"}));
  const auto& played = data_of(o.events[0]);
  EXPECT_EQ(played.seat, 0);
  EXPECT_EQ(played.card, card);
  EXPECT_EQ(played.wager, 2);
  EXPECT_EQ(o.events[0].visibility.kind, rules::Visibility::Kind::All);
  const auto v = view_of(*m, Viewer::judge());
  EXPECT_EQ(v->seats[0].score, *card_value(card));  // wager resolves at round end
  EXPECT_EQ(v->seats[0].played, card);
  EXPECT_EQ(v->seats[0].hand_count, 3u);
  EXPECT_EQ(v->seats[0].deck_count, 6u);
  EXPECT_EQ(v->active_seat, 1);
  EXPECT_TRUE(m->prompt(1).has_value());
  EXPECT_FALSE(m->prompt(0).has_value());
}

TEST(HighCardPlay, DrawnCardIsPrivateAndHiddenEventHasNoCard) {
  const auto m = create(setup_of({high_deck(), low_deck()}));
  const auto o = m->submit(0, play(hand_of(*m, 0).front()));
  const auto& drawn = o.events[1];
  const auto& hidden = o.events[2];
  EXPECT_TRUE(drawn.visibility.visible_to(Viewer::of_seat(0)));
  EXPECT_FALSE(drawn.visibility.visible_to(Viewer::of_seat(1)));
  EXPECT_FALSE(drawn.visibility.visible_to(Viewer::spectator()));
  EXPECT_FALSE(data_of(drawn).card.empty());
  EXPECT_FALSE(hidden.visibility.visible_to(Viewer::of_seat(0)));
  EXPECT_TRUE(hidden.visibility.visible_to(Viewer::of_seat(1)));
  EXPECT_TRUE(hidden.visibility.visible_to(Viewer::spectator()));
  EXPECT_TRUE(data_of(hidden).card.empty());
  EXPECT_EQ(hidden.text.find(data_of(drawn).card), std::string::npos);
}

TEST(HighCardPlay, WagerWonByTheHighestCardLostByTheOthers) {
  const auto m = create(setup_of({high_deck(), low_deck()}));
  const std::string high = hand_of(*m, 0).front();
  const std::string low = hand_of(*m, 1).back();
  ASSERT_TRUE(m->submit(0, play(high, 3)).accepted);
  const auto o = m->submit(1, play(low, 2));
  ASSERT_TRUE(o.accepted);
  ASSERT_EQ(o.events.back().kind, "round_ended");
  const auto& ended = data_of(o.events.back());
  EXPECT_EQ(ended.high_card, *card_value(high));
  const std::vector<std::int64_t> expected = {*card_value(high) + 3, *card_value(low) - 2};
  EXPECT_EQ(ended.scores, expected);
  const auto v = view_of(*m, Viewer::spectator());
  EXPECT_EQ(v->round, 2);
  EXPECT_EQ(v->active_seat, 0);
  EXPECT_FALSE(v->seats[0].played.has_value());
}

TEST(HighCardPlay, TiedHighCardsBothWinTheirWagers) {
  const auto deck = deck_of({{"c9", 3}, {"c8", 3}, {"c7", 3}, {"c6", 3}});
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const auto m = create(setup_of({deck, deck}, 1, 7, seed));
    const auto h0 = hand_of(*m, 0), h1 = hand_of(*m, 1);
    auto common = std::find_first_of(h0.rbegin(), h0.rend(), h1.begin(), h1.end());
    if (common == h0.rend()) continue;
    ASSERT_TRUE(m->submit(0, play(*common, 1)).accepted);
    const auto o = m->submit(1, play(*common, 2));
    const int v = *card_value(*common);
    EXPECT_EQ(data_of(o.events[o.events.size() - 2]).scores,
              (std::vector<std::int64_t>{v + 1, v + 2}));
    return;
  }
  FAIL() << "no seed dealt a common card";
}

TEST(HighCardPlay, HighestScoreWinsAfterTheLastRound) {
  const auto m = create(setup_of({high_deck(), low_deck()}, 2));
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(m->submit(i % 2, play(hand_of(*m, i % 2).front())).accepted);
  ASSERT_TRUE(m->finished());
  const auto r = m->result();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->winners, std::vector<SeatIndex>{0});
  EXPECT_FALSE(r->draw);
  EXPECT_EQ(r->reason, "rounds_completed");
  EXPECT_EQ(view_of(*m, Viewer::of_seat(1))->active_seat, -1);
}

TEST(HighCardPlay, EqualScoresAreADraw) {
  const auto deck = deck_of({{"c9", 3}, {"c8", 3}, {"c7", 3}, {"c6", 3}});
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const auto m = create(setup_of({deck, deck}, 1, 7, seed));
    const auto h0 = hand_of(*m, 0), h1 = hand_of(*m, 1);
    auto common = std::find_first_of(h0.begin(), h0.end(), h1.begin(), h1.end());
    if (common == h0.end()) continue;
    m->submit(0, play(*common));
    const auto o = m->submit(1, play(*common));
    EXPECT_EQ(o.events.back().kind, "match_ended");
    EXPECT_TRUE(m->result()->draw);
    EXPECT_TRUE(m->result()->winners.empty());
    return;
  }
  FAIL() << "no seed dealt a common card";
}

TEST(HighCardPlay, EndsEarlyWhenASeatRunsOutOfCards) {
  const auto m = create(setup_of({high_deck(), standard_highcard_deck()}, 20, 7));
  int rounds = 0;
  while (!m->finished()) {
    for (SeatIndex s = 0; s < 2; ++s) ASSERT_TRUE(m->submit(s, play(hand_of(*m, s).front())).accepted);
    ++rounds;
  }
  EXPECT_EQ(rounds, 10);  // the 10-card deck is exhausted
  EXPECT_EQ(m->result()->reason, "cards_exhausted");
}

// ---------------------------------------------------------------- concessions

TEST(HighCardConcede, TwoSeatsTheOtherWins) {
  const auto m = create(setup_of({high_deck(), low_deck()}));
  const auto o = m->concede(0);
  ASSERT_TRUE(o.accepted);
  EXPECT_EQ(kinds(o), (std::vector<std::string>{"seat_conceded", "match_ended"}));
  EXPECT_EQ(m->result()->winners, std::vector<SeatIndex>{1});
  EXPECT_EQ(m->result()->reason, "conceded");
}

TEST(HighCardConcede, RejectedConcessions) {
  const auto m = create(setup_of({high_deck(), low_deck(), low_deck()}));
  EXPECT_EQ(m->concede(3).rejection->code, "INVALID_SEAT");
  ASSERT_TRUE(m->concede(1).accepted);
  const std::string before = m->state_hash();
  EXPECT_EQ(m->concede(1).rejection->code, "ALREADY_OUT");
  EXPECT_EQ(m->state_hash(), before);
}

TEST(HighCardConcede, ConcededSeatsAreSkippedAndTheLastOneWins) {
  const auto m = create(setup_of({high_deck(), low_deck(), low_deck(), low_deck()}));
  ASSERT_TRUE(m->concede(1).accepted);  // not active: just out
  EXPECT_FALSE(m->prompt(1).has_value());
  EXPECT_EQ(m->submit(1, play(hand_of(*m, 1).front())).rejection->code, "NO_PROMPT");
  ASSERT_TRUE(m->submit(0, play(hand_of(*m, 0).front())).accepted);
  EXPECT_TRUE(m->prompt(2).has_value());  // seat 1 skipped
  ASSERT_TRUE(m->concede(2).accepted);    // the active seat: turn passes on
  EXPECT_TRUE(m->prompt(3).has_value());
  const auto o = m->concede(3);
  EXPECT_EQ(kinds(o), (std::vector<std::string>{"seat_conceded", "match_ended"}));
  EXPECT_EQ(m->result()->winners, std::vector<SeatIndex>{0});
}

TEST(HighCardConcede, LastSeatOfTheRoundConcedingEndsTheRound) {
  const auto m = create(setup_of({high_deck(), low_deck(), low_deck()}));
  ASSERT_TRUE(m->submit(0, play(hand_of(*m, 0).front(), 1)).accepted);
  ASSERT_TRUE(m->submit(1, play(hand_of(*m, 1).front(), 1)).accepted);
  const auto o = m->concede(2);
  EXPECT_EQ(kinds(o), (std::vector<std::string>{"seat_conceded", "round_ended"}));
  const auto v = view_of(*m, Viewer::spectator());
  EXPECT_EQ(v->round, 2);
  EXPECT_EQ(v->active_seat, 0);
  EXPECT_TRUE(v->seats[2].out);
}

// ---------------------------------------------------------------- views

TEST(HighCardView, WhoSeesWhat) {
  const auto m = create(setup_of({high_deck(), low_deck()}));
  const auto seat0 = view_of(*m, Viewer::of_seat(0));
  EXPECT_TRUE(seat0->seats[0].hand.has_value());
  EXPECT_FALSE(seat0->seats[1].hand.has_value());
  EXPECT_FALSE(seat0->seats[0].deck.has_value());
  EXPECT_EQ(seat0->seats[1].hand_count, 3u);
  const auto spectator = view_of(*m, Viewer::spectator());
  for (const auto& s : spectator->seats) {
    EXPECT_FALSE(s.hand.has_value());
    EXPECT_FALSE(s.deck.has_value());
  }
  const auto judge = view_of(*m, Viewer::judge());
  for (const auto& s : judge->seats) {
    EXPECT_EQ(s.hand->size(), s.hand_count);
    EXPECT_EQ(s.deck->size(), s.deck_count);
  }
  const auto stray = view_of(*m, Viewer::of_seat(9));
  for (const auto& s : stray->seats) EXPECT_FALSE(s.hand.has_value());
}

TEST(HighCardView, TextShowsOnlyTheOwnHand) {
  const auto m = create(setup_of({high_deck(), low_deck()}));
  const std::string text = m->view(Viewer::of_seat(0))->to_text();
  EXPECT_NE(text.find("seat 0 hand:"), std::string::npos);
  EXPECT_EQ(text.find("seat 1 hand:"), std::string::npos);
  for (const auto& card : hand_of(*m, 1)) EXPECT_EQ(text.find(card), std::string::npos) << card;
  const std::string judge = m->view(Viewer::judge())->to_text();
  EXPECT_NE(judge.find("seat 1 hand:"), std::string::npos);
  EXPECT_NE(judge.find("seat 1 deck (top first):"), std::string::npos);
}

// Seat 0's view must not depend on seat 1's hidden cards: same seed, same own
// deck, a different (same-sized) deck for seat 1 gives byte-identical views.
TEST(HighCardView, IndistinguishableWhenOnlyHiddenCardsDiffer) {
  const auto a = create(setup_of({standard_highcard_deck(), high_deck()}));
  const auto b = create(setup_of({standard_highcard_deck(), low_deck()}));
  ASSERT_NE(hand_of(*a, 1), hand_of(*b, 1));
  EXPECT_EQ(a->view(Viewer::of_seat(0))->to_text(), b->view(Viewer::of_seat(0))->to_text());
  EXPECT_EQ(a->view(Viewer::spectator())->to_text(), b->view(Viewer::spectator())->to_text());
  EXPECT_NE(a->view(Viewer::judge())->to_text(), b->view(Viewer::judge())->to_text());
}

}  // namespace
}  // namespace concord::testgame
