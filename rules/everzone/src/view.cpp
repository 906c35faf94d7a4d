#include "concord/everzone/view.hpp"

#include <bitset>
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

// Element i of `v`, added when v has only i elements: vectors filled in
// place keep what their elements allocated in an earlier projection.
template <typename T>
T& at_or_add(std::vector<T>& v, std::size_t i) {
  return i < v.size() ? v[i] : v.emplace_back();
}

// The instances in some hand, deck or face down (not public), found once per
// state for all its viewers' lasting effects rather than by scanning those
// zones for every card each viewer's effects name. Up to kMasked instances
// (a match has far fewer); beyond, Projector scans.
constexpr std::size_t kMasked = 1024;
using HiddenMask = std::bitset<kMasked>;

bool mask_hidden(const GameState& s, HiddenMask& out) {
  if (s.card_of.size() > kMasked) return false;
  out.reset();
  for (const auto& p : s.players)
    for (const auto* zone : {&p.hand, &p.deck, &p.deployed})
      for (int c : *zone) out.set(static_cast<std::size_t>(c));
  return true;
}

// Projects the view of one viewer with cards of type C: CardEntry (named) or
// int (instance numbers, EverZoneViewIds). The one place that decides what a
// viewer sees, whatever the card type. It fills views in place, so that a
// view projected again into the same fields reuses their memory; `sides` are
// sides(s), computed once for all the viewers of a state.
template <typename C>
class Projector {
 public:
  // `hidden`: mask_hidden's for this state, or null.
  Projector(const CardDb& db, const GameState& s, const rules::Viewer& v, const std::vector<Side>& sides,
            const HiddenMask* hidden = nullptr)
      : db_(db), s_(s), v_(v), sides_(sides), hidden_(hidden) {}

  void list(const std::vector<int>& cards, std::vector<C>& out) const {
    if constexpr (std::is_same_v<C, int>) {
      out.assign(cards.begin(), cards.end());
    } else {
      out.clear();
      out.reserve(cards.size());
      for (int c : cards) fill_entry(db_, s_, c, out.emplace_back());  // in place: no temporary moved in
    }
  }

