// The state hashes of versions Fields, CardHashes and PackedLists
// (state_hash.cpp) feed the fields of the state directly instead of hashing
// the position text (from CardHashes on an instance's card as the XXH64 of its
// id; PackedLists packs lists of references); each must be a
// function of exactly what that text covers. Over random games (two, three and four
// seats, variants on and off): two positions have equal hashes exactly when
// save_position writes the same text for them, and a position loaded from
// its text hashes like the state it was saved from. Single-field changes of
// the state: the hash changes exactly when the text does (lists, hidden
// zones, the RNG, combat, effects, the pile, ...).
#include <functional>
#include <iostream>
#include <map>
#include <unordered_map>

#include "concord/rules/hash.hpp"
#include "concord/rules/seed.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using rules::StateHashVersion;

const EveMatch& eve(const rules::Match& m) { return dynamic_cast<const EveMatch&>(m); }

// Game n of the property: 2, 3 or 4 seats; every other multiplayer game with
// the Optional Variants (range, Hunter and Prey, Destroying Prey, or
// Alliances with four seats); concessions in every other game.
rules::MatchSetup game_setup(std::uint64_t n) {
  rules::Rng rng(testsupport::seed_from_number(n * 6151 + 11));
  const auto decks = standard_decks();
  const int seats = 2 + static_cast<int>(n % 3);
  rules::MatchSetup setup;
  for (int s = 0; s < seats; ++s) setup.seats.push_back({"bot", decks[rng.below(decks.size())]});
  const bool variants = seats >= 3 && (n / 3) % 2 == 1;
  if (variants) {
    static const char* ranges[] = {"off", "1", "2"};
    const auto hunter = (n / 6) % 3;
    if (seats == 4 && (n / 6) % 4 == 3) {
      setup.options = {{"range", "off"}, {"hunter_and_prey", "false"}, {"destroying_prey", "false"}, {"alliances", "true"}};
    } else {
      setup.options = {{"range", ranges[(n / 2) % 3]},
                       {"hunter_and_prey", hunter > 0 ? "true" : "false"},
                       {"destroying_prey", hunter == 2 ? "true" : "false"}};
    }
  }
  setup.seed = testsupport::seed_from_number(900000 + n);
  return setup;
}

// 200 games in all (30 under the sanitizers, where 40 took ~3.8 CPU-minutes in
// CI with both hash versions checked at every step: 30 is the fewest that
// gives each of the 10 shards a game with variants, see game_setup);
// CONCORD_BOT_GAMES sets the number.
int game_count() { return testsupport::bot_game_count(200, 30); }
constexpr int kShards = 10;

class EveFieldsHash : public ::testing::TestWithParam<int> {};

// Both directions over every step of game_count() / kShards games per shard (the
// maps are per shard: equal texts come from the same game), and the round trip
// through load_position at every step.
TEST_P(EveFieldsHash, EqualExactlyWhenThePositionTextsAreEqualAndLoadedPositionsHashAlike) {
  const auto def = definition();
  // Per version (0: Fields, 1: PackedLists, the current one): SHA-256 of the text -> hash, and back.
  std::unordered_map<std::string, std::string> hash_of_text[2];
  std::unordered_map<std::string, std::string> text_of_hash[2];
  std::size_t steps = 0, repeated = 0, loaded = 0;
  std::map<std::string, int> refused;  // load_position's refusals of saved positions, by message
  int with_variants = 0, finished = 0;
  for (int i = GetParam(); i < game_count(); i += kShards) {
    const auto n = static_cast<std::uint64_t>(i);
    const auto setup = game_setup(n);
    rules::Rng bot(testsupport::seed_from_number(800000 + n));
    testsupport::BotPlayOptions options;
    options.max_commands = 3000;
    options.hash_before = false;
    options.concede_one_in = n % 2 ? 600 : 0;
    const auto check = [&](const EveMatch& match, const std::string& where) {
      const std::string text = save_position(match);
      const std::string hash = match.state_hash();
      ASSERT_EQ(rules::state_hash_version(hash), StateHashVersion::PackedLists) << hash;
      ASSERT_EQ(match.state_hash_as(StateHashVersion::PackedLists), hash);
      const std::string fields = match.state_hash_as(StateHashVersion::Fields);
      ASSERT_EQ(rules::state_hash_version(fields), StateHashVersion::Fields) << fields;
      const std::string digest = rules::sha256_hex(text);
      bool new_text = false;
      for (int v = 0; v < 2; ++v) {
        const std::string& h = v == 0 ? fields : hash;
        const auto [by_text, added] = hash_of_text[v].try_emplace(digest, h);
        ASSERT_EQ(by_text->second, h) << "game " << n << " " << where << ": the same text, another hash\n" << text;
        const auto by_hash = text_of_hash[v].try_emplace(h, digest).first;
        ASSERT_EQ(by_hash->second, digest) << "game " << n << " " << where << ": another text, the same hash\n" << text;
        new_text = added;
      }
      repeated += new_text ? 0 : 1;
      ++steps;
      std::string error;
      const auto again = load_position(text, &error);
      if (!again) {  // every position random play reaches reads back (position_roundtrip_test.cpp)
        const auto at = error.find(": ");
        if (refused.empty()) ADD_FAILURE() << "game " << n << " " << where << ": load_position refused\n" << text;
        ++refused[at == std::string::npos ? error : error.substr(at + 2)];
        return;
      }
      ASSERT_EQ(save_position(*again), text) << "game " << n << " " << where;
      ASSERT_EQ(again->state_hash(), hash) << "game " << n << " " << where << ": the loaded position hashes otherwise\n"
                                           << text;
      ASSERT_EQ(again->state_hash_as(StateHashVersion::Fields), fields) << "game " << n << " " << where;
      ++loaded;
    };
    const auto first = def.create(setup);
    ASSERT_NE(first, nullptr) << "game " << n;
    check(eve(*first), "at the start");
    if (HasFatalFailure()) return;
    int command = 0;
    options.on_step = [&](const testsupport::BotStep& step) {
      ++command;
      if (HasFatalFailure()) return;
      check(eve(step.match), "after command " + std::to_string(command) + " " + step.command.to_text());
    };
    const auto played = testsupport::play_random(def, setup, bot, options);
    if (HasFatalFailure()) return;
    ASSERT_NE(played.match, nullptr);
    with_variants += eve(*played.match).state().variants != Variants{} ? 1 : 0;
    finished += played.match->finished() ? 1 : 0;
  }
  std::cout << "shard " << GetParam() << ": " << steps << " positions, " << hash_of_text[1].size()
            << " distinct texts (" << repeated << " repeated), " << loaded << " loaded; " << finished
            << " games finished, " << with_variants << " with variants\n";
  for (const auto& [message, count] : refused) std::cout << "  load_position refused " << count << ": " << message << "\n";
  EXPECT_GT(hash_of_text[1].size(), 1000u);
  EXPECT_EQ(loaded, steps) << "every saved position loads";
  for (int v = 0; v < 2; ++v) EXPECT_EQ(hash_of_text[v].size(), text_of_hash[v].size()) << "version " << v;
  EXPECT_GT(with_variants, 0);
  EXPECT_GT(finished, 0);
}

