// High Card Duel: the engine.
//
// RULES
//  Setup   2-4 seats. Each seat brings a deck with one section "cards" of card
//          ids c1..c9 (value = the number): at least 10 cards, at most 3
//          copies of a card. Options: "rounds" (1..20, default 3) and
//          "hand_size" (1..7, default 3). Each seat's deck is shuffled with the
//          match RNG (seat 0 first) and the seat draws hand_size cards. Hands
//          are hidden: only the owner sees its cards, others see the count.
//  Turns   Every round each seat still in plays once, in seat order, starting
//          with the lowest seat still in. The active seat gets the prompt
//          "play_card": one option per distinct card in hand ("play:c7") and
//          the option "wager" (value 0..3). It picks one card and at most one
//          wager (min 1, max 2 choices); a wager alone is MUST_PLAY_CARD, two
//          cards TOO_MANY_CARDS. Other seats have no prompt (a submit from them
//          is NOT_YOUR_TURN; after the end every submit is NO_PROMPT).
//  Scoring The played card's value is added to the seat's score at once, and
//          the seat draws a replacement if its deck has cards. When every seat
//          still in has played, the round ends: a seat whose card is the
//          highest of the trick (ties included) gains its wager, every other
//          seat loses its wager (scores may go negative).
//  End     After `rounds` rounds, or earlier at the end of a round after which
//          a seat still in has no card in hand ("cards_exhausted"), the highest
//          score among the seats still in wins; a tie for the highest is a draw.
//  Concede In two seats the other seat wins. With more seats the conceding
//          seat is out: it is skipped, its card no longer counts in the trick,
//          and when one seat remains that seat wins ("conceded").
//  Events  card_played (all: seat, card, wager); card_drawn (only the drawing
//          seat: the card) with card_drawn_hidden (everyone else: no card);
//          seat_conceded, round_ended (scores), match_ended (result).
//  Views   A seat sees its own hand; everyone sees hand and deck counts, scores,
//          the cards played this round, the round and the active seat;
//          spectators see counts only; judges see every hand and deck order.
#include "testgame/highcard.hpp"

#include <algorithm>
#include <stdexcept>

#include "concord/rules/hash.hpp"
#include "concord/rules/rng.hpp"

namespace concord::testgame {

namespace {

using rules::Event;
using rules::Outcome;
using rules::SeatIndex;
using rules::Visibility;

struct SeatState {
  std::vector<int> deck;  // back() is the top
  std::vector<int> hand;  // sorted ascending
  std::int64_t score = 0;
  bool out = false;
  int played = 0;  // value played this round; 0 = not yet
  int wager = 0;
};

struct Play {
  int value = 0;
  int wager = 0;
};

std::string kind_name(HighCardEvent::Kind kind) {
  switch (kind) {
    case HighCardEvent::Kind::CardPlayed: return "card_played";
    case HighCardEvent::Kind::CardDrawn: return "card_drawn";
    case HighCardEvent::Kind::CardDrawnHidden: return "card_drawn_hidden";
    case HighCardEvent::Kind::RoundEnded: return "round_ended";
    case HighCardEvent::Kind::SeatConceded: return "seat_conceded";
    case HighCardEvent::Kind::MatchEnded: return "match_ended";
  }
  return "unknown";
}

HighCardEvent event_data(HighCardEvent::Kind kind, int round, SeatIndex seat = -1) {
  HighCardEvent d;
  d.kind = kind;
  d.round = round;
  d.seat = seat;
  return d;
}

Event make_event(HighCardEvent data, std::string text, Visibility visibility) {
  std::string kind = kind_name(data.kind);
  return Event{std::move(kind), std::move(text), std::move(visibility),
               std::make_shared<const HighCardEvent>(std::move(data))};
}

std::string seat_name(SeatIndex s) { return "seat " + std::to_string(s); }

std::vector<std::string> card_ids(const std::vector<int>& values) {
  std::vector<std::string> out;
  out.reserve(values.size());
  for (int v : values) out.push_back(card_id(v));
  return out;
}

rules::Prompt play_prompt(const std::vector<int>& hand) {
  rules::Prompt p{"play_card", "Play one card from your hand; you may add a wager of 0-3 on it "
                               "being the highest card of the round.", 1, 2, {}};
  std::vector<int> distinct = hand;
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  for (int v : distinct) {
    p.options.push_back({"play:" + card_id(v), "Play " + card_id(v) + " (value " +
                                                   std::to_string(v) + ")", std::nullopt});
  }
  p.options.push_back({"wager", "Wager 0-3 points on the highest card",
                       rules::ValueRange{0, kMaxWager}});
  return p;
}

// Reads a shape-checked answer as a play, or returns the rule rejection.
std::optional<rules::Rejection> read_play(const rules::Answer& answer, Play* play) {
  int cards = 0;
  for (const auto& c : answer.choices) {
    if (c.option_id == "wager") {
      play->wager = static_cast<int>(c.value);
    } else {
      play->value = card_value(c.option_id.substr(5)).value_or(0);
      ++cards;
    }
  }
  if (cards == 0) return rules::Rejection{"MUST_PLAY_CARD", "a wager needs a card to go with it"};
  if (cards > 1) return rules::Rejection{"TOO_MANY_CARDS", "play exactly one card"};
  return std::nullopt;
}

class HighCardMatch final : public rules::Match {
 public:
  HighCardMatch(int rounds, int hand_size, std::vector<SeatState> seats, rules::Rng rng)
      : rng_(rng), seats_(std::move(seats)), rounds_(rounds), hand_size_(hand_size) {
    active_ = first_unplayed();
  }

