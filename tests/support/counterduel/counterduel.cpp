// Counter Duel: the engine.
//
// RULES
//  Setup   Exactly 2 seats, no deck, no options. Each seat gets a secret
//          number 1..1000 drawn from the match RNG (seat 0 first); only its
//          owner (and judges) may see it. The total starts at 0; seat 0 moves
//          first.
//  Turns   The seat to move has the prompt "move" with one option "add"
//          (value 1..3): it adds k to the shared total and passes the turn.
//          The other seat has no prompt (a submit from it is NOT_YOUR_TURN); k
//          outside 1..3 is VALUE_OUT_OF_RANGE; after the end every submit is
//          NO_PROMPT. The state counts accepted moves.
//  End     The mover whose move makes the total reach 100 or more wins
//          ("target_reached"). A seat that concedes loses ("conceded").
//  Events  moved (all: seat, k, total), seat_conceded, match_ended.
//  Views   Everyone sees the total, the move count and the seat to move; a
//          seat sees its own secret only; judges see both.
#include "counterduel/counterduel.hpp"

#include <array>
#include <memory>

#include "concord/rules/hash.hpp"
#include "concord/rules/rng.hpp"

namespace concord::counterduel {

namespace {

using rules::Event;
using rules::Outcome;
using rules::SeatIndex;

constexpr int kSeats = 2;

std::string kind_name(CounterDuelEvent::Kind kind) {
  switch (kind) {
    case CounterDuelEvent::Kind::Moved: return "moved";
    case CounterDuelEvent::Kind::SeatConceded: return "seat_conceded";
    case CounterDuelEvent::Kind::MatchEnded: return "match_ended";
  }
  return "unknown";
}

Event make_event(CounterDuelEvent data, std::string text) {
  std::string kind = kind_name(data.kind);
  return Event{std::move(kind), std::move(text), rules::Visibility::all(),
               std::make_shared<const CounterDuelEvent>(std::move(data))};
}

std::string seat_name(SeatIndex s) { return "seat " + std::to_string(s); }

// The game's one prompt, made once: every turn offers the same, so the seat
// to move is handed this one (shared_prompt) rather than a new copy per call.
const std::shared_ptr<const rules::Prompt>& move_prompt() {
  static const auto prompt = std::make_shared<const rules::Prompt>(
      rules::Prompt{"move", "Add 1 to 3 to the total; reaching 100 wins.", 1, 1,
                    {{"add", "Add k to the total", rules::ValueRange{1, kMaxStep}}}});
  return prompt;
}

class CounterDuelMatch final : public rules::Match {
 public:
  explicit CounterDuelMatch(std::array<std::int64_t, kSeats> secrets) : secrets_(secrets) {}

  std::optional<rules::Prompt> prompt(SeatIndex seat) const override {
    if (!prompted(seat)) return std::nullopt;
    return *move_prompt();
  }

  std::shared_ptr<const rules::Prompt> shared_prompt(SeatIndex seat) const override {
    return prompted(seat) ? move_prompt() : nullptr;
  }

  Outcome submit(SeatIndex seat, const rules::Answer& answer) override {
    if (result_) return Outcome::reject("NO_PROMPT", "the match is over");
    if (!valid_seat(seat)) return Outcome::reject("INVALID_SEAT", "no such seat");
    if (seat != active_) return Outcome::reject("NOT_YOUR_TURN", "it is " + seat_name(active_) + "'s turn");
    if (auto r = rules::check_answer_shape(*move_prompt(), answer)) return {false, {}, std::move(*r)};
    const int step = static_cast<int>(answer.choices.front().value);
    total_ += step;
    ++moves_;
    std::vector<Event> events;
    CounterDuelEvent moved{};
    moved.kind = CounterDuelEvent::Kind::Moved;
    moved.seat = seat;
    moved.step = step;
    moved.total = total_;
    events.push_back(make_event(moved, seat_name(seat) + " adds " + std::to_string(step) + ": total " +
                                           std::to_string(total_)));
    if (total_ >= kTarget) {
      finish(seat, "target_reached", events);
    } else {
      active_ = 1 - seat;
    }
    return Outcome::accept(std::move(events));
  }

