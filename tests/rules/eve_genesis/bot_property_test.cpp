// Property tests over seeded random-bot games that now include combat and
// run to a result: after every command no wallet is negative, every card is in
// exactly one zone, at most one prompt is open, shields are recharged at the
// end of every phase, control rules hold (home regions: their owner; remote
// regions: a seat with ships there, none without ships), rejected answers
// leave the state hash unchanged, and no view or event shows another seat's
// hand, market order or unrevealed upgrade. Each game is replayed from its
// log to the same hash. The games are split into shards (one gtest case and
// ctest entry each) so no single test runs long.
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>

#include "concord/eve/eve_view.hpp"
#include "concord/rules/bot.hpp"
#include "concord/rules/registry.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;
using rules::Viewer;

rules::MatchSetup random_setup(std::uint64_t n) {
  rules::Rng rng(testsupport::seed_from_number(n * 7919 + 1));
  const auto decks = standard_decks();
  const int seats = rng.below(4) == 0 ? static_cast<int>(rng.between(3, 4)) : 2;
  rules::MatchSetup setup;
  for (int s = 0; s < seats; ++s) setup.seats.push_back({"bot", decks[rng.below(decks.size())]});
  setup.seed = testsupport::seed_from_number(n);
  return setup;
}

// 3-4 seats with the Optional Variants (room options): every combination of
// seat count, `range` (off, 1, 2) and Hunter and Prey (off, on, with
// Destroying Prey) occurs every 18 games.
rules::MatchSetup variant_setup(std::uint64_t n) {
  rules::Rng rng(testsupport::seed_from_number(n * 104729 + 3));
  const auto decks = standard_decks();
  const int seats = 3 + static_cast<int>(n % 2);
  rules::MatchSetup setup;
  for (int s = 0; s < seats; ++s) setup.seats.push_back({"bot", decks[rng.below(decks.size())]});
  static const char* ranges[] = {"off", "1", "2"};
  const auto hunter = (n / 3) % 3;
  setup.options = {{"range", ranges[n % 3]},
                   {"hunter_and_prey", hunter > 0 ? "true" : "false"},
                   {"destroying_prey", hunter == 2 ? "true" : "false"}};
  setup.seed = testsupport::seed_from_number(500000 + n);
  return setup;
}

// Alliances (room option `alliances`): four seats, two alliances of two.
rules::MatchSetup alliance_setup(std::uint64_t n) {
  rules::Rng rng(testsupport::seed_from_number(n * 15485863 + 5));
  const auto decks = standard_decks();
  rules::MatchSetup setup;
  for (int s = 0; s < 4; ++s) setup.seats.push_back({"bot", decks[rng.below(decks.size())]});
  setup.options = {{"range", "off"}, {"hunter_and_prey", "false"}, {"destroying_prey", "false"}, {"alliances", "true"}};
  setup.seed = testsupport::seed_from_number(700000 + n);
  return setup;
}

const EveMatch& eve(const rules::Match& m) { return dynamic_cast<const EveMatch&>(m); }

// Every card instance is in exactly one zone list.
void check_zones(const GameState& st) {
  std::vector<int> seen(st.cards.size(), 0);
  auto count = [&](const std::vector<CardId>& zone) {
    for (CardId id : zone) ++seen.at(id);
  };
  for (const auto& s : st.seats) {
    for (const auto* z : {&s.market, &s.hand, &s.scrapheap, &s.docks, &s.structures, &s.news, &s.pilots}) {
      count(*z);
    }
  }
  for (const auto& r : st.regions) {
    count(r.locations);
    count(r.ships);
  }
  for (const auto& p : st.pile) {
    if (p.kind == PileItem::Kind::Card) ++seen.at(p.card);
  }
  for (const auto& [card, ship] : st.under) ++seen.at(card);  // face down under a ship (Blood Rogue)
  for (std::size_t i = 0; i < seen.size(); ++i) {
    ASSERT_EQ(seen[i], 1) << card_ref(static_cast<CardId>(i)) << " is in " << seen[i] << " zones";
  }
}

