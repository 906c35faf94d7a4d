// Seeded random-bot games with the six ready-made decks: invariants at every
// step, rejected commands change nothing, replay equals the original, and no
// viewer ever sees another seat's hidden cards or pending secret choice.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>
#include <set>

#include "botplay/bot_play.hpp"
#include "concord/everzone/army.hpp"
#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/definition.hpp"
#include "concord/everzone/event.hpp"
#include "concord/everzone/sides.hpp"
#include "concord/everzone/everzone_match.hpp"
#include "concord/everzone/view.hpp"
#include "concord/rules/bot.hpp"
#include "concord/rules/options.hpp"

namespace concord::everzone {
namespace {

// 2 and 3 players: 10, 20 or 30 CP, and values between and beyond (L10: the
// players choose; 10/20/30 are examples); 4 and 6 players: 2-vs-2 and 3-vs-3
// teams with at least 30 CP.
rules::MatchSetup random_setup(rules::Rng& rng, std::uint64_t n, int players = 2) {
  static const auto decks = ready_made_decks();
  static const char* cps[] = {"10", "20", "30", "25", "5"};
  static const char* team_cps[] = {"30", "40", "60", "45", "99"};
  rules::MatchSetup s;
  rules::OptionValues given = {{"command_points", cps[rng.below(5)]}};
  if (players >= 4) given = {{"command_points", team_cps[rng.below(5)]}, {"teams", "true"}};
  s.options = rules::resolve_options(definition().options, given).values;
  for (int i = 0; i < players; ++i) s.seats.push_back({"p" + std::to_string(i), decks[rng.below(decks.size())]});
  s.seed = testsupport::seed_from_number(n);
  return s;
}

// Every whole word "c<digits>" in a text.
std::vector<int> instance_tokens(const std::string& text) {
  std::vector<int> out;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != 'c' || (i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_')))
      continue;
    std::size_t j = i + 1;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
    if (j > i + 1 && (j == text.size() || !std::isalnum(static_cast<unsigned char>(text[j]))))
      out.push_back(std::stoi(text.substr(i + 1, j - i - 1)));
  }
  return out;
}

// Instances that `seat` may not see: other seats' deck, hand and face-down
// cards (a flag per instance).
using Hidden = std::vector<char>;
Hidden hidden_from(const GameState& s, int seat) {
  Hidden out(s.card_of.size(), 0);
  for (int other = 0; other < static_cast<int>(s.players.size()); ++other) {
    if (other == seat) continue;
    const auto& p = s.players[static_cast<std::size_t>(other)];
    for (const auto* zone : {&p.deck, &p.hand, &p.deployed})
      for (int c : *zone) out[static_cast<std::size_t>(c)] = 1;
  }
  return out;
}

bool flagged(const Hidden& h, int c) { return c >= 0 && static_cast<std::size_t>(c) < h.size() && h[static_cast<std::size_t>(c)]; }

// "seat 0 plays Carapace (c35)" -> "Carapace"
std::string card_name_in(const std::string& text) {
  const auto start = text.find(" plays ") + 7;
  return text.substr(start, text.rfind(" (") - start);
}

int seats(const GameState& s) { return static_cast<int>(s.players.size()); }

struct Checker {
  int initial_cp = 0;
  std::vector<int> last_cp;
  std::vector<Hidden> hidden_before;  // per seat, as of the previous accepted step

  void check_cards(const GameState& s) {
    std::vector<int> seen(s.card_of.size(), 0);
    const auto captives = captured_units(s);
    for (std::size_t seat = 0; seat < s.players.size(); ++seat) {
      const auto& p = s.players[seat];
      for (const auto* zone : {&p.deck, &p.hand, &p.deployed, &p.active, &p.withdrawn, &p.supports,
                               &p.retreated, &p.fallen})
        for (int c : *zone) {
          const bool captured = std::find(captives.begin(), captives.end(), c) != captives.end();
          if (!captured) {
            ASSERT_EQ(s.owner_of.at(static_cast<std::size_t>(c)), static_cast<int>(seat));
          }
          ++seen.at(static_cast<std::size_t>(c));
        }
    }
    for (std::size_t c = 0; c < seen.size(); ++c) ASSERT_EQ(seen[c], 1) << "instance " << c;
  }