  // `out` holds `cards` if `shown`, else nothing.
  void list_if(bool shown, const std::vector<int>& cards, std::optional<std::vector<C>>& out) const {
    if (!shown) {
      out.reset();
      return;
    }
    if (!out) out.emplace();
    list(cards, *out);
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
    if (hidden_ && c >= 0 && static_cast<std::size_t>(c) < kMasked) return !hidden_->test(static_cast<std::size_t>(c));
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

  void lingering(std::vector<BasicEffectView<C>>& out) const {
    std::size_t n = 0;
    for (const auto& e : s_.lingering)
      if (e.source >= 0 && visible(e.source)) effect(e, at_or_add(out, n++));
    out.resize(n);
  }

  void effect(const Effect& e, BasicEffectView<C>& v) const {
    v.source = one(e.source);
    v.seat = e.seat;
    v.cards.clear();
    for (int c : e.cards)
      if (visible(c)) v.cards.push_back(one(c));
    v.change = change_name(e);
    v.amount = e.amount;
    v.lasts = lasts_name(e.lasts);
    v.active = effect_applies_now(db_, s_, e);
  }

  // `armies`: this state's (armies()), or null: a seat alone in its army has
  // that army's values, counted once.
  void seat(int i, BasicSeatView<C>& sv, const std::vector<ArmyView>* armies) const {
    const auto& p = s_.players.at(static_cast<std::size_t>(i));
    const bool judge = v_.kind == rules::Viewer::Kind::Judge;
    const bool own = judge || (v_.kind == rules::Viewer::Kind::Seat && v_.seat == i);
    sv.seat = i;
    sv.cp = p.cp;
    sv.surrenders = p.surrenders;
    sv.leader_alive = p.leader_alive;
    sv.hand_count = static_cast<int>(p.hand.size());
    sv.deck_count = static_cast<int>(p.deck.size());
    sv.deployed_count = static_cast<int>(p.deployed.size());
    sv.has_prompt = p.waiting && !p.answered && s_.phase != Phase::Over;
    sv.has_chosen = p.answered;
    sv.army = s_.location >= 0 ? army_values(i, armies) : Values{};
    list_if(own, p.hand, sv.hand);
    list_if(own, p.deployed, sv.deployed);
    list_if(judge, p.deck, sv.deck);
    if (own && p.answered) sv.secret = secret(p);
    else sv.secret.reset();
    list(p.active, sv.active);
    list(p.withdrawn, sv.withdrawn);
    list(p.supports, sv.supports);
    list(p.retreated, sv.retreated);
    list(p.fallen, sv.fallen);
    sv.team = p.team;
    sv.target = p.target;
    sv.eliminated = p.eliminated;
    allies(i, sv.allies);
  }

  Values army_values(int i, const std::vector<ArmyView>* armies) const {
    if (armies) {
      for (const auto& a : *armies)
        if (a.seats.size() == 1 && a.seats[0] == i) return a.values;
    }
    return Army(db_, s_, i).totals();
  }

  // The other seats of seat i's side.
  void allies(int i, std::vector<int>& out) const {
    out.clear();
    const int side = side_of(sides_, i);
    if (side < 0) return;
    for (int other : sides_[static_cast<std::size_t>(side)].seats)
      if (other != i) out.push_back(other);
  }

  // What only seat i (and judges) see of seat i; views() sends it to seat i alone.
  void own_seat(int i, BasicSeatPrivate<C>& out) const {
    const auto& p = s_.players.at(static_cast<std::size_t>(i));
    list(p.hand, out.hand);
    list(p.deployed, out.deployed);
    if (p.answered) out.secret = secret(p);
    else out.secret.reset();
  }

  std::vector<std::string> secret(const PlayerState& p) const {
    if (s_.phase == Phase::Surrender) return {p.surrender ? "surrender" : "continue"};
    if (s_.phase == Phase::Target) return {"target_" + std::to_string(p.secret_target)};
    std::vector<std::string> out;
    CardEntry entry;
    for (int c : p.secret) {
      fill_entry(db_, s_, c, entry);
      out.push_back(text_of(entry));
    }
    return out;
  }

  void armies(std::vector<ArmyView>& out) const {
    if (s_.location < 0) {
      out.clear();
      return;
    }
    out.resize(sides_.size());
    for (std::size_t i = 0; i < sides_.size(); ++i) army(sides_[i], out[i]);
  }

  void army(const Side& side, ArmyView& a) const {
    a.seats = side.seats;
    if (side.target >= 0) a.attacks = sides_[static_cast<std::size_t>(side.target)].seats;
    else a.attacks.clear();
    a.shared_limit = side.shared_limit;
    a.values = Army(db_, s_, side.seats).totals();
  }

  // The fields of the view; EverZoneView's viewer is set by the caller.
  void build(BasicViewFields<C>* view) const {
    view->phase = phase_name(s_.phase);
    if (s_.location >= 0) {
      const auto& location = db_.at(s_.location);
      view->location = location.name;
      view->turns = location.turns();
      view->resource_limit = Army(db_, s_, 0).limit();
    } else {
      view->location.clear();
      view->turns = view->resource_limit = 0;
    }
    view->turn = s_.turn;
    view->battle_deck_count = static_cast<int>(s_.battle_deck.size());
    armies(view->armies);
    view->seats.resize(s_.players.size());
    for (std::size_t i = 0; i < s_.players.size(); ++i) seat(static_cast<int>(i), view->seats[i], &view->armies);
    view->teams = s_.teams;
    view->after_clash = s_.after_clash;
    list(s_.effects, view->effects);
    list(s_.abilities, view->abilities);
    list(captured_units(s_), view->captured);
    lingering(view->lingering);
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
  const std::vector<Side>& sides_;
  const HiddenMask* hidden_;
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
  const auto all = sides(state_);
  return Projector<CardEntry>(db_, state_, viewer, all).build();
}

namespace {

// The spectators' view in *common, then per viewer its own part: filled in
// place (`out` may hold the views of an earlier state, `all` its sides).
template <typename C, typename Views, typename Common>
void project_together(const CardDb& db, const GameState& s, const std::vector<rules::Viewer>& viewers,
                      Common& common, Views& out, std::vector<Side>& all) {
  sides(s, all);
  HiddenMask mask;
  const HiddenMask* hidden = !s.lingering.empty() && mask_hidden(s, mask) ? &mask : nullptr;
  const auto spectator = rules::Viewer::spectator();
  Projector<C>(db, s, spectator, all, hidden).build(&common);
  out.own.resize(viewers.size());
  out.lingering.resize(viewers.size());
  for (std::size_t i = 0; i < viewers.size(); ++i) {
    const auto& viewer = viewers[i];
    if (viewer.kind != rules::Viewer::Kind::Seat) {
      out.own[i].reset();
      out.lingering[i] = common.lingering;
      continue;
    }
    const Projector<C> projector(db, s, viewer, all, hidden);
    if (!out.own[i]) out.own[i].emplace();
    projector.own_seat(viewer.seat, *out.own[i]);
    projector.lingering(out.lingering[i]);
  }
}

}  // namespace

EverZoneViews EverZoneMatch::views(const std::vector<rules::Viewer>& viewers) const {
  EverZoneViews out;
  out.common = std::make_unique<EverZoneView>();
  out.common->viewer = rules::Viewer::spectator();
  std::vector<Side> all;
  project_together<CardEntry>(db_, state_, viewers, *out.common, out, all);
  return out;
}

EverZoneViewIds EverZoneMatch::view_ids(const std::vector<rules::Viewer>& viewers) const {
  EverZoneViewIds out;
  view_ids(viewers, out);
  return out;
}

void EverZoneMatch::view_ids(const std::vector<rules::Viewer>& viewers, EverZoneViewIds& out) const {
  project_together<int>(db_, state_, viewers, out.common, out, out.sides);
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
