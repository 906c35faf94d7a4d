#include "concord/everzone/view.hpp"

#include <type_traits>

#include "concord/everzone/army.hpp"
#include "concord/everzone/everzone_match.hpp"
#include "concord/everzone/sides.hpp"
#include "engine.hpp"

namespace concord::everzone {
namespace {

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Refresh: return "battle";
    case Phase::Deploy: return "deployment";
    case Phase::Activate: return "activation";
    case Phase::Withdraw: return "withdrawal";
    case Phase::Reactivate: return "reactivation";
    case Phase::Support: return "support";
    case Phase::Target: return "targeting";
    case Phase::Surrender: return "surrender";
    case Phase::Retreat: return "retreat";
    case Phase::Effect: return "effect";
    case Phase::Clash: return "clash";
    case Phase::Over: return "over";
  }
  return "over";
}

// "Meraud (c17)"
std::string text_of(const CardEntry& c) { return c.name + " (" + c.ref + ")"; }

// Card instance c as a view names it.
void fill_entry(const CardDb& db, const GameState& s, int c, CardEntry& entry) {
  const Card& card = db.at(s.card_of.at(static_cast<std::size_t>(c)));
  entry.ref = instance_id(c);
  entry.card_id = card.id;
  entry.name = card.name;
}

// Projects the view of one viewer with cards of type C: CardEntry (named) or
// int (instance numbers, EverZoneViewIds). The one place that decides what a
// viewer sees, whatever the card type.
template <typename C>
class Projector {
 public:
  Projector(const CardDb& db, const GameState& s, const rules::Viewer& v) : db_(db), s_(s), v_(v) {}

  std::vector<C> list(const std::vector<int>& cards) const {
    if constexpr (std::is_same_v<C, int>) {
      return cards;
    } else {
      std::vector<CardEntry> out;
      out.reserve(cards.size());
      for (int c : cards) fill_entry(db_, s_, c, out.emplace_back());  // in place: no temporary moved in
      return out;
    }
  }

  C one(int c) const {
    if constexpr (std::is_same_v<C, int>) {
      return c;
    } else {
      CardEntry entry;
      fill_entry(db_, s_, c, entry);
      return entry;
    }
  }

  // Public: not in a hand, a deck or face down.
  bool is_public(int c) const {
    for (const auto& p : s_.players)
      for (const auto* zone : {&p.hand, &p.deck, &p.deployed})
        if (contains(*zone, c)) return false;
    return true;
  }

  // What this viewer may see of card c: a judge everything, a seat also its
  // own hand and face-down cards (the zones its SeatView lists for it).
  bool visible(int c) const {
    if (v_.kind == rules::Viewer::Kind::Judge) return true;
    if (v_.kind == rules::Viewer::Kind::Seat) {
      const auto& own = s_.players.at(static_cast<std::size_t>(v_.seat));
      if (contains(own.hand, c) || contains(own.deployed, c)) return true;
    }
    return is_public(c);
  }

  std::vector<BasicEffectView<C>> lingering() const {
    std::vector<BasicEffectView<C>> out;
    for (const auto& e : s_.lingering) {
      if (e.source < 0 || !visible(e.source)) continue;
      BasicEffectView<C> v;
      v.source = one(e.source);
      v.seat = e.seat;
      for (int c : e.cards)
        if (visible(c)) v.cards.push_back(one(c));
      v.change = change_name(e);
      v.amount = e.amount;
      v.lasts = lasts_name(e.lasts);
      v.active = effect_applies_now(db_, s_, e);
      out.push_back(std::move(v));
    }
    return out;
  }

  BasicSeatView<C> seat(int i) const {
    const auto& p = s_.players.at(static_cast<std::size_t>(i));
    const bool own = v_.kind == rules::Viewer::Kind::Judge ||
                     (v_.kind == rules::Viewer::Kind::Seat && v_.seat == i);
    BasicSeatView<C> sv;
    sv.seat = i;
    sv.cp = p.cp;
    sv.surrenders = p.surrenders;
    sv.leader_alive = p.leader_alive;
    sv.hand_count = static_cast<int>(p.hand.size());
    sv.deck_count = static_cast<int>(p.deck.size());
    sv.deployed_count = static_cast<int>(p.deployed.size());
    sv.has_prompt = p.waiting && !p.answered && s_.phase != Phase::Over;
    sv.has_chosen = p.answered;
    if (s_.location >= 0) sv.army = Army(db_, s_, i).totals();
    if (own) {
      auto mine = own_seat(i);
      sv.hand = std::move(mine.hand);
      sv.deployed = std::move(mine.deployed);
      sv.secret = std::move(mine.secret);
    }
    if (v_.kind == rules::Viewer::Kind::Judge) sv.deck = list(p.deck);
    sv.active = list(p.active);
    sv.withdrawn = list(p.withdrawn);
    sv.supports = list(p.supports);
    sv.retreated = list(p.retreated);
    sv.fallen = list(p.fallen);
    sv.team = p.team;
    sv.target = p.target;
    sv.eliminated = p.eliminated;
    for (const auto& side : sides(s_))
      if (side_of({side}, i) == 0)
        for (int other : side.seats)
          if (other != i) sv.allies.push_back(other);
    return sv;
  }

