// Card data loading: protobuf text format parsing with line-numbered errors,
// then semantic checks (ids, types, numbers, per-type fields).
#include "card_loader.hpp"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <algorithm>
#include <set>

#include "eve_genesis/eve_cards.pb.h"

namespace concord::eve {

namespace {

namespace pb = google::protobuf;

class Collector final : public pb::io::ErrorCollector {
 public:
  Collector(const std::string& source, std::vector<std::string>& errors)
      : source_(source), errors_(errors) {}
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    errors_.push_back(where(source_, line, column) + message);
  }
  void AddWarning(int line, pb::io::ColumnNumber column, const std::string& message) override {
    AddError(line, column, message);
  }
  static std::string where(const std::string& source, int line, int column) {
    std::string out = source;
    out += ':';
    out += std::to_string(line + 1);
    out += ':';
    out += std::to_string(column + 1);
    out += ": ";
    return out;
  }

 private:
  const std::string& source_;
  std::vector<std::string>& errors_;
};

// Reports problems of one card at the location of a field (or of the card).
class CardChecker {
 public:
  CardChecker(const std::string& source, const pb::TextFormat::ParseInfoTree* tree,
              pb::TextFormat::ParseLocation card_at, const data::Card& card,
              std::vector<std::string>& errors)
      : source_(source), tree_(tree), card_at_(card_at), card_(card), errors_(errors) {}

  void fail(const std::string& field, const std::string& message) {
    auto at = card_at_;
    const auto* fd = data::Card::descriptor()->FindFieldByName(field);
    if (fd && tree_ && !fd->is_repeated()) {
      auto loc = tree_->GetLocation(fd, -1);
      if (loc.line >= 0) at = loc;
    }
    std::string msg = Collector::where(source_, at.line, at.column);
    msg += "card '";
    msg += card_.id();
    msg += "': ";
    msg += message;
    errors_.push_back(std::move(msg));
  }