INSTANTIATE_TEST_SUITE_P(Shards, EveFieldsHash, ::testing::Range(0, kShards));

// The hashes of the versions before Fields are of the position text
// ("eve_genesis" and the text, length-prefixed), as journals keep them.
TEST(EveStateHash, OlderVersionsHashThePositionText) {
  const auto m = testing::new_match(42);
  const std::string text = save_position(*m);
  for (const auto version : {StateHashVersion::Sha256, StateHashVersion::Xxh64}) {
    rules::StateHasher h(version);
    h.add(std::string_view("eve_genesis")).add(std::string_view(text));
    EXPECT_EQ(m->state_hash_as(version), h.hex());
    EXPECT_TRUE(m->has_state_hash(h.hex()));
  }
  EXPECT_EQ(m->state_hash(), m->state_hash_as(StateHashVersion::PackedLists));
  EXPECT_EQ(m->state_hash(), m->state_fields_hash(StateHashVersion::PackedLists));
  EXPECT_TRUE(m->has_state_hash(m->state_hash()));
  EXPECT_EQ(m->state_hash().substr(0, 3), "v5:");
  const std::string fields = m->state_hash_as(StateHashVersion::Fields);
  EXPECT_EQ(fields.substr(0, 3), "v3:");
  const std::string cards = m->state_hash_as(StateHashVersion::CardHashes);
  EXPECT_EQ(cards, m->state_fields_hash(StateHashVersion::CardHashes));
  EXPECT_EQ(cards.substr(0, 3), "v4:");
  EXPECT_NE(fields.substr(3), cards.substr(3)) << "CardHashes feeds a card's id as a number";
  EXPECT_NE(cards.substr(3), m->state_hash().substr(3)) << "PackedLists packs the lists of references";
  EXPECT_TRUE(m->has_state_hash(fields));
  EXPECT_TRUE(m->has_state_hash(cards));
}

// One change of one field: `prepare` (if any) makes both states of the
// comparison (e.g. puts an item on the pile), `apply` changes the second.
// `shown`: whether the position text shows the change.
struct Mutation {
  std::string name;
  bool shown;
  std::function<bool(GameState&, rules::Rng&)> apply;  // false: does not apply to this state
  std::function<bool(GameState&)> prepare = nullptr;    // false: does not apply to this state
};

using Apply = std::function<bool(GameState&, rules::Rng&)>;
using Prepare = std::function<bool(GameState&)>;

// The first non-empty hand / market / dock ... of any seat.
std::vector<CardId>* first_list(GameState& st, std::vector<CardId> SeatState::*list) {
  for (auto& s : st.seats) {
    if (!(s.*list).empty()) return &(s.*list);
  }
  return nullptr;
}

Region* remote(GameState& st) {
  for (auto& r : st.regions) {
    if (!r.home) return &r;
  }
  return nullptr;
}

// Moves the last card of `from` to the front of `to` (the same cards in the
// same order when the lists are read one after the other: only the lengths
// tell them apart).
template <typename T>
bool move_across(std::vector<T>& from, std::vector<T>& to) {
  if (from.empty()) return false;
  to.insert(to.begin(), from.back());
  from.pop_back();
  return true;
}

// A card of some seat's hand put on the pile (Kind::Card).
bool hand_card_to_pile(GameState& st) {
  for (auto& s : st.seats) {
    if (s.hand.empty()) continue;
    PileItem p;
    p.controller = static_cast<SeatIndex>(&s - st.seats.data());
    p.card = s.hand.back();
    s.hand.pop_back();
    st.pile.push_back(p);
    return true;
  }
  return false;
}