  // What only seat i (and judges) see of seat i; views() sends it to seat i alone.
  BasicSeatPrivate<C> own_seat(int i) const {
    const auto& p = s_.players.at(static_cast<std::size_t>(i));
    BasicSeatPrivate<C> out{list(p.hand), list(p.deployed), std::nullopt};
    if (p.answered) out.secret = secret(p);
    return out;
  }

  std::vector<std::string> secret(const PlayerState& p) const {
    if (s_.phase == Phase::Surrender) return {p.surrender ? "surrender" : "continue"};
    if (s_.phase == Phase::Target) return {"target_" + std::to_string(p.secret_target)};
    std::vector<std::string> out;
    for (const auto& card : Projector<CardEntry>(db_, s_, v_).list(p.secret)) out.push_back(text_of(card));
    return out;
  }

  std::vector<ArmyView> armies() const {
    std::vector<ArmyView> out;
    if (s_.location < 0) return out;
    const auto all = sides(s_);
    for (const auto& side : all) {
      ArmyView a;
      a.seats = side.seats;
      if (side.target >= 0) a.attacks = all[static_cast<std::size_t>(side.target)].seats;
      a.shared_limit = side.shared_limit;
      a.values = Army(db_, s_, side.seats).totals();
      out.push_back(std::move(a));
    }
    return out;
  }

  // The fields of the view; EverZoneView's viewer is set by the caller.
  void build(BasicViewFields<C>* view) const {
    view->phase = phase_name(s_.phase);
    if (s_.location >= 0) {
      view->location = db_.at(s_.location).name;
      view->turns = db_.at(s_.location).turns();
      view->resource_limit = Army(db_, s_, 0).limit();
    }
    view->turn = s_.turn;
    view->battle_deck_count = static_cast<int>(s_.battle_deck.size());
    view->seats.reserve(s_.players.size());
    for (int i = 0; i < static_cast<int>(s_.players.size()); ++i) view->seats.push_back(seat(i));
    view->teams = s_.teams;
    view->after_clash = s_.after_clash;
    view->effects = list(s_.effects);
    view->abilities = list(s_.abilities);
    view->captured = list(captured_units(s_));
    view->lingering = lingering();
    view->armies = armies();
    view->result = s_.result;
  }

  std::unique_ptr<EverZoneView> build() const {
    auto view = std::make_unique<EverZoneView>();
    view->viewer = v_;
    build(view.get());
    return view;
  }

 private:
  const CardDb& db_;
  const GameState& s_;
  const rules::Viewer& v_;
};

void put_list(std::string& out, const char* label, const std::vector<std::string>& items) {
  out += "  ";
  out += label;
  out += ":";
  for (const auto& i : items) {
    out += " ";
    out += i;
  }
  out += "\n";
}

void put_list(std::string& out, const char* label, const std::vector<CardEntry>& cards) {
  std::vector<std::string> items;
  for (const auto& c : cards) items.push_back(text_of(c));
  put_list(out, label, items);
}

}  // namespace

std::unique_ptr<rules::View> EverZoneMatch::view(const rules::Viewer& viewer) const {
  return Projector<CardEntry>(db_, state_, viewer).build();
}

namespace {

// The spectators' view in *common, then per viewer its own part.
template <typename C, typename Views, typename Common>
void project_together(const CardDb& db, const GameState& s, const std::vector<rules::Viewer>& viewers,
                      Common& common, Views& out) {
  const auto spectator = rules::Viewer::spectator();
  Projector<C>(db, s, spectator).build(&common);
  for (const auto& viewer : viewers) {
    const Projector<C> projector(db, s, viewer);
    const bool seat = viewer.kind == rules::Viewer::Kind::Seat;
    out.own.push_back(seat ? std::optional<BasicSeatPrivate<C>>(projector.own_seat(viewer.seat)) : std::nullopt);
    out.lingering.push_back(seat ? projector.lingering() : common.lingering);
  }
}

}  // namespace