  std::optional<rules::Prompt> prompt(SeatIndex seat) const override {
    if (result_ || seat != active_) return std::nullopt;
    return play_prompt(seats_[seat].hand);
  }

  // Option fault=answer: every answer after the first accepted one throws,
  // as a broken engine would (tests of the server's exception safety).
  void fail_after_first_answer() { fail_after_first_answer_ = true; }

  Outcome submit(SeatIndex seat, const rules::Answer& answer) override {
    if (fail_after_first_answer_ && answered_) throw std::runtime_error("test fault: the engine failed");
    if (auto r = check_can_act(seat)) return rejected(*r);
    if (auto r = rules::check_answer_shape(*prompt(seat), answer)) return rejected(*r);
    Play play;
    if (auto r = read_play(answer, &play)) return rejected(*r);
    std::vector<Event> events;
    play_card(seat, play, events);
    advance(events);
    answered_ = true;
    return Outcome::accept(std::move(events));
  }

  Outcome concede(SeatIndex seat) override {
    if (result_) return Outcome::reject("MATCH_OVER", "the match is over");
    if (!valid_seat(seat)) return Outcome::reject("INVALID_SEAT", "no such seat");
    if (seats_[seat].out) return Outcome::reject("ALREADY_OUT", "this seat has conceded already");
    std::vector<Event> events;
    seats_[seat].out = true;
    events.push_back(make_event(event_data(HighCardEvent::Kind::SeatConceded, round_, seat),
                                seat_name(seat) + " concedes", Visibility::all()));
    if (remaining() == 1) {
      finish({first_seat_in()}, false, "conceded", events);
    } else if (seat == active_) {
      advance(events);
    }
    return Outcome::accept(std::move(events));
  }

  std::unique_ptr<rules::View> view(const rules::Viewer& viewer) const override {
    auto v = std::make_unique<HighCardView>();
    v->viewer = viewer;
    v->round = round_;
    v->rounds = rounds_;
    v->active_seat = active_;
    v->finished = finished();
    v->result = result_;
    for (SeatIndex i = 0; i < seat_count(); ++i) v->seats.push_back(seat_view(i, viewer));
    return v;
  }

  std::string state_hash_as(rules::StateHashVersion version) const override {
    rules::StateHasher h(version);
    h.add(std::string_view(kHighCardId)).add(rounds_).add(hand_size_).add(round_).add(active_);
    for (std::uint64_t word : rng_.state()) h.add(word);
    for (const auto& s : seats_) hash_seat(h, s);
    hash_result(h);
    return h.hex();
  }

  bool finished() const override { return result_.has_value(); }
  std::optional<rules::MatchResult> result() const override { return result_; }
  int seat_count() const override { return static_cast<int>(seats_.size()); }

 private:
  static Outcome rejected(rules::Rejection r) { return {false, {}, std::move(r)}; }

  bool valid_seat(SeatIndex seat) const { return seat >= 0 && seat < seat_count(); }

  std::optional<rules::Rejection> check_can_act(SeatIndex seat) const {
    if (result_) return rules::Rejection{"NO_PROMPT", "the match is over"};
    if (!valid_seat(seat)) return rules::Rejection{"INVALID_SEAT", "no such seat"};
    if (seats_[seat].out) return rules::Rejection{"NO_PROMPT", "this seat has conceded"};
    if (seat != active_) {
      return rules::Rejection{"NOT_YOUR_TURN", "it is " + seat_name(active_) + "'s turn"};
    }
    return std::nullopt;
  }

  int remaining() const {
    return static_cast<int>(
        std::count_if(seats_.begin(), seats_.end(), [](const SeatState& s) { return !s.out; }));
  }