PileItem keyword_item() {
  PileItem p;
  p.kind = PileItem::Kind::Keyword;
  p.card = 0;
  p.keyword = OrderKind::Jam;
  p.strength = 2;
  p.region = "home0";
  p.targets = {1};
  return p;
}

PileItem ability_item() {
  PileItem p;
  p.kind = PileItem::Kind::Ability;
  p.card = 1;
  p.effect = 0;
  p.target = 2;
  return p;
}

std::vector<Mutation> mutations() {
  std::vector<Mutation> out;
  const auto add = [&out](std::string name, bool shown, Apply apply, Prepare prepare = nullptr) {
    out.push_back(Mutation{std::move(name), shown, std::move(apply), std::move(prepare)});
  };
  // A change of the state alone (no prepare), always applicable.
  const auto change = [&add](std::string name, bool shown, std::function<void(GameState&)> f) {
    add(std::move(name), shown, [f](GameState& st, rules::Rng&) { return f(st), true; });
  };
  const auto attr = [&add](const std::string& name, bool shown, std::vector<CardId> SeatState::*list,
                           std::function<void(CardInstance&)> f) {
    add(name, shown, [list, f](GameState& st, rules::Rng&) {
      auto* ids = first_list(st, list);
      if (!ids) return false;
      f(st.cards[ids->front()]);
      return true;
    });
  };
  // Header.
  change("turn", true, [](GameState& st) { ++st.turn; });
  change("first", true, [](GameState& st) { st.first = st.first == 0 ? 1 : 0; });
  change("active", true, [](GameState& st) { st.active = st.active == 0 ? 1 : 0; });
  change("phase", true, [](GameState& st) { st.phase = st.phase == Phase::Combat ? Phase::Draw : Phase::Combat; });
  change("step", true, [](GameState& st) { st.step = st.step == Step::End ? Step::Main : Step::End; });
  change("pending", true,
         [](GameState& st) { st.pending = st.pending == Pending::Choice ? Pending::Priority : Pending::Choice; });
  change("prompt seat", true, [](GameState& st) { st.prompt_seat ^= 1; });
  change("passes", true, [](GameState& st) { ++st.passes; });
  change("region played", true, [](GameState& st) { st.region_played = !st.region_played; });
  change("resolving", true, [](GameState& st) { st.resolving = !st.resolving; });
  change("turn ends", true, [](GameState& st) { st.turn_ends = !st.turn_ends; });
  add("rng", true, [](GameState&, rules::Rng& rng) { return rng.next(), true; });
  add("result draw", true, [](GameState& st, rules::Rng&) {
    if (st.result) return false;
    st.result = rules::MatchResult{{}, true, "agreed"};
    return true;
  });
  add("result winner", true, [](GameState& st, rules::Rng&) {
    if (st.result) return false;
    st.result = rules::MatchResult{{0}, false, "agreed"};
    return true;
  });
  const Prepare winner = [](GameState& st) {
    st.result = rules::MatchResult{{0, 2}, false, "agreed"};
    return true;
  };
  change("result winners", true, [](GameState& st) { st.result->winners.pop_back(); });
  out.back().prepare = winner;
  change("result reason", true, [](GameState& st) { st.result->reason += "x"; });
  out.back().prepare = winner;
  add("the winners of a draw", false,
      [](GameState& st, rules::Rng&) { return st.result->winners.push_back(1), true; },
      [](GameState& st) {
        st.result = rules::MatchResult{{}, true, "agreed"};
        return true;
      });
  add("table in index order", false, [](GameState& st, rules::Rng&) {
    for (std::size_t i = 0; i < st.table.size(); ++i) {
      if (st.table[i] != static_cast<SeatIndex>(i)) return false;
    }
    if (!st.table.empty()) {
      st.table.clear();
    } else {
      for (std::size_t i = 0; i < st.seats.size(); ++i) st.table.push_back(static_cast<SeatIndex>(i));
    }
    return true;
  });
  change("table order", true, [](GameState& st) {
    if (st.table.empty()) {
      for (std::size_t i = 0; i < st.seats.size(); ++i) st.table.push_back(static_cast<SeatIndex>(i));
    }
    std::swap(st.table.front(), st.table.back());
  });
  change("range", true, [](GameState& st) { st.variants.range = (st.variants.range + 1) % 3; });
  change("hunter", true, [](GameState& st) { st.variants.hunter = !st.variants.hunter; });
  change("destroying", true, [](GameState& st) { st.variants.destroying = !st.variants.destroying; });
  change("alliances", true, [](GameState& st) { st.variants.alliances = !st.variants.alliances; });
  change("choice kind", true, [](GameState& st) {
    st.choice.kind = st.choice.kind == ResolutionChoice::Kind::Search ? ResolutionChoice::Kind::Under
                                                                      : ResolutionChoice::Kind::Search;
  });
  const Prepare choice = [](GameState& st) {
    st.choice = {ResolutionChoice::Kind::May, 0, 1, 0, ""};
    return true;
  };
  const Prepare region_choice = [](GameState& st) {
    st.choice = {ResolutionChoice::Kind::Region, 1, 0, -1, "dam_torsad"};
    return true;
  };
  add("choice seat", true, [](GameState& st, rules::Rng&) { return st.choice.seat ^= 1, true; }, choice);
  add("choice count", true, [](GameState& st, rules::Rng&) { return ++st.choice.count, true; }, choice);
  add("choice source", true, [](GameState& st, rules::Rng&) { return st.choice.source = 1, true; }, choice);
  add("choice of a region's ability", true, [](GameState& st, rules::Rng&) { return st.choice.region += "x", true; },
      region_choice);
  add("a region's choice to a card's", true, [](GameState& st, rules::Rng&) { return st.choice.source = 0, true; },
      region_choice);
  add("choice region of a card's ability", false,
      [](GameState& st, rules::Rng&) { return st.choice.region += "x", true; }, choice);
  add("choice count without a choice", false, [](GameState& st, rules::Rng&) {
    if (st.choice.kind != ResolutionChoice::Kind::None) return false;
    ++st.choice.count;
    st.choice.seat = 3;
    st.choice.source = 2;
    return true;
  });
  // Seats.
  change("base", true, [](GameState& st) { st.seats[0].base += "x"; });
  change("upgraded", true, [](GameState& st) { st.seats[0].upgraded = !st.seats[0].upgraded; });
  change("base damage", true, [](GameState& st) { ++st.seats[1].base_damage; });
  change("wallet", true, [](GameState& st) { st.seats[1].wallet += std::int64_t{1} << 40; });
  change("limited played", true, [](GameState& st) { st.seats[0].limited_played = !st.seats[0].limited_played; });
  change("out", true, [](GameState& st) { st.seats.back().out = !st.seats.back().out; });
  change("attached", true, [](GameState& st) { st.seats[0].attached.push_back("amarr_base"); });
  change("offdeck", true, [](GameState& st) { st.seats[1].offdeck.push_back("x"); });
  add("the first offdeck region to the attached", true,
      [](GameState& st, rules::Rng&) {
        auto& s = st.seats[0];
        if (s.offdeck.empty()) return false;
        s.attached.push_back(s.offdeck.front());
        s.offdeck.erase(s.offdeck.begin());
        return true;
      });
  for (SeatIndex seat : {0, 1}) {
    const std::string who = "seat " + std::to_string(seat) + ": ";
    add(who + "the last hand card to the market's top", true,
        [seat](GameState& st, rules::Rng&) { return move_across(st.seats[seat].hand, st.seats[seat].market); });
    add(who + "the last market card to the scrapheap", true,
        [seat](GameState& st, rules::Rng&) { return move_across(st.seats[seat].market, st.seats[seat].scrapheap); });
    add(who + "the last scrapheap card to the docks", true,
        [seat](GameState& st, rules::Rng&) { return move_across(st.seats[seat].scrapheap, st.seats[seat].docks); });
    add(who + "the last hand card to the next seat's hand", true,
        [seat](GameState& st, rules::Rng&) {
          return move_across(st.seats[seat].hand, st.seats[(seat + 1) % st.seats.size()].hand);
        });
  }
  add("the last dock card to the structures", true, [](GameState& st, rules::Rng&) {
    for (auto& s : st.seats) {
      if (move_across(s.docks, s.structures)) return true;
    }
    return false;
  });
  add("the last pilot to the next seat's docks", true, [](GameState& st, rules::Rng&) {
    for (std::size_t i = 0; i + 1 < st.seats.size(); ++i) {
      if (move_across(st.seats[i].pilots, st.seats[i + 1].docks)) return true;
    }
    return false;
  });
  add("market order", true, [](GameState& st, rules::Rng&) {
    auto& m = st.seats[1].market;
    if (m.size() < 2 || st.cards[m.front()].card == st.cards[m.back()].card) return false;
    std::swap(m.front(), m.back());
    return true;
  });
  add("market order of two copies of a card", true, [](GameState& st, rules::Rng&) {
    auto& m = st.seats[1].market;
    for (std::size_t i = 1; i < m.size(); ++i) {
      if (st.cards[m[i]].card == st.cards[m[0]].card) return std::swap(m[0], m[i]), true;
    }
    return false;
  });
  attr("a hand card's card", true, &SeatState::hand, [](CardInstance& c) { c.card += "x"; });
  attr("a market card's card", true, &SeatState::market, [](CardInstance& c) { c.card += "x"; });
  attr("a scrapheap card's card", true, &SeatState::scrapheap, [](CardInstance& c) { c.card += "x"; });
  attr("a hand card's damage", false, &SeatState::hand, [](CardInstance& c) { ++c.damage; });
  attr("a hand card's order", false, &SeatState::hand, [](CardInstance& c) { c.order += "x"; });
  attr("a hand card's owner", false, &SeatState::hand, [](CardInstance& c) { c.owner ^= 1; });
  attr("a market card's x", false, &SeatState::market, [](CardInstance& c) { ++c.x; });
  attr("a scrapheap card's pilot", false, &SeatState::scrapheap, [](CardInstance& c) { c.pilot = c.pilot >= 0 ? -1 : 0; });
  attr("a dock card's card", true, &SeatState::docks, [](CardInstance& c) { c.card += "x"; });
  attr("a dock card's build", true, &SeatState::docks, [](CardInstance& c) { ++c.build; });
  attr("a dock card's damage", true, &SeatState::docks, [](CardInstance& c) { ++c.damage; });
  attr("a dock card's duration", true, &SeatState::docks, [](CardInstance& c) { ++c.duration; });
  attr("a dock card's x", true, &SeatState::docks, [](CardInstance& c) { ++c.x; });
  attr("a dock card's pilot", true, &SeatState::docks, [](CardInstance& c) { c.pilot = c.pilot == 1 ? 2 : 1; });
  attr("a dock card's pilot -2 for -1", false, &SeatState::docks, [](CardInstance& c) {
    if (c.pilot < 0) c.pilot = c.pilot == -1 ? -2 : -1;
  });
  attr("a dock card's order", true, &SeatState::docks, [](CardInstance& c) { c.order += "patrol"; });
  attr("a dock card's region", true, &SeatState::docks, [](CardInstance& c) { c.region += "x"; });
  attr("a dock card's copy", true, &SeatState::docks, [](CardInstance& c) { c.copy += "x"; });
  attr("a dock card's owner", false, &SeatState::docks, [](CardInstance& c) { c.owner ^= 1; });
  attr("a structure's damage", true, &SeatState::structures, [](CardInstance& c) { ++c.damage; });
  attr("a pilot's x", true, &SeatState::pilots, [](CardInstance& c) { ++c.x; });
  // Regions.
  const auto with_remote = [&add](std::string name, bool shown, std::function<void(Region&)> f) {
    add(std::move(name), shown, [f](GameState& st, rules::Rng&) {
      Region* r = remote(st);
      return r ? (f(*r), true) : false;
    });
  };
  with_remote("a remote region's owner", true, [](Region& r) { r.owner ^= 1; });
  with_remote("a remote region's controller", true,
              [](Region& r) { r.controller = r.controller ? std::nullopt : std::optional<SeatIndex>(0); });
  with_remote("a remote region's controlling seat", true, [](Region& r) { r.controller = r.controller == 1 ? 2 : 1; });
  with_remote("a remote region's key", true, [](Region& r) { r.key += "x"; });
  with_remote("a remote region's card", false, [](Region& r) { r.card += "x"; });
  change("a home region's owner, controller and card", false, [](GameState& st) {
    st.regions[0].owner += 7;
    st.regions[0].controller = std::nullopt;
    st.regions[0].card += "x";
  });
  change("an empty home region more", false, [](GameState& st) {
    st.regions.insert(st.regions.begin() + 1, Region{"home9", "amarr_base", true, 9, 9, {}, {}});
  });
  add("a home region's key", true, [](GameState& st, rules::Rng&) {
    for (auto& r : st.regions) {
      if (r.home && (!r.locations.empty() || !r.ships.empty())) return r.key += "x", true;
    }
    return false;
  });
  add("the last location to the ships", true, [](GameState& st, rules::Rng&) {
    for (auto& r : st.regions) {
      if (move_across(r.locations, r.ships)) return true;
    }
    return false;
  });
  add("the last ship to the next region's locations", true, [](GameState& st, rules::Rng&) {
    for (std::size_t i = 0; i + 1 < st.regions.size(); ++i) {
      if (move_across(st.regions[i].ships, st.regions[i + 1].locations)) return true;
    }
    return false;
  });
  add("a location's owner", true, [](GameState& st, rules::Rng&) {
    for (auto& r : st.regions) {
      if (!r.locations.empty()) return st.cards[r.locations.front()].owner ^= 1, true;
    }
    return false;
  });
  add("a location's damage", true, [](GameState& st, rules::Rng&) {
    for (auto& r : st.regions) {
      if (!r.locations.empty()) return ++st.cards[r.locations.front()].damage, true;
    }
    return false;
  });
  // Combat.
  change("an attack", true, [](GameState& st) { st.combat.attacks.push_back("home0"); });
  change("an attacker", true, [](GameState& st) { st.combat.attackers.push_back({0, "home1"}); });
  change("the combat's region", true, [](GameState& st) { st.combat.region += "x"; });
  const Prepare in_combat = [](GameState& st) {
    st.combat.region = "home1";
    st.combat.defender = 0;
    return true;
  };
  add("the defender", true, [](GameState& st, rules::Rng&) { return st.combat.defender = 1, true; }, in_combat);
  add("no defender", true, [](GameState& st, rules::Rng&) { return st.combat.defender = -1, true; }, in_combat);
  add("the stage", true, [](GameState& st, rules::Rng&) {
        const auto after = CombatState::Stage::After;
        return st.combat.stage = st.combat.stage == after ? CombatState::Stage::Decide : after, true;
      }, in_combat);
  add("must withdraw", true,
      [](GameState& st, rules::Rng&) { return st.combat.must_withdraw = !st.combat.must_withdraw, true; }, in_combat);
  add("defender left", true,
      [](GameState& st, rules::Rng&) { return st.combat.defender_left = !st.combat.defender_left, true; }, in_combat);
  add("the stage, no attack resolved", false, [](GameState& st, rules::Rng&) {
    if (!st.combat.region.empty()) return false;
    st.combat.stage = CombatState::Stage::After;
    st.combat.defender = 1;
    st.combat.must_withdraw = !st.combat.must_withdraw;
    st.combat.defender_left = !st.combat.defender_left;
    return true;
  });
  change("a defender", true, [](GameState& st) { st.combat.defenders.push_back(0); });
  change("the queue", true, [](GameState& st) { st.combat.queue.push_back(0); });
  change("mined", true, [](GameState& st) { st.mined.push_back(0); });
  change("clones", true, [](GameState& st) { st.clones.push_back(0); });
  const Prepare lists = [](GameState& st) {
    st.combat.defenders = {0, 1};
    st.combat.queue = {2};
    st.mined = {3};
    st.clones = {4};
    return true;
  };
  add("a defender to the queue", true,
      [](GameState& st, rules::Rng&) { return move_across(st.combat.defenders, st.combat.queue); }, lists);
  add("the queue to the mined", true,
      [](GameState& st, rules::Rng&) { return move_across(st.combat.queue, st.mined); }, lists);
  add("the mined to the clones", true, [](GameState& st, rules::Rng&) { return move_across(st.mined, st.clones); },
      lists);
  const Prepare effect = [](GameState& st) {
    st.effects.push_back(LingeringEffect{0, 0, 0, "", Change{ChangeKind::Shield, 1, ""}});
    return true;
  };
  const auto effect_change = [&add, effect](std::string name, bool shown, std::function<void(LingeringEffect&)> f) {
    add(std::move(name), shown, [f](GameState& st, rules::Rng&) { return f(st.effects.back()), true; }, effect);
  };
  change("an effect", true, [](GameState& st) {
    st.effects.push_back(LingeringEffect{0, 1, -1, "home0", Change{ChangeKind::CannotJump, 0, ""}});
  });
  effect_change("an effect's source", true, [](LingeringEffect& e) { ++e.source; });
  effect_change("an effect's controller", true, [](LingeringEffect& e) { e.controller = 1; });
  effect_change("an effect's card", true, [](LingeringEffect& e) { e.card = 1; });
  effect_change("an effect's region", true, [](LingeringEffect& e) { e.card = -1, e.region = "home0"; });
  effect_change("the region of an effect on a card", false, [](LingeringEffect& e) { e.region = "home0"; });
  effect_change("an effect's change", true, [](LingeringEffect& e) { e.change.kind = ChangeKind::Attack; });
  effect_change("an effect's amount", true, [](LingeringEffect& e) { ++e.change.amount; });
  effect_change("an effect's order", true, [](LingeringEffect& e) {
    e.change.kind = ChangeKind::CannotExecute;
    e.change.order = "patrol";
  });
  effect_change("the order of a shield effect", false, [](LingeringEffect& e) { e.change.order = "patrol"; });
  effect_change("an effect's duration", true, [](LingeringEffect& e) { e.until = Duration::EndOfPhase; });
  effect_change("an effect's condition", true, [](LingeringEffect& e) { e.condition = Condition::InRemoteRegion; });
  change("a card under a ship", true, [](GameState& st) { st.under.push_back({0, 3}); });
  const Prepare under = [](GameState& st) {
    st.under = {{0, 3}, {2, 3}, {1, 4}};
    return true;
  };
  // The text groups them by ship, in the order of each ship's first card.
  add("cards under two ships, interleaved", false,
      [](GameState& st, rules::Rng&) { return st.under = {{0, 3}, {1, 4}, {2, 3}}, true; }, under);
  add("cards under two ships, the other ship first", true,
      [](GameState& st, rules::Rng&) { return st.under = {{1, 4}, {0, 3}, {2, 3}}, true; }, under);
  add("a card under the other ship", true,
      [](GameState& st, rules::Rng&) { return st.under = {{0, 3}, {2, 4}, {1, 4}}, true; }, under);
  add("the owner of a ship with cards under it", true,
      [](GameState& st, rules::Rng&) { return st.cards[3].owner ^= 1, true; }, under);
  change("assigned", true, [](GameState& st) { st.combat.assigned.push_back({0, 1}); });
  change("a share", true, [](GameState& st) { st.combat.shares.push_back({0, 1, 2}); });
  change("forced", true, [](GameState& st) { st.combat.forced.push_back({0, 1}); });
  change("a withdrawal", true, [](GameState& st) { st.combat.withdrawals.push_back({0, "docks"}); });
  const Prepare pairs = [](GameState& st) {
    st.combat.assigned = {{0, 1}, {2, 3}};
    st.combat.forced = {{4, 5}};
    st.combat.shares = {{0, 1, 2}};
    st.combat.withdrawals = {{6, "docks"}};
    st.combat.attackers = {{7, "home0"}};
    return true;
  };
  add("an assignment to the forced", true,
      [](GameState& st, rules::Rng&) { return move_across(st.combat.assigned, st.combat.forced); }, pairs);
  add("a share's amount", true, [](GameState& st, rules::Rng&) { return ++st.combat.shares[0].amount, true; }, pairs);
  add("a withdrawal's destination", true,
      [](GameState& st, rules::Rng&) { return st.combat.withdrawals[0].second = "home1", true; }, pairs);
  add("a withdrawal to the attackers", true,
      [](GameState& st, rules::Rng&) { return move_across(st.combat.withdrawals, st.combat.attackers); }, pairs);
  change("a triggered keyword", true, [](GameState& st) { st.combat.triggered.push_back(keyword_item()); });
  change("a triggered ability", true, [](GameState& st) { st.combat.triggered.push_back(ability_item()); });
  add("a triggered keyword's targets", true,
      [](GameState& st, rules::Rng&) { return st.combat.triggered.back().targets.push_back(2), true; },
      [](GameState& st) { return st.combat.triggered.push_back(keyword_item()), true; });
  add("a triggered ability's effect", true,
      [](GameState& st, rules::Rng&) { return ++st.combat.triggered.back().effect, true; },
      [](GameState& st) { return st.combat.triggered.push_back(ability_item()), true; });
  // The pile.
  change("a waiting keyword", true, [](GameState& st) { st.waiting.push_back(keyword_item()); });
  change("a waiting ability", true, [](GameState& st) { st.waiting.push_back(ability_item()); });
  add("a waiting ability's amount", true,
      [](GameState& st, rules::Rng&) { return st.waiting.back().strength = 4, true; },
      [](GameState& st) { return st.waiting.push_back(ability_item()), true; });
  add("a triggered ability to the waiting", true,
      [](GameState& st, rules::Rng&) { return move_across(st.combat.triggered, st.waiting); },
      [](GameState& st) { return st.combat.triggered.push_back(ability_item()), true; });
  add("a waiting ability to the pile", true,
      [](GameState& st, rules::Rng&) { return move_across(st.waiting, st.pile); },
      [](GameState& st) { return st.waiting.push_back(ability_item()), true; });
  // An item put on the pile; with a change: the item changed (compared with
  // the state where it is on the pile unchanged).
  const auto on_pile = [&add](std::string name, bool shown, PileItem item, std::function<void(PileItem&)> f) {
    if (!f) {
      add(std::move(name), shown, [item](GameState& st, rules::Rng&) { return st.pile.push_back(item), true; });
      return;
    }
    add(std::move(name), shown, [f](GameState& st, rules::Rng&) { return f(st.pile.back()), true; },
        [item](GameState& st) { return st.pile.push_back(item), true; });
  };
  using Changes = std::vector<std::tuple<std::string, bool, std::function<void(PileItem&)>>>;
  on_pile("an ability", true, ability_item(), nullptr);
  for (const auto& [name, shown, f] : Changes{
           {"an ability's controller", true, [](PileItem& p) { p.controller = 1; }},
           {"an ability's card", true, [](PileItem& p) { p.card = 3; }},
           {"an ability's effect", true, [](PileItem& p) { p.effect = 1; }},
           {"an ability's target", true, [](PileItem& p) { p.target = -1; }},
           {"an ability's targets", true, [](PileItem& p) { p.targets = {1, 2}; }},
           {"an ability's amount", true, [](PileItem& p) { p.strength = 3; }},
           {"a region's ability", true, [](PileItem& p) { p.card = -1, p.region = "ginnungagap"; }},
           {"an ability to a keyword", true, [](PileItem& p) { p.kind = PileItem::Kind::Keyword; }},
           {"the region of a card's ability", false, [](PileItem& p) { p.region = "x"; }},
           {"the keyword of an ability", false, [](PileItem& p) { p.keyword = OrderKind::Tank; }},
           {"a negative amount of an ability", false, [](PileItem& p) { p.strength = -2; }},
           {"the damage of an ability", false, [](PileItem& p) { p.damage = {DamageEntry{0, 1, -1, 2, false}}; }}}) {
    on_pile(name, shown, ability_item(), f);
  }
  on_pile("a keyword", true, keyword_item(), nullptr);
  for (const auto& [name, shown, f] : Changes{
           {"a keyword's card", true, [](PileItem& p) { p.card = 3; }},
           {"a keyword's keyword", true, [](PileItem& p) { p.keyword = OrderKind::Ambush; }},
           {"a keyword's strength", true, [](PileItem& p) { p.strength = 5; }},
           {"a keyword's region", true, [](PileItem& p) { p.region = "home1"; }},
           {"a keyword's targets", true, [](PileItem& p) { p.targets.push_back(0); }},
           {"a keyword's base target", true, [](PileItem& p) { p.base_target = 1; }},
           {"the effect of a keyword", false, [](PileItem& p) { p.effect = 4; }},
           {"the target of a keyword", false, [](PileItem& p) { p.target = 4; }}}) {
    on_pile(name, shown, keyword_item(), f);
  }
  PileItem upgrade;
  upgrade.kind = PileItem::Kind::Upgrade;
  on_pile("an upgrade", true, upgrade, nullptr);
  on_pile("an upgrade's card and region", false, upgrade, [](PileItem& p) { p.card = 2, p.region = "x"; });
  on_pile("an upgrade's controller", true, upgrade, [](PileItem& p) { p.controller = 1; });
  PileItem region;
  region.kind = PileItem::Kind::Region;
  region.region = "ginnungagap";
  on_pile("a region", true, region, nullptr);
  on_pile("a region's id", true, region, [](PileItem& p) { p.region += "x"; });
  on_pile("a region's card", false, region, [](PileItem& p) { p.card = 2; });
  PileItem jump;
  jump.kind = PileItem::Kind::Jump;
  jump.card = 2;
  jump.region = "home1";
  on_pile("a jump", true, jump, nullptr);
  on_pile("a jump's ship", true, jump, [](PileItem& p) { p.card = 0; });
  on_pile("a jump's destination", true, jump, [](PileItem& p) { p.region = "docks"; });
  on_pile("a withdrawal", true, jump, [](PileItem& p) { p.from = "home0"; });
  on_pile("a jump's targets", false, jump, [](PileItem& p) { p.targets = {1}; });
  PileItem damage;
  damage.kind = PileItem::Kind::Damage;
  damage.region = "home1";
  damage.damage = {DamageEntry{0, 1, -1, 2, false}};
  on_pile("damage", true, damage, nullptr);
  for (const auto& [name, shown, f] : Changes{
           {"damage of an effect", true, [](PileItem& p) { p.region.clear(); }},
           {"damage's source", true, [](PileItem& p) { p.damage[0].source = 2; }},
           {"damage's target", true, [](PileItem& p) { p.damage[0].target = 2; }},
           {"damage to a base", true, [](PileItem& p) { p.damage[0].base = 0; }},
           {"damage's amount", true, [](PileItem& p) { p.damage[0].amount = 3; }},
           {"redirected damage", true, [](PileItem& p) { p.damage[0].redirected = true; }},
           {"another damage entry", true, [](PileItem& p) { p.damage.push_back(p.damage[0]); }},
           {"the card of damage", false, [](PileItem& p) { p.card = 4; }}}) {
    on_pile(name, shown, damage, f);
  }
  PileItem to_base = damage;
  to_base.damage[0].base = 1;
  on_pile("the target of damage to a base", false, to_base, [](PileItem& p) { p.damage[0].target = 5; });
  add("a hand card on the pile", true, [](GameState& st, rules::Rng&) { return hand_card_to_pile(st); });
  for (const auto& [name, shown, f] : std::vector<std::tuple<std::string, bool, std::function<void(GameState&, PileItem&)>>>{
           {"a card's target region", true, [](GameState&, PileItem& p) { p.region = "home0"; }},
           {"a card's target", true, [](GameState&, PileItem& p) { p.target = 0; }},
           {"a card's controller", true, [](GameState&, PileItem& p) { p.controller ^= 1; }},
           {"the damage of a card on the pile", true, [](GameState& st, PileItem& p) { ++st.cards[p.card].damage; }},
           {"the card of a card on the pile", true, [](GameState& st, PileItem& p) { st.cards[p.card].card += "x"; }},
           {"the owner of a card on the pile", false, [](GameState& st, PileItem& p) { st.cards[p.card].owner ^= 1; }},
           {"a card's effect", false, [](GameState&, PileItem& p) { p.effect = 3; }},
           {"a card's targets", false, [](GameState&, PileItem& p) { p.targets = {1}; }}}) {
    add(name, shown, [f](GameState& st, rules::Rng&) { return f(st, st.pile.back()), true; }, hand_card_to_pile);
  }
  return out;
}