  Outcome concede(SeatIndex seat) override {
    if (result_) return Outcome::reject("MATCH_OVER", "the match is over");
    if (!valid_seat(seat)) return Outcome::reject("INVALID_SEAT", "no such seat");
    std::vector<Event> events;
    CounterDuelEvent conceded{};
    conceded.kind = CounterDuelEvent::Kind::SeatConceded;
    conceded.seat = seat;
    conceded.total = total_;
    events.push_back(make_event(conceded, seat_name(seat) + " concedes"));
    finish(1 - seat, "conceded", events);
    return Outcome::accept(std::move(events));
  }

  std::unique_ptr<rules::View> view(const rules::Viewer& viewer) const override {
    auto v = std::make_unique<CounterDuelView>();
    v->viewer = viewer;
    v->total = total_;
    v->moves = moves_;
    v->active_seat = active_;
    v->finished = finished();
    v->winner = result_ ? result_->winners.front() : -1;
    for (SeatIndex i = 0; i < kSeats; ++i) {
      CounterDuelSeatView seat{i, std::nullopt};
      if (viewer.kind == rules::Viewer::Kind::Judge || viewer == rules::Viewer::of_seat(i)) {
        seat.secret = secrets_[static_cast<std::size_t>(i)];
      }
      v->seats.push_back(seat);
    }
    return v;
  }

  std::string state_hash_as(rules::StateHashVersion version) const override {
    rules::StateHasher h(version);
    h.add(std::string_view(kCounterDuelId)).add(total_).add(moves_).add(active_);
    for (std::int64_t secret : secrets_) h.add(secret);
    h.add(result_.has_value());
    if (result_) h.add(result_->winners.front()).add(std::string_view(result_->reason));
    return h.hex();
  }

  bool finished() const override { return result_.has_value(); }
  std::optional<rules::MatchResult> result() const override { return result_; }
  int seat_count() const override { return kSeats; }

 private:
  static bool valid_seat(SeatIndex seat) { return seat >= 0 && seat < kSeats; }
  bool prompted(SeatIndex seat) const { return !result_ && seat == active_; }

  void finish(SeatIndex winner, const std::string& reason, std::vector<Event>& events) {
    result_ = rules::MatchResult{{winner}, false, reason};
    active_ = -1;
    CounterDuelEvent ended{};
    ended.kind = CounterDuelEvent::Kind::MatchEnded;
    ended.total = total_;
    ended.winner = winner;
    ended.reason = reason;
    events.push_back(make_event(ended, seat_name(winner) + " wins (" + reason + ")"));
  }

  std::array<std::int64_t, kSeats> secrets_;
  int total_ = 0;
  std::uint64_t moves_ = 0;
  SeatIndex active_ = 0;
  std::optional<rules::MatchResult> result_;
};

std::unique_ptr<rules::Match> create_counterduel(const rules::MatchSetup& setup) {
  if (setup.seats.size() != kSeats) return nullptr;
  rules::Rng rng(setup.seed);
  std::array<std::int64_t, kSeats> secrets{};
  for (auto& secret : secrets) secret = rng.between(1, kSecretMax);
  return std::make_unique<CounterDuelMatch>(secrets);
}

}  // namespace

std::string CounterDuelView::to_text() const {
  std::string out = "total " + std::to_string(total) + ", moves " + std::to_string(moves);
  out += finished ? ", finished, winner seat " + std::to_string(winner)
                  : ", seat " + std::to_string(active_seat) + " to move";
  for (const auto& seat : seats) {
    if (seat.secret) out += "\nseat " + std::to_string(seat.index) + " secret " + std::to_string(*seat.secret);
  }
  return out + "\n";
}

rules::GameDefinition counterduel_definition() {
  rules::GameDefinition def;
  def.id = kCounterDuelId;
  def.name = "Counter Duel";
  def.min_seats = kSeats;
  def.max_seats = kSeats;
  def.needs_deck = false;
  def.create = create_counterduel;
  return def;
}

}  // namespace concord::counterduel