  void check_state(const EverZoneMatch& m) {
    const auto& s = m.state();
    check_cards(s);
    if (last_cp.empty()) last_cp.assign(s.players.size(), initial_cp);
    for (std::size_t seat = 0; seat < s.players.size(); ++seat) {
      const int cp = s.players[seat].cp;
      EXPECT_GE(cp, 0);
      EXPECT_LE(cp, last_cp[seat]);  // CP only ever go down
      last_cp[seat] = cp;
      EXPECT_LE(s.players[seat].surrenders, 3);
    }
    if (s.phase == Phase::Support) {
      for (int seat = 0; seat < seats(s); ++seat) {
        const Army army(CardDb::builtin(), s, limit_group(s, seat));
        EXPECT_LE(army.resource(), army.limit());
      }
    }
    if (s.teams)  // team CP and surrenders are the team's, kept on every member
      for (int seat = 2; seat < seats(s); ++seat) {
        EXPECT_EQ(s.players[static_cast<std::size_t>(seat)].cp, s.players[static_cast<std::size_t>(seat % 2)].cp);
        EXPECT_EQ(s.players[static_cast<std::size_t>(seat)].surrenders,
                  s.players[static_cast<std::size_t>(seat % 2)].surrenders);
        EXPECT_LE(s.players[static_cast<std::size_t>(seat)].surrenders, 2);
      }
    bool any_prompt = false;
    for (int seat = 0; seat < seats(s); ++seat) {
      const auto& p = s.players[static_cast<std::size_t>(seat)];
      any_prompt = any_prompt || m.prompt(seat).has_value();
      if (p.eliminated) {
        EXPECT_FALSE(m.prompt(seat).has_value());
        EXPECT_TRUE(p.active.empty() && p.deployed.empty() && p.withdrawn.empty());
      }
    }
    EXPECT_EQ(!any_prompt, m.finished()) << "no prompt but not finished (or the reverse)";
    EXPECT_EQ(m.finished(), m.result().has_value());
  }

  // A card hidden from a seat before and after a step may not be named to it
  // (a card shown face up and then reshuffled into a deck was public meanwhile).
  void check_hidden(const EverZoneMatch& m, const rules::Outcome& out) {
    const auto& s = m.state();
    if (hidden_before.empty())
      for (int seat = 0; seat < seats(s); ++seat) hidden_before.push_back(hidden_from(s, seat));
    Hidden from_all(s.card_of.size(), 1);
    for (int seat = 0; seat < seats(s); ++seat) {
      const auto after = hidden_from(s, seat);
      Hidden hidden(after.size(), 0);
      for (std::size_t c = 0; c < after.size(); ++c) {
        hidden[c] = after[c] && hidden_before[static_cast<std::size_t>(seat)][c];
        from_all[c] = from_all[c] && after[c];
      }
      // A reshuffle moves the face-up retreated pile into the deck mid-step
      // (and a refresh may draw those cards again): such a step is not judged
      // for the reshuffling seat's cards.
      for (const auto& e : out.events) {
        if (e.kind != "deck_reshuffled") continue;
        const int owner = dynamic_cast<const EverZoneEvent&>(*e.data).seat;
        for (std::size_t c = 0; c < s.owner_of.size(); ++c)
          if (s.owner_of[c] == owner) hidden[c] = 0;
      }
      hidden_before[static_cast<std::size_t>(seat)] = after;
      auto view = m.view(rules::Viewer::of_seat(seat));
      for (int c : instance_tokens(view->to_text())) ASSERT_FALSE(flagged(hidden, c)) << "view leaks c" << c;
      const auto& ev = dynamic_cast<const EverZoneView&>(*view);
      for (const auto& other : ev.seats) {  // hands, face-down Units, decks and pending secrets (targets too)
        if (other.seat != seat) {
          ASSERT_FALSE(other.hand || other.deployed || other.secret || other.deck);
        }
        if (s.phase == Phase::Target) {
          ASSERT_EQ(other.target, -1);  // a target is shown only once every player has chosen
        }
      }
      for (const auto& e : out.events) {
        if (!e.visibility.visible_to(rules::Viewer::of_seat(seat))) continue;
        const auto* data = dynamic_cast<const EverZoneEvent*>(e.data.get());
        ASSERT_NE(data, nullptr) << e.kind;
        EXPECT_EQ(data->kind, e.kind);
        for (const auto& id : data->cards) ASSERT_FALSE(flagged(hidden, std::stoi(id.substr(1)))) << "payload leaks " << id;
        for (int c : instance_tokens(e.text)) ASSERT_FALSE(flagged(hidden, c)) << "event leaks c" << c << " to seat " << seat << ": " << e.text << "\nview:\n" << m.view(rules::Viewer::judge())->to_text();
      }
    }
    auto spectator = m.view(rules::Viewer::spectator())->to_text();
    for (int c : instance_tokens(spectator)) ASSERT_FALSE(flagged(from_all, c)) << "spectator sees c" << c;
  }