// A position for single-field changes: the state and its RNG.
struct Position {
  GameState state;
  rules::Rng rng;
};

std::string text_of(const Position& p) { return save_position(p.state, p.rng, CardDb::standard()); }
// Both versions that feed the fields (Fields, then CardHashes).
std::string hash_of(const Position& p) {
  const EveMatch m(CardDb::standard(), p.state, p.rng);
  return m.state_hash_as(StateHashVersion::Fields) + " " + m.state_hash_as(StateHashVersion::CardHashes);
}

// Whether each of the two hashes changed (hash_of's order).
std::pair<bool, bool> hashes_changed(const std::string& before, const std::string& after) {
  const auto space = before.find(' ');
  return {before.substr(0, space) != after.substr(0, space), before.substr(space) != after.substr(space)};
}

// Positions from random games: every 40th state of games with two, three and
// four seats (variants on), at most 60.
std::vector<Position> sample_positions() {
  const auto def = definition();
  std::vector<Position> out;
  for (std::uint64_t n : {0ull, 1ull, 2ull, 10ull, 11ull, 23ull}) {
    rules::Rng bot(testsupport::seed_from_number(700 + n));
    testsupport::BotPlayOptions options;
    options.max_commands = 400;
    options.hash_before = false;
    int k = 0;
    options.on_step = [&](const testsupport::BotStep& step) {
      if (++k % 40 == 0) out.push_back({eve(step.match).state(), eve(step.match).rng()});
    };
    testsupport::play_random(def, game_setup(n), bot, options);
  }
  return out;
}