EverZoneViews EverZoneMatch::views(const std::vector<rules::Viewer>& viewers) const {
  EverZoneViews out;
  out.common = std::make_unique<EverZoneView>();
  out.common->viewer = rules::Viewer::spectator();
  project_together<CardEntry>(db_, state_, viewers, *out.common, out);
  return out;
}

EverZoneViewIds EverZoneMatch::view_ids(const std::vector<rules::Viewer>& viewers) const {
  EverZoneViewIds out;
  project_together<int>(db_, state_, viewers, out.common, out);
  return out;
}

CardEntry EverZoneMatch::card_entry(int instance) const {
  CardEntry entry;
  fill_entry(db_, state_, instance, entry);
  return entry;
}

EverZoneView EverZoneViews::view_of(std::size_t i, const rules::Viewer& viewer) const {
  EverZoneView view = *common;
  view.viewer = viewer;
  view.lingering = lingering.at(i);
  if (const auto& mine = own.at(i)) {
    auto& seat = view.seats.at(static_cast<std::size_t>(viewer.seat));
    seat.hand = mine->hand;
    seat.deployed = mine->deployed;
    seat.secret = mine->secret;
  }
  return view;
}

std::string EverZoneView::to_text() const {
  std::string out = "phase ";
  out += phase;
  out += " location ";
  out += location.empty() ? "-" : location;
  out += " turn " + std::to_string(turn) + "/" + std::to_string(turns);
  out += " limit " + std::to_string(resource_limit);
  out += " battle_deck " + std::to_string(battle_deck_count);
  if (after_clash) out += " after_clash";
  out += "\n";
  if (!effects.empty()) put_list(out, "effects stack", effects);
  if (!abilities.empty()) put_list(out, "abilities stack", abilities);
  if (!captured.empty()) put_list(out, "captured", captured);
  for (const auto& e : lingering) {
    std::vector<std::string> items = {text_of(e.source), e.change, std::to_string(e.amount), e.lasts};
    if (!e.active) items.push_back("suspended");
    for (const auto& c : e.cards) items.push_back(text_of(c));
    put_list(out, "effect", items);
  }
  for (const auto& s : seats) {
    out += "seat " + std::to_string(s.seat) + " cp " + std::to_string(s.cp) + " surrenders " +
           std::to_string(s.surrenders) + " hand " + std::to_string(s.hand_count) + " deck " +
           std::to_string(s.deck_count) + " deployed " + std::to_string(s.deployed_count) + " army " +
           std::to_string(s.army.attack) + "/" + std::to_string(s.army.defense) + "/" +
           std::to_string(s.army.target) + "/" + std::to_string(s.army.resource) +
           (s.has_chosen ? " chosen" : "") + (s.has_prompt ? " to_act" : "") + " team " + std::to_string(s.team) +
           (s.target >= 0 ? " target " + std::to_string(s.target) : "") + (s.eliminated ? " eliminated" : "") + "\n";
    if (s.hand) put_list(out, "hand", *s.hand);
    if (s.deployed) put_list(out, "deployed", *s.deployed);
    if (s.secret) put_list(out, "choice", *s.secret);
    if (s.deck) put_list(out, "deck", *s.deck);
    put_list(out, "active", s.active);
    put_list(out, "withdrawn", s.withdrawn);
    put_list(out, "supports", s.supports);
    put_list(out, "retreated", s.retreated);
    put_list(out, "fallen", s.fallen);
  }
  for (const auto& a : armies) {
    out += "army seats";
    for (int x : a.seats) {
      out += ' ';
      out += std::to_string(x);
    }
    out += " attacks";
    for (int x : a.attacks) {
      out += ' ';
      out += std::to_string(x);
    }
    out += std::string(a.shared_limit ? " shared_limit" : "") + " values " + std::to_string(a.values.attack) + "/" +
           std::to_string(a.values.defense) + "/" + std::to_string(a.values.target) + "/" +
           std::to_string(a.values.resource) + "\n";
  }
  if (result) out += result->draw ? "result truce\n" : "result won\n";
  return out;
}

}  // namespace concord::everzone