void check_invariants(const rules::Match& m) {
  const GameState& st = eve(m).state();
  for (const auto& s : st.seats) ASSERT_GE(s.wallet, 0);
  check_zones(st);
  // At most one open prompt: only the prompt seat may have one (the driver
  // asserts that it does before every command), none once finished.
  for (SeatIndex s = 0; s < m.seat_count(); ++s) {
    if (s != st.prompt_seat || m.finished()) {
      ASSERT_FALSE(m.prompt(s)) << "seat " << s;
    }
  }
  ASSERT_EQ(st.pending == Pending::None, m.finished());
}

// The card refs ("c12" as a whole word, not "c123") a text mentions, in one pass.
std::set<CardId> mentioned(const std::string& text) {
  std::set<CardId> out;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != 'c' || (i > 0 && std::isalnum(static_cast<unsigned char>(text[i - 1])))) continue;
    std::size_t j = i + 1;
    CardId n = 0;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])) && n < 1000000) {
      n = n * 10 + (text[j] - '0');
      ++j;
    }
    if (j > i + 1 && (j == text.size() || !std::isalnum(static_cast<unsigned char>(text[j])))) {
      out.insert(n - 1);
    }
    i = j - 1;
  }
  return out;
}

std::vector<CardId> hidden_of(const GameState& st, SeatIndex seat) {
  std::vector<CardId> out = st.seats[seat].hand;
  out.insert(out.end(), st.seats[seat].market.begin(), st.seats[seat].market.end());
  return out;
}

void check_views(const rules::Match& m) {
  const GameState& st = eve(m).state();
  std::vector<Viewer> viewers = {Viewer::spectator()};
  for (SeatIndex s = 0; s < m.seat_count(); ++s) viewers.push_back(Viewer::of_seat(s));
  for (const auto& viewer : viewers) {
    auto base = m.view(viewer);
    const auto& v = dynamic_cast<const EveView&>(*base);
    const auto refs = mentioned(v.to_text());
    for (SeatIndex s = 0; s < m.seat_count(); ++s) {
      if (viewer.kind == Viewer::Kind::Seat && viewer.seat == s) continue;
      ASSERT_FALSE(v.seats[s].hand || v.seats[s].market || v.seats[s].offdeck);
      ASSERT_EQ(v.seats[s].upgrade_name.has_value(), st.seats[s].upgraded);
      for (CardId id : hidden_of(st, s)) ASSERT_FALSE(refs.count(id)) << card_ref(id);
    }
  }
}

// Which cards are hidden (in a hand or a market) now: one flag per card.
std::vector<char> all_hidden(const GameState& st) {
  std::vector<char> out(st.cards.size(), 0);
  for (const auto& seat : st.seats) {
    for (CardId id : seat.hand) out[id] = 1;
    for (CardId id : seat.market) out[id] = 1;
  }
  return out;
}

// Events everyone may see never name a card that was hidden in a hand or market
// before the command and still is (a card in play that returns to a hand during
// the command, e.g. damaged and then returned, was public when it was named).
void check_events(const std::vector<char>& hidden_before, const GameState& st, const rules::Outcome& out) {
  const std::vector<char> hidden_after = all_hidden(st);
  auto hidden = [](const std::vector<char>& flags, CardId id) {
    return id >= 0 && id < static_cast<CardId>(flags.size()) && flags[id];
  };
  for (const auto& e : out.events) {
    if (e.visibility.kind != rules::Visibility::Kind::All) continue;
    for (CardId id : mentioned(e.text)) {
      ASSERT_FALSE(hidden(hidden_before, id) && hidden(hidden_after, id)) << e.text;
    }
  }
}

// Home regions belong to their owner; a remote region is controlled by a seat
// with ships there, and a region with ships is controlled. Alliances: one home
// region per alliance, home<alliance>; no ship ends its alliance's turn in an
// enemy region (checked when a turn begins).
void check_control(const GameState& st) {
  int homes = 0;
  for (const auto& r : st.regions) {
    if (r.home) {
      ASSERT_EQ(r.controller, std::optional<SeatIndex>(r.owner)) << r.key;
      ASSERT_EQ(r.key, st.home_of(r.owner));
      ++homes;
      continue;
    }
    if (!r.controller) {
      ASSERT_TRUE(r.ships.empty()) << r.key << " has ships but no controller";
      continue;
    }
    const bool present = std::any_of(r.ships.begin(), r.ships.end(),
                                     [&](CardId id) { return st.cards[id].owner == *r.controller; });
    ASSERT_TRUE(present) << r.key << ": the controller has no ship there";
  }
  ASSERT_EQ(homes, st.variants.alliances ? 2 : static_cast<int>(st.seats.size()));
}

