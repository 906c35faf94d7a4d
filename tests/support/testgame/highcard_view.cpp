// High Card Duel: the human-readable rendering of a view. It prints exactly
// the fields of the view, so it contains only what the viewer may see.
#include "testgame/highcard.hpp"

namespace concord::testgame {

namespace {

std::string viewer_text(const rules::Viewer& v) {
  switch (v.kind) {
    case rules::Viewer::Kind::Seat:
      return "seat " + std::to_string(v.seat);
    case rules::Viewer::Kind::Spectator:
      return "spectator";
    case rules::Viewer::Kind::Judge:
      return "judge";
  }
  return "unknown";
}

std::string cards_text(const std::vector<std::string>& cards) {
  std::string out;
  for (const auto& c : cards) out += " " + c;
  return out;
}

std::string seat_text(const HighCardSeatView& s) {
  const std::string prefix = "seat " + std::to_string(s.index);
  std::string out = prefix + ": score " + std::to_string(s.score) + ", hand " +
                    std::to_string(s.hand_count) + ", deck " + std::to_string(s.deck_count);
  if (s.played) out += ", played " + *s.played + " wager " + std::to_string(s.wager);
  if (s.out) out += ", out";
  out += "\n";
  if (s.hand) out += prefix + " hand:" + cards_text(*s.hand) + "\n";
  if (s.deck) out += prefix + " deck (top first):" + cards_text(*s.deck) + "\n";
  return out;
}

std::string result_text(const rules::MatchResult& r) {
  if (r.draw) return "result: draw (" + r.reason + ")\n";
  std::string out = "result: winner";
  for (int w : r.winners) out += " seat " + std::to_string(w);
  return out + " (" + r.reason + ")\n";
}

}  // namespace

std::string HighCardView::to_text() const {
  std::string out = "High Card Duel for " + viewer_text(viewer) + ": round " +
                    std::to_string(round) + " of " + std::to_string(rounds);
  out += finished ? ", finished\n" : ", active seat " + std::to_string(active_seat) + "\n";
  for (const auto& s : seats) out += seat_text(s);
  if (result) out += result_text(*result);
  return out;
}

}  // namespace concord::testgame
