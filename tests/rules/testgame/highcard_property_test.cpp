// High Card Duel property tests over thousands of seeded random-bot games:
// invariants at every step, rejected commands change nothing, replay equals
// the original, and no viewer ever learns another seat's hidden cards.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "concord/rules/registry.hpp"
#include "highcard_test_util.hpp"

namespace concord::testgame {
namespace {

using namespace testing;
using rules::SeatIndex;
using rules::Viewer;

constexpr int kGames = 2000;

// A random legal deck: 0..3 copies of each card, at least 10 cards.
rules::Deck random_deck(rules::Rng& rng) {
  for (;;) {
    std::vector<std::pair<std::string, unsigned>> cards;
    unsigned total = 0;
    for (int v = 1; v <= 9; ++v) {
      const auto n = static_cast<unsigned>(rng.below(kMaxCopies + 1));
      if (n > 0) cards.push_back({card_id(v), n});
      total += n;
    }
    if (total >= static_cast<unsigned>(kMinDeckCards)) return deck_of(cards);
  }
}

rules::MatchSetup random_setup(rules::Rng& rng, std::uint64_t n) {
  const int seats = static_cast<int>(rng.between(2, 4));
  std::vector<rules::Deck> decks;
  for (int s = 0; s < seats; ++s) decks.push_back(random_deck(rng));
  return setup_of(decks, static_cast<int>(rng.between(1, 20)), static_cast<int>(rng.between(1, 7)),
                  n);
}

std::vector<Viewer> viewers(int seats) {
  std::vector<Viewer> out = {Viewer::spectator(), Viewer::judge()};
  for (SeatIndex s = 0; s < seats; ++s) out.push_back(Viewer::of_seat(s));
  return out;
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Every whole word "c1".."c9" in the text (a hand-written scan: std::regex is
// far too slow in Debug builds for millions of texts).
std::set<std::string> card_tokens(const std::string& text) {
  std::set<std::string> out;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    const bool starts = i == 0 || !is_word_char(text[i - 1]);
    const bool ends = i + 2 >= text.size() || !is_word_char(text[i + 2]);
    if (starts && ends && text[i] == 'c' && text[i + 1] >= '1' && text[i + 1] <= '9') {
      out.insert(text.substr(i, 2));
    }
  }
  return out;
}

bool is_upper_snake(const std::string& code) {
  return !code.empty() && std::all_of(code.begin(), code.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || c == '_';
  });
}

// Independent model of the scores, fed from the public events only.
struct ScoreModel {
  std::vector<std::int64_t> scores;
  std::vector<bool> out;
  std::map<SeatIndex, std::pair<int, int>> trick;  // seat -> (value, wager)

  explicit ScoreModel(int seats) : scores(seats, 0), out(seats, false) {}

  void feed(const rules::Event& e) {
    const auto& d = data_of(e);
    if (d.kind == HighCardEvent::Kind::CardPlayed) {
      scores[d.seat] += *card_value(d.card);
      trick[d.seat] = {*card_value(d.card), d.wager};
    } else if (d.kind == HighCardEvent::Kind::SeatConceded) {
      out[d.seat] = true;
    } else if (d.kind == HighCardEvent::Kind::RoundEnded) {
      end_round(d);
    }
  }

  void end_round(const HighCardEvent& d) {
    int high = 0;
    for (auto& [seat, play] : trick) {
      if (!out[seat]) high = std::max(high, play.first);
    }
    EXPECT_EQ(d.high_card, high);
    for (auto& [seat, play] : trick) {
      if (!out[seat]) scores[seat] += play.first == high ? play.second : -play.second;
    }
    trick.clear();
    EXPECT_EQ(d.scores, scores);
  }
};

struct GameChecker {
  const rules::MatchSetup& setup;
  ScoreModel model;
  std::vector<int> played;        // cards played per seat
  std::set<std::string> on_table;  // cards played this round (public)

  explicit GameChecker(const rules::MatchSetup& s)
      : setup(s), model(static_cast<int>(s.seats.size())), played(s.seats.size(), 0) {}

  void on_step(const testsupport::BotStep& step) {
    if (!step.outcome.accepted) return check_rejection(step);
    for (const auto& e : step.outcome.events) {
      if (e.kind == "card_played") on_table.insert(data_of(e).card);
      check_event_visibility(e, step.match.seat_count());
      model.feed(e);
      if (e.kind == "card_played") ++played[data_of(e).seat];
      if (e.kind == "round_ended") on_table.clear();
    }
    check_state(step.match);
  }

  void check_rejection(const testsupport::BotStep& step) {
    ASSERT_TRUE(step.outcome.rejection.has_value());
    EXPECT_TRUE(step.outcome.events.empty());
    EXPECT_TRUE(is_upper_snake(step.outcome.rejection->code));
    EXPECT_EQ(step.match.state_hash(), step.hash_before) << step.command.to_text();
  }

  // A card id may reach a seat only through card_played (public) or its own
  // draw; other texts may name only cards already on the table.
  void check_event_visibility(const rules::Event& e, int seats) const {
    const auto& d = data_of(e);
    for (const auto& v : viewers(seats)) {
      if (!e.visibility.visible_to(v) || v.kind == Viewer::Kind::Judge) continue;
      const bool own_draw = d.kind == HighCardEvent::Kind::CardDrawn && v.seat == d.seat;
      if (d.kind != HighCardEvent::Kind::CardPlayed && !own_draw) {
        EXPECT_TRUE(d.card.empty()) << e.kind;
        for (const auto& token : card_tokens(e.text)) {
          EXPECT_TRUE(on_table.count(token)) << e.text;
        }
      }
    }
  }