// "All shields fully recharge at the end of each phase": when a command ended
// a phase (or a Combat phase), no damage is left on any ship or base.
struct PhaseMark {
  Phase phase = Phase::Mulligan;
  Step step = Step::Mulligan;
  int turn = 0;
  bool operator==(const PhaseMark&) const = default;
};

PhaseMark mark(const GameState& st) { return {st.phase, st.step, st.turn}; }

void check_shields(const GameState& st, const PhaseMark& before) {
  const PhaseMark now = mark(st);
  const bool new_combat_phase = now.phase == Phase::Combat && now.step == Step::StartOfCombat &&
                                before.step != Step::StartOfCombat;
  if (now.phase == before.phase && now.turn == before.turn && !new_combat_phase) return;
  for (const auto& s : st.seats) ASSERT_EQ(s.base_damage, 0) << "base damage after a phase end";
  for (const auto& r : st.regions) {
    for (CardId id : r.ships) ASSERT_EQ(st.cards[id].damage, 0) << card_ref(id) << " after a phase end";
  }
}

// Alliances: when a turn begins (the Duration step of a new turn), the active
// seat leads its alliance, and no ship of the alliance whose turn just ended is
// in a region the other alliance controls (L205: friendly regions only).
void check_turn_start(const GameState& st, const PhaseMark& before) {
  if (!st.variants.alliances || st.step != Step::Duration || before.turn == st.turn || st.result) return;
  ASSERT_EQ(st.active, st.lead(st.active));
  for (const auto& r : st.regions) {
    if (!r.controller) continue;
    for (CardId id : r.ships) {
      const SeatIndex owner = st.cards[id].owner;
      if (st.allied(owner, st.active)) continue;
      ASSERT_TRUE(st.allied(*r.controller, owner)) << card_ref(id) << " ended its turn in enemy region " << r.key;
    }
  }
}

struct ShardStats {
  int games = 0;
  int finished = 0;
  int with_combat = 0;
  int refused = 0;  // refused answers of the random bot (every prompt; must stay zero)
  std::map<std::string, int> reasons;
};

// Every 64th command: refused answers (wrong seat, unknown option, wrong
// shape) must leave the state hash unchanged.
void check_refusals(rules::Match& m, SeatIndex seat) {
  const std::string before = m.state_hash();
  const SeatIndex other = (seat + 1) % m.seat_count();
  for (const auto& [who, a] : std::vector<std::pair<SeatIndex, rules::Answer>>{
           {other, pick("pass")}, {seat, pick("no_such_option")},
           {seat, pick("play:c99999")}, {seat, picks({"pass", "pass"})}}) {
    const auto out = m.submit(who, a);
    ASSERT_FALSE(out.accepted);
    ASSERT_EQ(m.state_hash(), before) << out.rejection->code;
  }
}