  std::map<std::string, int>* played = nullptr;  // Support cards played, by name

  Phase phase_before = Phase::Refresh;  // the phase the step was answered in
  // Refused answers of the random bot (it answers only with offered options,
  // and with a stated legal set where a prompt has them): must stay zero.
  std::map<std::string, int>* refused = nullptr;

  void on_step(const testsupport::BotStep& step) {
    const auto& m = dynamic_cast<const EverZoneMatch&>(step.match);
    if (step.outcome.accepted && played)
      for (const auto& e : step.outcome.events) {
        if (e.kind == "support_played") ++(*played)[card_name_in(e.text)];
        if (e.kind == "resolving") ++(*played)["resolved " + e.text.substr(0, e.text.rfind(" ("))];
        if (e.kind == "support_kept") ++(*played)["kept in play"];
        if (e.kind == "ability_declared" && phase_before == Phase::Clash) ++(*played)["declared during the clash"];
      }
    phase_before = m.state().phase;
    if (!step.outcome.accepted) {
      ASSERT_TRUE(step.outcome.rejection);
      if (refused && step.command.kind == rules::Command::Kind::Answer) {
        ++(*refused)[step.outcome.rejection->code];
        ADD_FAILURE() << "the random bot was refused: " << step.outcome.rejection->code << " "
                      << step.outcome.rejection->message << " (" << step.command.to_text() << ")";
      }
      EXPECT_EQ(m.state_hash(), step.hash_before) << step.outcome.rejection->code;
      return;
    }
    check_state(m);
    check_hidden(m, step.outcome);
  }
};

struct Tally {
  int finished = 0;
  std::map<std::string, int> reasons, played, refused;
  int refused_total() const {
    int n = 0;
    for (const auto& [code, k] : refused) n += k;
    return n;
  }
};

// Plays games [first, first + count) with `players` seats; every game is
// checked step by step and replayed.
void play_games(int players, int first, int count, Tally& tally) {
  const auto def = definition();
  for (int n = first; n < first + count; ++n) {
    const auto number = static_cast<std::uint64_t>(players) * 1000000 + static_cast<std::uint64_t>(n);
    rules::Rng rng(testsupport::seed_from_number(number + 500000));
    const auto setup = random_setup(rng, number, players);
    Checker checker;
    checker.played = &tally.played;
    checker.refused = &tally.refused;
    checker.initial_cp = static_cast<int>(rules::option_int(setup.options, "command_points"));
    testsupport::BotPlayOptions options;
    options.max_commands = 20000;
    options.concede_one_in = n % 10 == 0 ? 400 : 0;
    options.on_step = [&](const testsupport::BotStep& step) { checker.on_step(step); };
    auto game = testsupport::play_random(def, setup, rng, options);
    ASSERT_TRUE(game.match) << "game " << n;
    ASSERT_TRUE(game.match->finished()) << "game " << n << " did not finish";
    tally.finished += 1;
    tally.reasons[game.match->result()->reason] += 1;
    std::string error;
    auto again = rules::replay(def, setup, game.log, &error);
    ASSERT_TRUE(again) << error;
    ASSERT_EQ(again->state_hash(), game.match->state_hash()) << "game " << n;
    if (::testing::Test::HasFatalFailure() || ::testing::Test::HasFailure()) FAIL() << "game " << n;
  }
}

void report(const char* label, const Tally& t) {
  std::cout << "  " << label << ": " << t.finished << " games, refused bot answers: " << t.refused_total() << "\n";
  for (const auto& [code, count] : t.refused) std::cout << "    refused " << code << ": " << count << "\n";
  for (const auto& [reason, count] : t.reasons) std::cout << "    " << reason << ": " << count << "\n";
  for (const char* what : {"declared during the clash", "kept in play"}) {
    const auto it = t.played.find(what);
    std::cout << "    " << what << ": " << (it == t.played.end() ? 0 : it->second) << "\n";
  }
}

// 10,000 games in all (the sanitizer builds play N per player count):
// 4,500 with two players, 3,000 with three, 1,800 with four (2-vs-2) and 700
// with six (3-vs-3), split into parts so that ctest -j2 can run them side by
// side. Release (uncontended): ~4.6 ms a game with two players, ~11 ms with
// three, ~38 ms with four, ~83 ms with six (about 3 minutes in all). Debug:
// ~60, ~170, ~460 and ~1000 ms a game; N keeps the sanitizer run near 17 s of
// Debug-speed work. CONCORD_BOT_GAMES sets the games per player count. In a
// three-player game a concession eliminates only the conceding player, so
// "conceded" ends only 2-player and team games.
struct Plan {
  int players, games, parts, sanitized;
};
constexpr Plan kPlans[] = {{2, 4500, 1, 60}, {3, 3000, 2, 24}, {4, 1800, 3, 15}, {6, 700, 2, 8}};

const Plan& plan_for(int players) {
  for (const auto& plan : kPlans)
    if (plan.players == players) return plan;
  return kPlans[0];
}

std::vector<std::tuple<int, int>> all_parts() {
  std::vector<std::tuple<int, int>> out;
  for (const auto& plan : kPlans)
    for (int part = 0; part < plan.parts; ++part) out.emplace_back(plan.players, part);
  return out;
}

class EverZoneBotGames : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(EverZoneBotGames, KeepInvariantsHideInformationAndReplay) {
  const auto [players, part] = GetParam();
  const Plan& plan = plan_for(players);
  const int size = testsupport::bot_game_count(plan.games, plan.sanitized) / plan.parts;
  Tally tally;
  play_games(players, part * size, size, tally);
  EXPECT_EQ(tally.finished, size);
  EXPECT_EQ(tally.refused_total(), 0);  // a random legal bot is never refused
  report((std::to_string(players) + " players").c_str(), tally);
  if (size < 100) return;  // too few games for the statistics below
  EXPECT_GT(tally.reasons["command_points"], 0);
  if (players == 2) {
    for (const char* name : {"Carapace", "Tribe Recall", "Final Protocol", "Engagement", "Numen Aegis",
                             "Utron Overclock", "Orbital Void"})
      EXPECT_GT(tally.played[name], 0) << name << " never played";
    // Declared effects and abilities (and Jehrah's upkeep) resolve from the stacks.
    for (const char* name : {"Final Protocol", "Orbital Void", "Meraud", "Ciel", "Zarkendra", "Jehrah", "Xenogray",
                             "Kraken", "Medusa", "Vlad", "Numen Skyblade"})
      EXPECT_GT(tally.played[std::string("resolved ") + name], 0) << name << " never resolved";
    EXPECT_GT(tally.reasons["surrendered_three_times"], 0);
    // Abilities declared in the clash, before an attack; single effects kept for C.B.L./LAK.
    EXPECT_GT(tally.played["declared during the clash"], 0);
    EXPECT_GT(tally.played["kept in play"], 0);
  }
  if (players == 3) {
    EXPECT_GT(tally.played["declared during the clash"], 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Players, EverZoneBotGames, ::testing::ValuesIn(all_parts()), [](const auto& info) {
  return std::to_string(std::get<0>(info.param)) + "_players_part_" + std::to_string(std::get<1>(info.param));
});

// Bots that never surrender (30 CP) play several battles; every game still
// ends (random play loses CP fast, so the battle deck rarely runs out: the
// exhaustion rule is covered by the position tests) and replays exactly.
TEST(EverZoneProperty, BotsThatNeverSurrenderPlaySeveralBattlesAndReplay) {
  const auto def = definition();
  std::map<std::string, int> reasons;
  int most_battles = 0;
  for (int n = 0; n < 60; ++n) {
    rules::Rng rng(testsupport::seed_from_number(5000 + static_cast<std::uint64_t>(n)));
    auto setup = random_setup(rng, 5000 + static_cast<std::uint64_t>(n));
    setup.options["command_points"] = "30";
    auto match = def.create(setup);
    ASSERT_TRUE(match);
    std::vector<rules::Command> log;
    for (int steps = 0; steps < 20000 && !match->finished(); ++steps) {
      std::vector<int> seats;
      for (int seat = 0; seat < match->seat_count(); ++seat)
        if (match->prompt(seat)) seats.push_back(seat);
      ASSERT_FALSE(seats.empty());
      // Malformed answers and answers out of turn are rejected and change nothing.
      const auto hash = match->state_hash();
      const int idle = match->prompt(0) ? (match->prompt(1) ? -1 : 1) : 0;
      EXPECT_FALSE(match->submit(seats[0], rules::Answer{{{"bogus", 0}}}).accepted);
      if (idle >= 0) {
        EXPECT_EQ(match->submit(idle, rules::Answer{}).rejection->code, "NO_PROMPT");
      }
      EXPECT_EQ(match->state_hash(), hash);
      rules::Command cmd;
      cmd.seat = seats[rng.below(seats.size())];
      const auto prompt = *match->prompt(cmd.seat);
      cmd.answer = prompt.kind == "surrender" ? rules::Answer{{{"continue", 0}}} : rules::random_answer(prompt, rng);
      if (rules::apply(*match, cmd).accepted) log.push_back(cmd);
    }
    ASSERT_TRUE(match->finished()) << "game " << n;
    reasons[match->result()->reason] += 1;
    most_battles = std::max(most_battles, dynamic_cast<const EverZoneMatch&>(*match).state().battle);
    auto again = rules::replay(def, setup, log);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->state_hash(), match->state_hash());
  }
  for (const auto& [reason, count] : reasons) std::cout << "  " << reason << ": " << count << "\n";
  std::cout << "  most battles in one game: " << most_battles << "\n";
  EXPECT_GE(most_battles, 3);
  EXPECT_EQ(reasons["surrendered_three_times"], 0);
}

TEST(EverZoneProperty, SameSeedSameGame) {
  const auto def = definition();
  rules::Rng r1(testsupport::seed_from_number(5)), r2(testsupport::seed_from_number(5));
  const auto setup = random_setup(r1, 5);
  random_setup(r2, 5);
  auto a = testsupport::play_random(def, setup, r1);
  auto b = testsupport::play_random(def, setup, r2);
  ASSERT_TRUE(a.match && b.match);
  EXPECT_EQ(a.log, b.log);
  EXPECT_EQ(a.match->state_hash(), b.match->state_hash());
}

// state_hash() feeds the instances' cards and owners once per match
// (rules::StateHasherPrefix): after every command of random games with 2, 3
// and 4 seats, it equals the hash of a new match made from the same state,
// whose cache starts empty.
TEST(EverZoneProperty, TheCachedHashPrefixGivesTheHashOfTheWholeState) {
  const auto def = definition();
  for (int players = 2; players <= 4; ++players) {
    int compared = 0;
    testsupport::BotPlayOptions options;
    options.hash_before = false;
    options.on_step = [&](const testsupport::BotStep& step) {
      if (!step.outcome.accepted) return;
      const auto& match = dynamic_cast<const EverZoneMatch&>(step.match);
      ASSERT_EQ(match.state_hash(), EverZoneMatch(CardDb::builtin(), match.state(), false).state_hash());
      ++compared;
    };
    for (std::uint64_t game = 0; game < 3; ++game) {
      rules::Rng rng(testsupport::seed_from_number(900 + game * 10 + static_cast<std::uint64_t>(players)));
      testsupport::play_random(def, random_setup(rng, 900 + game, players), rng, options);
    }
    EXPECT_GT(compared, 20) << players << " players";
  }
}

}  // namespace
}  // namespace concord::everzone