  // The lowest seat still in that has not played this round, or -1.
  SeatIndex first_unplayed() const {
    for (SeatIndex i = 0; i < seat_count(); ++i) {
      if (!seats_[i].out && seats_[i].played == 0) return i;
    }
    return -1;
  }

  SeatIndex first_seat_in() const {
    for (SeatIndex i = 0; i < seat_count(); ++i) {
      if (!seats_[i].out) return i;
    }
    return -1;
  }

  void play_card(SeatIndex seat, const Play& play, std::vector<Event>& events) {
    SeatState& s = seats_[seat];
    s.hand.erase(std::find(s.hand.begin(), s.hand.end(), play.value));
    s.played = play.value;
    s.wager = play.wager;
    s.score += play.value;
    auto data = event_data(HighCardEvent::Kind::CardPlayed, round_, seat);
    data.card = card_id(play.value);
    data.wager = play.wager;
    const std::string text = seat_name(seat) + " plays " + data.card + " with wager " +
                             std::to_string(play.wager);
    events.push_back(make_event(std::move(data), text, Visibility::all()));
    draw(seat, events);
  }

  void draw(SeatIndex seat, std::vector<Event>& events) {
    SeatState& s = seats_[seat];
    if (s.deck.empty()) return;
    const int card = s.deck.back();
    s.deck.pop_back();
    s.hand.insert(std::upper_bound(s.hand.begin(), s.hand.end(), card), card);
    auto data = event_data(HighCardEvent::Kind::CardDrawn, round_, seat);
    data.card = card_id(card);
    const std::string text = seat_name(seat) + " draws " + data.card;
    events.push_back(make_event(std::move(data), text, Visibility::only({seat})));
    events.push_back(make_event(event_data(HighCardEvent::Kind::CardDrawnHidden, round_, seat),
                                seat_name(seat) + " draws a card", Visibility::all_but({seat})));
  }

  // Passes the turn, or ends the round when every seat still in has played.
  void advance(std::vector<Event>& events) {
    active_ = first_unplayed();
    if (active_ < 0) end_round(events);
  }

  void end_round(std::vector<Event>& events) {
    const int high = resolve_wagers();
    auto data = event_data(HighCardEvent::Kind::RoundEnded, round_);
    data.high_card = high;
    data.scores = scores();
    const std::string text =
        "round " + std::to_string(round_) + " ends; high card " + card_id(high);
    events.push_back(make_event(std::move(data), text, Visibility::all()));
    if (round_ >= rounds_) return finish_by_score("rounds_completed", events);
    if (someone_out_of_cards()) return finish_by_score("cards_exhausted", events);
    start_round();
  }

  int resolve_wagers() {
    int high = 0;
    for (const auto& s : seats_) {
      if (!s.out) high = std::max(high, s.played);
    }
    for (auto& s : seats_) {
      if (!s.out) s.score += s.played == high ? s.wager : -s.wager;
    }
    return high;
  }

  bool someone_out_of_cards() const {
    return std::any_of(seats_.begin(), seats_.end(),
                       [](const SeatState& s) { return !s.out && s.hand.empty(); });
  }

  void start_round() {
    ++round_;
    for (auto& s : seats_) s.played = s.wager = 0;
    active_ = first_unplayed();
  }

  std::vector<std::int64_t> scores() const {
    std::vector<std::int64_t> out;
    for (const auto& s : seats_) out.push_back(s.score);
    return out;
  }

  void finish_by_score(const std::string& reason, std::vector<Event>& events) {
    std::int64_t best = INT64_MIN;
    for (const auto& s : seats_) {
      if (!s.out) best = std::max(best, s.score);
    }
    std::vector<SeatIndex> winners;
    for (SeatIndex i = 0; i < seat_count(); ++i) {
      if (!seats_[i].out && seats_[i].score == best) winners.push_back(i);
    }
    if (winners.size() > 1) winners.clear();
    finish(winners, winners.empty(), reason, events);
  }

  void finish(std::vector<SeatIndex> winners, bool draw, const std::string& reason,
              std::vector<Event>& events) {
    result_ = rules::MatchResult{winners, draw, reason};
    active_ = -1;
    const std::string text = draw ? "the match is a draw (" + reason + ")"
                                  : seat_name(winners.front()) + " wins (" + reason + ")";
    auto data = event_data(HighCardEvent::Kind::MatchEnded, round_);
    data.scores = scores();
    data.winners = std::move(winners);
    data.draw = draw;
    data.reason = reason;
    events.push_back(make_event(std::move(data), text, Visibility::all()));
  }