// Plays game n with the random bot: the cheap invariants after every command,
// views every 16th command and at the end, refusals every 64th, then replays
// the log to the same hash.
void play_checked(std::uint64_t n, ShardStats& stats, const rules::MatchSetup& setup,
                  std::uint64_t concede_one_in = 20000) {
  const auto def = definition();
  rules::Rng bot(testsupport::seed_from_number(1000000 + n));
  auto m = def.create(setup);
  ASSERT_TRUE(m);
  std::vector<rules::Command> log;
  PhaseMark last = mark(eve(*m).state());
  bool combat = false;
  for (std::size_t step = 0; !m->finished(); ++step) {
    ASSERT_LT(step, 400000u) << "game " << n << " does not end";
    const GameState& st = eve(*m).state();
    const SeatIndex seat = st.prompt_seat;
    ASSERT_TRUE(seat >= 0 && seat < m->seat_count()) << "game " << n;
    const auto prompt = m->prompt(seat);
    ASSERT_TRUE(prompt) << "game " << n;
    if (step % 64 == 0) check_refusals(*m, seat);
    rules::Command cmd;
    if (bot.below(concede_one_in) == 0) {
      cmd.kind = rules::Command::Kind::Concede;
      cmd.seat = static_cast<SeatIndex>(bot.below(m->seat_count()));
    } else {
      cmd.seat = seat;
      cmd.answer = rules::random_answer(*prompt, bot);
    }
    const std::vector<char> hidden_before = all_hidden(st);
    const auto out = rules::apply(*m, cmd);
    if (out.accepted) log.push_back(cmd);
    if (!out.accepted && cmd.kind == rules::Command::Kind::Answer) ++stats.refused;
    // The bot answers only with offered options: only a concession of a seat
    // that is already out may be refused.
    ASSERT_TRUE(out.accepted || cmd.kind == rules::Command::Kind::Concede)
        << "game " << n << ": " << out.rejection->code << " " << out.rejection->message << " (prompt "
        << prompt->kind << ": " << prompt->text << ")\n" << (out.accepted ? "" : save_position(eve(*m)));
    check_invariants(*m);
    check_control(st);
    check_shields(st, last);
    check_turn_start(st, last);
    check_events(hidden_before, st, out);
    if (step % 16 == 0 || m->finished()) check_views(*m);
    if (::testing::Test::HasFatalFailure()) {
      ADD_FAILURE() << "game " << n << " command " << step << ": " << cmd.to_text();
      return;
    }
    last = mark(st);
    combat = combat || st.phase == Phase::Combat;
  }
  ++stats.games;
  ++stats.finished;
  stats.with_combat += combat ? 1 : 0;
  ++stats.reasons[m->result()->reason];
  if (eve(*m).state().variants.alliances) {  // the alliance wins together
    const auto w = m->result()->winners;  // result() is a copy
    ASSERT_EQ(w.size(), 2u) << "game " << n;
    ASSERT_TRUE(eve(*m).state().allied(w[0], w[1])) << "game " << n;
  }
  std::string error;
  auto again = rules::replay(def, setup, log, &error);
  ASSERT_NE(again, nullptr) << error;
  ASSERT_EQ(again->state_hash(), m->state_hash()) << "game " << n;
}

constexpr int kShards = 20;

// 4,000 games in release builds; fewer under sanitizers and in Debug builds
// (CONCORD_BOT_GAMES overrides both: CONCORD_BOT_GAMES=10000 plays the 10,000
// this test played until December 2026, when they had become 616 of the
// release suite's 1,550 CPU-seconds and kept CI near its time budget).
int total_games() {
#ifdef NDEBUG
  return testsupport::bot_game_count(4000, 40);
#else
  return testsupport::bot_game_count(40, 40);
#endif
}

class EveBotGames : public ::testing::TestWithParam<int> {};

TEST_P(EveBotGames, RandomGamesIncludeCombatEndAndKeepTheInvariants) {
  const int shard = GetParam();
  const int total = total_games();
  ShardStats stats;
  for (int i = shard; i < total; i += kShards) {
    play_checked(static_cast<std::uint64_t>(i), stats, random_setup(static_cast<std::uint64_t>(i)));
    if (HasFatalFailure()) return;
  }
  if (stats.games == 0) return;
  EXPECT_EQ(stats.finished, stats.games);
  EXPECT_EQ(stats.refused, 0);
  // Random play reaches combat in most games (checked over a shard).
  EXPECT_GE(stats.with_combat * 2, stats.games) << stats.with_combat << " of " << stats.games;
  std::string reasons;
  for (const auto& [r, k] : stats.reasons) reasons += r + "=" + std::to_string(k) + " ";
  RecordProperty("results", reasons);
  std::cout << "shard " << shard << ": " << stats.games << " games, " << stats.with_combat
            << " with combat; refused bot answers: " << stats.refused << "; results: " << reasons << "\n";
}

INSTANTIATE_TEST_SUITE_P(Shards, EveBotGames, ::testing::Range(0, kShards));

// The Optional Variants (Range, Hunter and Prey, Destroying Prey) and random
// seats: 300 seeded games in Release (CONCORD_BOT_GAMES overrides), the same
// invariants, every game ends and replays to the same hash.
constexpr int kVariantShards = 10;

int variant_games() {
#ifdef NDEBUG
  return testsupport::bot_game_count(300, 20);
#else
  return testsupport::bot_game_count(20, 20);
#endif
}

class EveVariantBotGames : public ::testing::TestWithParam<int> {};