 private:
  const std::string& source_;
  const pb::TextFormat::ParseInfoTree* tree_;
  pb::TextFormat::ParseLocation card_at_;
  const data::Card& card_;
  std::vector<std::string>& errors_;
};

bool valid_id(const std::string& id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

bool has(const data::Card& c, const char* field) {
  const auto* fd = data::Card::descriptor()->FindFieldByName(field);
  const auto* refl = data::Card::GetReflection();
  return fd->is_repeated() ? refl->FieldSize(c, fd) > 0 : refl->HasField(c, fd);
}

// Fields each type may carry besides the common ones.
const std::set<std::string>& allowed_fields(data::CardType type) {
  static const std::set<std::string> base = {"shield", "income", "locations",
                                             "locations_unlimited", "upgraded", "upgrade_as_news"};
  static const std::set<std::string> region = {"cost", "income", "locations",
                                               "locations_unlimited", "static_ability",
                                               "effect", "locations_locked"};
  static const std::set<std::string> ship = {"cost", "x_cost", "shield", "attack", "build",
                                             "order", "limited", "income", "effect", "keyword",
                                             "static_ability", "faction"};
  static const std::set<std::string> news = {"cost", "x_cost", "duration", "duration_infinite",
                                             "limited", "effect", "x_is_target_cost",
                                             "no_attack_jumps", "static_ability"};
  static const std::set<std::string> structure = {"cost", "x_cost", "shield", "income",
                                                  "limited", "effect", "static_ability"};
  static const std::set<std::string> location = {"cost", "x_cost", "income", "mineral_volume",
                                                 "limited", "effect", "static_ability"};
  static const std::set<std::string> character = {"cost", "x_cost", "clone_cost", "order",
                                                  "limited", "effect"};
  static const std::set<std::string> none;
  switch (type) {
    case data::BASE: return base;
    case data::REMOTE_REGION: return region;
    case data::SHIP: return ship;
    case data::NEWS: return news;
    case data::STRUCTURE: return structure;
    case data::LOCATION: return location;
    case data::CHARACTER: return character;
    default: return none;
  }
}

const std::set<std::string>& typed_fields() {
  static const std::set<std::string> all = {
      "cost",   "x_cost",   "income",   "shield",   "attack", "build", "duration",
      "duration_infinite", "locations", "locations_unlimited", "mineral_volume",
      "clone_cost", "order", "upgraded", "limited", "effect", "x_is_target_cost",
      "no_attack_jumps", "keyword",
      "locations_locked", "static_ability", "upgrade_as_news", "faction"};
  return all;
}

bool known_handler(const std::string& h) {
  return h == "cathedral" || h == "beggars_emporium" || h == "cult_of_tetrimon" || h == "sanshas_scout_outpost" ||
         h == "sanshas_nation" || h == "dam_torsad";
}

void check_numbers(const data::Card& c, CardChecker& check) {
  const auto* desc = data::Card::descriptor();
  for (int i = 0; i < desc->field_count(); ++i) {
    const auto* fd = desc->field(i);
    if (fd->cpp_type() != pb::FieldDescriptor::CPPTYPE_INT32 || fd->is_repeated()) continue;
    if (data::Card::GetReflection()->GetInt32(c, fd) < 0) {
      check.fail(fd->name(), fd->name() + " must not be negative");
    }
  }
}

void check_chosen(const data::Card& c, CardChecker& check) {
  const auto* desc = data::Card::descriptor();
  for (const auto& name : c.chosen()) {
    if (!desc->FindFieldByName(name) || name == "chosen" || name == "id") {
      check.fail("chosen", "chosen names unknown field '" + name + "'");
    }
  }
}

void check_type_fields(const data::Card& c, CardChecker& check) {
  const auto& allowed = allowed_fields(c.type());
  for (const auto& field : typed_fields()) {
    if (has(c, field.c_str()) && !allowed.count(field)) {
      check.fail(field, field + " does not apply to a " +
                            data::CardType_Name(c.type()) + " card");
    }
  }
}

void check_change(const data::Change& ch, CardChecker& check, const char* field) {
  if (ch.kind() == data::CHANGE_NONE) check.fail(field, "a change needs a kind");
  const bool numeric = ch.kind() == data::SHIELD || ch.kind() == data::ATTACK || ch.kind() == data::JAM_STRENGTH;
  if (numeric != (ch.amount() != 0)) check.fail(field, "SHIELD, ATTACK and JAM_STRENGTH need an amount, others none");
  if (ch.order() != data::ORDER_UNSPECIFIED && ch.kind() != data::CANNOT_EXECUTE) {
    check.fail(field, "order: CANNOT_EXECUTE only");
  }
}

// The issue-12 vocabulary: ADD_EFFECT carries changes, MOVE_TARGET a zone.
void check_vocabulary(const data::Card& c, const data::Effect& e, CardChecker& check) {
  if ((e.kind() == data::ADD_EFFECT) != (e.change_size() > 0)) {
    check.fail("effect", "ADD_EFFECT needs at least one change, other kinds none");
  }
  for (const auto& ch : e.change()) check_change(ch, check, "effect");
  if ((e.kind() == data::MOVE_TARGET) != (e.to() != data::ZONE_UNSPECIFIED)) {
    check.fail("effect", "MOVE_TARGET needs `to`, other kinds none");
  }
  if (e.target() == data::TARGET_PILOTED_SHIP && c.type() != data::CHARACTER) {
    check.fail("effect", "TARGET_PILOTED_SHIP: characters only");
  }
  if (e.kind() != data::ADD_EFFECT && (e.duration() != data::WHILE_SOURCE_IN_PLAY || e.condition() != data::ALWAYS)) {
    check.fail("effect", "duration and condition: ADD_EFFECT only");
  }
}

void check_required(const data::Card& c, CardChecker& check) {
  if (c.type() == data::CARD_TYPE_UNSPECIFIED) check.fail("type", "type is required");
  if (c.name().empty()) check.fail("name", "name is required");
  if (c.type() == data::SHIP && c.shield() <= 0) check.fail("shield", "a ship needs shield > 0");
  if (c.type() == data::BASE && !c.has_upgraded()) {
    check.fail("upgraded", "a base needs its upgraded side");
  }
  if (c.type() == data::BASE && c.race_size() != 1) check.fail("race", "a base has one race");
  if (c.type() == data::BASE && c.shield() <= 0) check.fail("shield", "a base needs shield > 0");
  std::set<int> kinds;
  for (const auto& o : c.order()) {
    if (o.kind() == data::ORDER_UNSPECIFIED) check.fail("order", "order needs a kind");
    if (!kinds.insert(o.kind()).second) check.fail("order", "order kinds must be different");
  }
  for (const auto& o : c.keyword()) {
    const bool ok = o.kind() == data::JAM || o.kind() == data::KAMIKAZE || o.kind() == data::SENSOR_DAMPEN ||
                    o.kind() == data::WARP_SCRAMBLE;
    if (!ok || o.strength() <= 0) check.fail("keyword", "keyword: JAM, KAMIKAZE, SENSOR_DAMPEN or WARP_SCRAMBLE with strength > 0");
  }
  int targeted = 0;
  for (const auto& e : c.effect()) {
    if (e.kind() == data::EFFECT_UNSPECIFIED) check.fail("effect", "effect needs a kind");
    if (e.trigger() != data::ACTIVATED && (e.trigger() == data::WHEN_RESOLVED) != (c.type() == data::NEWS)) {
      check.fail("effect", "News effects happen when resolved; other cards need a trigger");
    }
    if ((e.kind() == data::HANDLER) != !e.handler().empty() ||
        (e.kind() == data::HANDLER && !known_handler(e.handler()))) {
      check.fail("effect", "HANDLER needs a known handler (cathedral, beggars_emporium, cult_of_tetrimon, "
                           "sanshas_scout_outpost), other kinds none");
    }
    const bool needs = e.kind() == data::MOVE_TARGET || e.kind() == data::DESTROY_TARGET ||
                       e.kind() == data::DAMAGE_TARGET || e.kind() == data::ADD_EFFECT ||
                       e.kind() == data::PUT_LOCATION_FROM_SCRAPHEAP || e.kind() == data::GIVE_ORDER ||
                       e.kind() == data::FORCE_WITHDRAW_TARGET || e.kind() == data::RETURN_SHIPS_HOME;
    check_vocabulary(c, e, check);
    const bool activated_only = e.cost_credits() != 0 || e.cost() != data::COST_NONE ||
                                e.target_attacking() || e.role() != data::ANY_ROLE;
    if (activated_only && e.trigger() != data::ACTIVATED) {
      check.fail("effect", "costs, target_attacking and role belong to ACTIVATED abilities");
    }
    if (e.max_targets() > 0 && (e.target() != data::TARGET_SHIP || e.trigger() == data::WHEN_RESOLVED ||
                                e.trigger() == data::ACTIVATED)) {
      check.fail("effect", "max_targets: pending abilities with ship targets only");
    }
    if (e.target_in_region() && e.trigger() == data::WHEN_RESOLVED) {
      check.fail("effect", "target_in_region: abilities only");
    }
    if (e.cost_credits() < 0) check.fail("effect", "cost_credits must not be negative");
    if (e.role() != data::ANY_ROLE && c.type() != data::CHARACTER) check.fail("effect", "role: characters only");
    if (needs != (e.target() != data::TARGET_NONE)) {
      check.fail("effect", data::EffectKind_Name(e.kind()) + (needs ? " needs" : " takes no") + " target");
    }
    targeted += e.target() != data::TARGET_NONE && e.trigger() == data::WHEN_RESOLVED ? 1 : 0;
  }
  if (targeted > 1) check.fail("effect", "at most one targeted effect");
  for (const auto& st : c.static_ability()) {
    if (st.kind() == data::STATIC_UNSPECIFIED) check.fail("static_ability", "static_ability needs a kind");
    if ((st.kind() == data::CHANGE) != (st.change_size() > 0)) {
      check.fail("static_ability", "CHANGE needs at least one change, other kinds none");
    }
    for (const auto& ch : st.change()) check_change(ch, check, "static_ability");
  }
  if (c.x_is_target_cost() && (!c.x_cost() || targeted == 0)) {
    check.fail("x_is_target_cost", "x_is_target_cost needs x_cost and a targeted effect");
  }
}

void check_card(const data::Card& c, CardChecker& check) {
  if (!valid_id(c.id())) check.fail("id", "id must be lowercase letters, digits and '_'");
  check_required(c, check);
  check_type_fields(c, check);
  check_numbers(c, check);
  check_chosen(c, check);
}

CardType convert_type(data::CardType t) {
  switch (t) {
    case data::BASE: return CardType::Base;
    case data::REMOTE_REGION: return CardType::RemoteRegion;
    case data::NEWS: return CardType::News;
    case data::STRUCTURE: return CardType::Structure;
    case data::LOCATION: return CardType::Location;
    case data::CHARACTER: return CardType::Character;
    default: return CardType::Ship;
  }
}

std::vector<Change> convert_changes(const pb::RepeatedPtrField<data::Change>& in) {
  std::vector<Change> out;
  for (const auto& ch : in) {
    const std::string order =
        ch.order() == data::ORDER_UNSPECIFIED ? "" : to_string(static_cast<OrderKind>(ch.order() - 1));
    out.push_back(Change{static_cast<ChangeKind>(ch.kind()), ch.amount(), order});
  }
  return out;
}

CardDef convert(const data::Card& c) {
  CardDef d;
  d.id = c.id();
  d.name = c.name();
  d.type = convert_type(c.type());
  d.subtype = c.subtype();
  for (int r : c.race()) d.races.push_back(static_cast<Race>(r - 1));
  d.cost = c.cost();
  d.x_cost = c.x_cost();
  d.income = c.income();
  d.shield = c.shield();
  d.attack = c.attack();
  d.build = c.build();
  d.duration = c.duration();
  d.duration_infinite = c.duration_infinite();
  d.locations = c.locations();
  d.locations_unlimited = c.locations_unlimited();
  d.mineral_volume = c.mineral_volume();
  d.clone_cost = c.clone_cost();
  d.limited = c.limited();
  for (const auto& o : c.order()) {
    d.orders.push_back({static_cast<OrderKind>(o.kind() - 1), o.strength(), o.side()});
  }
  for (const auto& o : c.keyword()) d.keywords.push_back({static_cast<OrderKind>(o.kind() - 1), o.strength(), 0});
  d.text = c.text();
  const auto& u = c.upgraded();
  d.upgrade = {u.name(), u.cost(), u.shield(), u.income(), u.locations(), u.text()};
  d.chosen.assign(c.chosen().begin(), c.chosen().end());
  d.source = c.source();
  for (const auto& e : c.effect()) {
    d.effects.push_back({static_cast<EffectKind>(e.kind()), e.amount(),
                         static_cast<TargetKind>(e.target()), static_cast<Trigger>(e.trigger()),
                         e.handler(), e.cost_credits(), static_cast<AbilityCost>(e.cost()),
                         e.target_in_region(), e.target_attacking(), static_cast<AbilityRole>(e.role()),
                         e.max_targets(), e.optional(), e.target_friendly(), e.target_max_shield(),
                         e.amount_is_x(), e.faction(), convert_changes(e.change()),
                         static_cast<Duration>(e.duration()), static_cast<Condition>(e.condition()),
                         static_cast<Zone>(e.to())});
  }
  for (const auto& st : c.static_ability()) {
    d.statics.push_back({static_cast<StaticKind>(st.kind()), st.amount(), static_cast<StaticScope>(st.scope()),
                         convert_changes(st.change()), static_cast<Condition>(st.condition())});
  }
  d.locations_locked = c.locations_locked();
  d.upgrade_as_news = c.upgrade_as_news();
  d.faction = c.faction();
  d.untargetable = c.untargetable();
  d.untargetable_by_news = c.untargetable_by_news();
  d.indestructible = c.indestructible();
  d.x_is_target_cost = c.x_is_target_cost();
  d.no_attack_jumps = c.no_attack_jumps();
  return d;
}

}  // namespace

void load_card_file(const CardSource& source, std::vector<CardDef>& out,
                    std::vector<std::string>& errors) {
  data::CardFile file;
  pb::TextFormat::Parser parser;
  Collector collector(source.name, errors);
  pb::TextFormat::ParseInfoTree tree;
  parser.RecordErrorsTo(&collector);
  parser.WriteLocationsTo(&tree);
  if (!parser.ParseFromString(source.text, &file)) return;
  const auto* card_field = data::CardFile::descriptor()->FindFieldByName("card");
  for (int i = 0; i < file.card_size(); ++i) {
    const auto& card = file.card(i);
    CardChecker check(source.name, tree.GetTreeForNested(card_field, i),
                      tree.GetLocation(card_field, i), card, errors);
    const std::size_t before = errors.size();
    check_card(card, check);
    if (errors.size() == before) out.push_back(convert(card));
  }
}

}  // namespace concord::eve