TEST(EveStateHash, ASingleFieldChangesTheHashExactlyWhenItChangesThePositionText) {
  const auto positions = sample_positions();
  ASSERT_GE(positions.size(), 30u);
  for (const auto& m : mutations()) {
    int applied = 0;
    for (const auto& base : positions) {
      Position before = base;
      if (m.prepare && !m.prepare(before.state)) continue;
      Position after = before;
      if (!m.apply(after.state, after.rng)) continue;
      ++applied;
      const std::string text_before = text_of(before), text_after = text_of(after);
      const bool text_changed = text_before != text_after;
      const auto [fields_changed, hash_changed] = hashes_changed(hash_of(before), hash_of(after));
      // One failure per change (the first position it shows on).
      if (text_changed != m.shown) {
        ADD_FAILURE() << m.name << ": the position text " << (text_changed ? "changed" : "did not change") << "\n"
                      << text_before << "\n--- to ---\n" << text_after;
        break;
      }
      if (hash_changed != text_changed || fields_changed != text_changed) {
        ADD_FAILURE() << m.name << ": the text " << (text_changed ? "changed" : "did not change")
                      << ", the CardHashes hash " << (hash_changed ? "did" : "did not") << ", the Fields hash "
                      << (fields_changed ? "did" : "did not");
        break;
      }
    }
    EXPECT_GT(applied, 0) << m.name << " applied to none of the positions";
  }
}

}  // namespace
}  // namespace concord::eve