TEST_P(EveVariantBotGames, RandomVariantGamesEndAndKeepTheInvariants) {
  const int shard = GetParam();
  const int total = variant_games();
  ShardStats stats;
  int rewards = 0;
  for (int i = shard; i < total; i += kVariantShards) {
    const auto n = static_cast<std::uint64_t>(i);
    const auto setup = variant_setup(n);
    play_checked(n, stats, setup);
    if (HasFatalFailure()) return;
    rewards += setup.options.at("destroying_prey") == "true" ? 1 : 0;
  }
  if (stats.games == 0) return;
  EXPECT_EQ(stats.finished, stats.games);
  EXPECT_EQ(stats.refused, 0);
  std::string reasons;
  for (const auto& [r, k] : stats.reasons) reasons += r + "=" + std::to_string(k) + " ";
  std::cout << "variant shard " << shard << ": " << stats.games << " games, " << stats.with_combat
            << " with combat, " << rewards << " with Destroying Prey; results: " << reasons << "\n";
}

INSTANTIATE_TEST_SUITE_P(Shards, EveVariantBotGames, ::testing::Range(0, kVariantShards));

// Alliances: 200 seeded four-seat games in Release (CONCORD_BOT_GAMES
// overrides), half of them with a concession every ~400 commands so members
// leave in every phase and prompt; the same invariants, every game ends with
// a whole alliance winning, and replays to the same hash.
constexpr int kAllianceShards = 10;

int alliance_games() {
#ifdef NDEBUG
  return testsupport::bot_game_count(200, 20);
#else
  return testsupport::bot_game_count(20, 20);
#endif
}

class EveAllianceBotGames : public ::testing::TestWithParam<int> {};

TEST_P(EveAllianceBotGames, RandomAllianceGamesEndWithAnAllianceWinningAndKeepTheInvariants) {
  const int shard = GetParam();
  const int total = alliance_games();
  ShardStats stats;
  for (int i = shard; i < total; i += kAllianceShards) {
    const auto n = static_cast<std::uint64_t>(i);
    const auto setup = alliance_setup(n);
    play_checked(n, stats, setup, n % 2 == 0 ? 400 : 20000);
    if (HasFatalFailure()) return;
  }
  if (stats.games == 0) return;
  EXPECT_EQ(stats.finished, stats.games);
  EXPECT_EQ(stats.refused, 0);
  std::string reasons;
  for (const auto& [r, k] : stats.reasons) reasons += r + "=" + std::to_string(k) + " ";
  std::cout << "alliance shard " << shard << ": " << stats.games << " games, " << stats.with_combat
            << " with combat; results: " << reasons << "\n";
}

INSTANTIATE_TEST_SUITE_P(Shards, EveAllianceBotGames, ::testing::Range(0, kAllianceShards));

// Not a test: plays random games without checks and prints their length
// (run with --gtest_also_run_disabled_tests; CONCORD_BOT_GAMES sets the count).
TEST(EveBots, DISABLED_GameLengths) {
  const auto def = definition();
  const int n = testsupport::bot_game_count(20, 20);
  std::size_t commands = 0;
  int combat_turns = 0;
  for (int i = 0; i < n; ++i) {
    rules::Rng bot(testsupport::seed_from_number(1000000 + i));
    testsupport::BotPlayOptions opt;
    opt.max_commands = 400000;
    auto game = testsupport::play_random(def, random_setup(i), bot, opt);
    commands += game.log.size();
    combat_turns += eve(*game.match).state().turn;
    std::cout << "game " << i << ": " << game.log.size() << " commands, turn "
              << eve(*game.match).state().turn << ", "
              << (game.match->finished() ? game.match->result()->reason : std::string("unfinished")) << "\n";
  }
  std::cout << commands / std::max(1, n) << " commands per game\n";
}

// prompt() is computed once per state (rules::PromptMemo): after every
// accepted and every refused command of random games, each seat's prompt
// equals the one a new match made from the same state computes (its memo
// starts empty), also when it was asked for before the command.
TEST(EveBots, RememberedPromptsEqualPromptsComputedAfresh) {
  const auto def = definition();
  for (std::uint64_t n = 200; n < 203; ++n) {
    rules::Rng bot(testsupport::seed_from_number(n));
    testsupport::BotPlayOptions opt;
    opt.max_commands = 600;
    opt.hash_before = false;
    int compared = 0;
    opt.on_step = [&](const testsupport::BotStep& step) {
      const auto& match = eve(step.match);
      const EveMatch fresh(match.db(), match.state(), match.rng());
      for (int seat = 0; seat < match.seat_count(); ++seat) {
        ASSERT_EQ(match.prompt(seat), fresh.prompt(seat)) << "seat " << seat << " after " << step.command.to_text();
      }
      ++compared;
    };
    testsupport::play_random(def, random_setup(n), bot, opt);
    EXPECT_GT(compared, 100);
  }
}