  void check_state(const rules::Match& m) {
    const auto judge = view_of(m, Viewer::judge());
    int prompted = 0;
    for (SeatIndex s = 0; s < m.seat_count(); ++s) {
      check_seat(*judge, s);
      if (m.prompt(s)) {
        ++prompted;
        EXPECT_EQ(s, judge->active_seat);
      }
      check_no_leak(m, *judge, s);
    }
    EXPECT_EQ(prompted, m.finished() ? 0 : 1);
    EXPECT_LE(judge->round, judge->rounds);
  }

  void check_seat(const HighCardView& judge, SeatIndex s) {
    const auto& seat = judge.seats[s];
    EXPECT_EQ(seat.hand->size(), seat.hand_count);
    EXPECT_EQ(seat.deck->size(), seat.deck_count);
    EXPECT_EQ(seat.hand_count + seat.deck_count + played[s], setup.seats[s].deck->card_count());
    EXPECT_EQ(seat.score, model.scores[s]);
  }

  // Every card id in a seat's view text is in its own hand or on the table.
  static void check_no_leak(const rules::Match& m, const HighCardView& judge, SeatIndex s) {
    std::set<std::string> allowed(judge.seats[s].hand->begin(), judge.seats[s].hand->end());
    for (const auto& seat : judge.seats) {
      if (seat.played) allowed.insert(*seat.played);
    }
    const auto view = view_of(m, Viewer::of_seat(s));
    for (const auto& token : card_tokens(view->to_text())) {
      EXPECT_TRUE(allowed.count(token)) << "seat " << s << " sees " << token;
    }
    for (SeatIndex o = 0; o < m.seat_count(); ++o) {
      EXPECT_EQ(view->seats[o].hand.has_value(), o == s);
      EXPECT_FALSE(view->seats[o].deck.has_value());
    }
    std::set<std::string> table;
    for (const auto& seat : judge.seats) {
      if (seat.played) table.insert(*seat.played);
    }
    for (const auto& token : card_tokens(m.view(Viewer::spectator())->to_text())) {
      EXPECT_TRUE(table.count(token)) << "spectator sees " << token;
    }
  }
};

void check_result(rules::Match& m) {
  ASSERT_TRUE(m.finished());
  const auto r = m.result();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->draw, r->winners.empty());
  const auto judge = view_of(m, Viewer::judge());
  if (r->reason == "conceded") {
    ASSERT_EQ(r->winners.size(), 1u);
    int in = 0;
    for (const auto& s : judge->seats) in += s.out ? 0 : 1;
    EXPECT_EQ(in, 1);
    EXPECT_FALSE(judge->seats[r->winners[0]].out);
    return;
  }
  std::int64_t best = INT64_MIN;
  for (const auto& s : judge->seats) {
    if (!s.out) best = std::max(best, s.score);
  }
  for (SeatIndex w : r->winners) EXPECT_EQ(judge->seats[w].score, best);
  for (SeatIndex s = 0; s < m.seat_count(); ++s) {
    const auto o = m.submit(s, {});
    EXPECT_EQ(o.rejection->code, "NO_PROMPT");
  }
}

void check_replay(const rules::MatchSetup& setup, const testsupport::BotGame& game) {
  std::vector<rules::Command> from_text;
  for (const auto& c : game.log) from_text.push_back(*rules::Command::from_text(c.to_text()));
  std::string error;
  const auto again = rules::replay(highcard_definition(), setup, from_text, &error);
  ASSERT_NE(again, nullptr) << error;
  EXPECT_EQ(again->state_hash(), game.match->state_hash());
  EXPECT_EQ(again->view(Viewer::judge())->to_text(), game.match->view(Viewer::judge())->to_text());
}

TEST(HighCardProperty, RandomBotGames) {
  const auto def = highcard_definition();
  std::map<std::string, int> reasons;
  std::size_t rejected = 0;
  for (std::uint64_t n = 0; n < kGames; ++n) {
    rules::Rng rng(testsupport::seed_from_number(n));
    const auto setup = random_setup(rng, n);
    GameChecker checker(setup);
    testsupport::BotPlayOptions options;
    options.concede_one_in = n % 4 == 0 ? 30 : 0;
    options.on_step = [&](const testsupport::BotStep& step) { checker.on_step(step); };
    const auto game = testsupport::play_random(def, setup, rng, options);
    ASSERT_NE(game.match, nullptr);
    check_result(*game.match);
    check_replay(setup, game);
    reasons[game.match->result()->reason]++;
    rejected += game.rejected;
    if (::testing::Test::HasFailure()) FAIL() << "game " << n;
  }
  EXPECT_GT(reasons["rounds_completed"], 0);
  EXPECT_GT(reasons["cards_exhausted"], 0);
  EXPECT_GT(reasons["conceded"], 0);
  EXPECT_GT(rejected, 0u);
}

TEST(HighCardProperty, SameSeedSameGame) {
  const auto def = highcard_definition();
  for (std::uint64_t n = 0; n < 20; ++n) {
    rules::Rng a(testsupport::seed_from_number(n)), b(testsupport::seed_from_number(n));
    const auto setup_a = random_setup(a, n);
    const auto setup_b = random_setup(b, n);
    const auto ga = testsupport::play_random(def, setup_a, a);
    const auto gb = testsupport::play_random(def, setup_b, b);
    EXPECT_EQ(ga.log, gb.log);
    EXPECT_EQ(ga.match->state_hash(), gb.match->state_hash());
  }
}

}  // namespace
}  // namespace concord::testgame