  HighCardSeatView seat_view(SeatIndex i, const rules::Viewer& viewer) const {
    const SeatState& s = seats_[i];
    HighCardSeatView v{i, s.score, static_cast<unsigned>(s.hand.size()),
                       static_cast<unsigned>(s.deck.size()), s.out, std::nullopt, s.wager,
                       std::nullopt, std::nullopt};
    if (s.played != 0) v.played = card_id(s.played);
    const bool judge = viewer.kind == rules::Viewer::Kind::Judge;
    if (judge || viewer == rules::Viewer::of_seat(i)) v.hand = card_ids(s.hand);
    if (judge) v.deck = card_ids(std::vector<int>(s.deck.rbegin(), s.deck.rend()));
    return v;
  }

  static void hash_seat(rules::StateHasher& h, const SeatState& s) {
    h.add(s.score).add(s.out).add(s.played).add(s.wager);
    h.add(static_cast<std::uint64_t>(s.deck.size()));
    for (int v : s.deck) h.add(v);
    h.add(static_cast<std::uint64_t>(s.hand.size()));
    for (int v : s.hand) h.add(v);
  }

  void hash_result(rules::StateHasher& h) const {
    h.add(result_.has_value());
    if (!result_) return;
    h.add(result_->draw).add(std::string_view(result_->reason));
    h.add(static_cast<std::uint64_t>(result_->winners.size()));
    for (SeatIndex w : result_->winners) h.add(w);
  }

  rules::Rng rng_;
  bool fail_after_first_answer_ = false;  // test fault, not game state
  bool answered_ = false;
  std::vector<SeatState> seats_;
  int rounds_;
  int hand_size_;
  int round_ = 1;
  SeatIndex active_ = -1;
  std::optional<rules::MatchResult> result_;
};

// The deck's cards as values, in deck order (shuffled afterwards).
std::vector<int> deck_values(const rules::Deck& deck) {
  std::vector<int> out;
  for (const auto& section : deck.sections) {
    for (const auto& card : section.cards) out.insert(out.end(), card.count, *card_value(card.card));
  }
  return out;
}

SeatState deal_seat(const rules::Deck& deck, int hand_size, rules::Rng& rng) {
  SeatState s;
  s.deck = deck_values(deck);
  rng.shuffle(s.deck);
  for (int i = 0; i < hand_size && !s.deck.empty(); ++i) {
    s.hand.push_back(s.deck.back());
    s.deck.pop_back();
  }
  std::sort(s.hand.begin(), s.hand.end());
  return s;
}

bool setup_valid(const rules::MatchSetup& setup) {
  if (setup.seats.size() < 2 || setup.seats.size() > 4) return false;
  return std::all_of(setup.seats.begin(), setup.seats.end(), [](const rules::SeatSetup& s) {
    return s.deck && validate_highcard_deck(*s.deck).empty();
  });
}

std::vector<rules::OptionSpec> option_schema() {
  using Kind = rules::OptionSpec::Kind;
  return {{"rounds", "Number of rounds to play", Kind::Integer, "3", 1, 20, {}},
          {"hand_size", "Cards in hand", Kind::Integer, "3", 1, 7, {}},
          {"fault", "Test only: make the engine throw on creating the match or on the second answer", Kind::Choice,
           "none", 0, 0, {"none", "create", "answer"}}};
}

// Returns nullptr for an invalid setup (create's contract is resolved options
// and validated decks; this stays defensive rather than throwing).
std::unique_ptr<rules::Match> create_highcard(const rules::MatchSetup& setup) {
  const auto options = rules::resolve_options(option_schema(), setup.options);
  if (!options.ok() || !setup_valid(setup)) return nullptr;
  const int rounds = static_cast<int>(rules::option_int(options.values, "rounds"));
  const int hand_size = static_cast<int>(rules::option_int(options.values, "hand_size"));
  const std::string fault = options.values.at("fault");
  if (fault == "create") throw std::runtime_error("test fault: the engine failed to create the match");
  rules::Rng rng(setup.seed);
  std::vector<SeatState> seats;
  for (const auto& seat : setup.seats) seats.push_back(deal_seat(*seat.deck, hand_size, rng));
  auto match = std::make_unique<HighCardMatch>(rounds, hand_size, std::move(seats), rng);
  if (fault == "answer") match->fail_after_first_answer();
  return match;
}

}  // namespace

rules::GameDefinition highcard_definition() {
  rules::GameDefinition def;
  def.id = kHighCardId;
  def.name = "High Card Duel";
  def.min_seats = 2;
  def.max_seats = 4;
  def.needs_deck = true;
  def.options = option_schema();
  def.validate_deck = validate_highcard_deck;
  def.create = create_highcard;
  return def;
}

}  // namespace concord::testgame