// The saved position of a finished random game resumes the same state.
TEST(EveBots, SavedPositionsOfRandomGamesResumeTheSameState) {
  const auto def = definition();
  for (std::uint64_t n = 100; n < 104; ++n) {
    rules::Rng bot(testsupport::seed_from_number(n));
    testsupport::BotPlayOptions opt;
    opt.max_commands = 2500;
    auto game = testsupport::play_random(def, random_setup(n), bot, opt);
    ASSERT_TRUE(game.match);
    std::string error;
    auto resumed = load_position(save_position(eve(*game.match)), &error);
    ASSERT_NE(resumed, nullptr) << error << "\n" << save_position(eve(*game.match));
    EXPECT_EQ(resumed->state_hash(), game.match->state_hash());
  }
}

// Wrong seat, unknown options, wrong shapes and illegal actions are refused
// with the state untouched, at every step of random games.
TEST(EveBots, RejectedAnswersLeaveTheStateHashUnchanged) {
  const auto def = definition();
  for (std::uint64_t n = 200; n < 202; ++n) {
    auto m = def.create(random_setup(n));
    rules::Rng rng(testsupport::seed_from_number(n));
    for (int i = 0; i < 1000 && !m->finished(); ++i) {
      SeatIndex seat = 0;
      while (!m->prompt(seat)) ++seat;
      const auto p = *m->prompt(seat);
      const std::string before = m->state_hash();
      const SeatIndex other = (seat + 1) % m->seat_count();
      const std::vector<rules::Answer> bad = {
          pick("no_such_option"), pick("play:c99999"), pick("region:nowhere"),
          pick("play:c1@nowhere"), rules::Answer{}, pick("upgrade")};
      for (const auto& a : bad) {
        const auto out = m->submit(seat, a);
        if (!out.accepted) {
          ASSERT_EQ(m->state_hash(), before) << out.rejection->code;
        }
        if (out.accepted) break;  // "upgrade" may be legal; then the game moved on
      }
      if (m->state_hash() != before) continue;
      ASSERT_FALSE(m->submit(other, rules::random_answer(p, rng)).accepted);
      ASSERT_EQ(m->state_hash(), before);
      ASSERT_TRUE(m->submit(seat, rules::random_answer(p, rng)).accepted);
    }
  }
}


// Random play reaches the prompts of the second vocabulary (pending abilities
// with targets, Guardian, the choices of card texts): they are offered and
// answered in ordinary games, not only in scenarios.
TEST(EveBots, RandomGamesReachTheCardTextPrompts) {
  const auto def = definition();
  std::map<std::string, int> seen;
  for (std::uint64_t n = 0; n < 60; ++n) {
    auto m = def.create(random_setup(n));
    rules::Rng bot(testsupport::seed_from_number(1000000 + n));
    for (int i = 0; i < 400000 && !m->finished(); ++i) {
      const SeatIndex s = eve(*m).state().prompt_seat;
      const auto p = m->prompt(s);
      ASSERT_TRUE(p);
      const auto& st = eve(*m).state();
      const bool pending_ability = p->kind == "ability_targets" && !st.combat.triggered.empty() &&
                                   st.combat.triggered.front().kind == PileItem::Kind::Ability;
      ++seen[pending_ability ? "ability_targets(card)" : p->kind];
      ASSERT_TRUE(m->submit(s, rules::random_answer(*p, bot)).accepted);
    }
  }
  std::string counts;
  for (const auto& [k, v] : seen) counts += k + "=" + std::to_string(v) + " ";
  RecordProperty("prompts", counts);
  std::cout << counts << "\n";
  for (const char* k : {"ability_targets(card)", "redirect", "choose_region", "choose_copy", "choose_order", "may",
                       "choose_under"}) {
    EXPECT_GT(seen[k], 0) << k << " never offered: " << counts;
  }
}

}  // namespace
}  // namespace concord::eve
