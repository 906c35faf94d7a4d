// The dispatch fuzzer's script format and its seed scripts (dispatch_script.hpp).
#include "dispatch_script.hpp"

#include "concord/eve/deck_rules.hpp"

namespace concord::fuzz {

namespace {

std::uint8_t op(int slot, ScriptOp kind) { return static_cast<std::uint8_t>((slot << 4) | kind); }

// Builds ClientMessages with increasing request ids.
class Requests {
 public:
  v1::ClientMessage next() {
    v1::ClientMessage m;
    m.set_request_id(++id_);
    return m;
  }
  std::uint8_t id() { return static_cast<std::uint8_t>(++id_); }
  v1::ClientMessage hello() {
    auto m = next();
    m.mutable_hello()->set_min_version(1);
    m.mutable_hello()->set_max_version(1);
    m.mutable_hello()->set_client_name("fuzz");
    return m;
  }
  v1::ClientMessage create_room(const std::string& game, unsigned seats, const std::string& password = "") {
    auto m = next();
    auto* c = m.mutable_create_room();
    c->set_game(game);
    c->set_seats(seats);
    c->set_password(password);
    c->set_name("fuzz room");
    return m;
  }
  v1::ClientMessage join(const std::string& room, v1::Role role, const std::string& password = "") {
    auto m = next();
    auto* j = m.mutable_join_room();
    j->set_room_id(room);
    j->set_role(role);
    j->set_password(password);
    return m;
  }
  v1::ClientMessage ready(const std::string& room) {
    auto m = next();
    m.mutable_set_ready()->set_room_id(room);
    m.mutable_set_ready()->set_ready(true);
    return m;
  }

 private:
  std::uint64_t id_ = 0;
};

std::string room_play() {
  Requests r;
  DispatchScript s;
  s.frame(0, r.hello()).login(0, r.id(), 0).frame(1, r.hello()).login(1, r.id(), 1);
  auto list = r.next();
  list.mutable_list_games();
  s.frame(0, list).frame(0, r.create_room("everzone", 2)).frame(0, r.join("#0", v1::PLAYER));
  s.frame(1, r.join("#0", v1::PLAYER)).frame(0, r.ready("#0")).frame(1, r.ready("#0"));
  auto rooms = r.next();
  rooms.mutable_list_rooms();
  auto submit = r.next();
  submit.mutable_submit_answer()->set_room_id("#0");
  submit.mutable_submit_answer()->mutable_answer()->add_choices()->set_option_id("pass");
  auto concede = r.next();
  concede.mutable_concede()->set_room_id("#0");
  auto leave = r.next();
  leave.mutable_leave_room()->set_room_id("#0");
  auto logout = r.next();
  logout.mutable_logout();
  s.frame(1, rooms).frame(0, submit).frame(1, concede).frame(1, leave).frame(0, logout);
  return s.bytes();
}

std::string private_and_spectators() {
  Requests r;
  DispatchScript s;
  s.frame(0, r.hello()).login(0, r.id(), 2).frame(2, r.hello()).login(2, r.id(), 0);
  auto create = r.create_room("everzone", 3, "secret");
  (*create.mutable_create_room()->mutable_options())["command_points"] = "30";
  s.frame(0, create).frame(0, r.create_room("eve_genesis", 4));
  s.frame(2, r.join("#0", v1::SPECTATOR, "wrong")).frame(2, r.join("#0", v1::SPECTATOR, "secret"));
  auto seat = r.join("#1", v1::PLAYER);
  seat.mutable_join_room()->set_seat(2);
  s.frame(2, seat).close(2).frame(1, r.hello()).login(1, r.id(), 0, true).frame(1, r.ready("#1"));
  return s.bytes();
}

std::string decks_and_accounts() {
  Requests r;
  DispatchScript s;
  auto reg = r.next();
  reg.mutable_register_()->set_username("newplayer");
  reg.mutable_register_()->set_password("long enough password");
  s.frame(0, reg).frame(0, r.hello()).frame(0, reg);
  auto bad = r.next();
  bad.mutable_register_()->set_username("x");
  s.frame(0, bad).login(0, r.id(), 1);
  const auto deck = eve::standard_decks().front();
  auto save = r.next();
  auto* wire = save.mutable_save_deck()->mutable_deck();
  wire->set_game(deck.game);
  wire->set_name(deck.name);
  for (const auto& section : deck.sections) {
    auto* out = wire->add_sections();
    out->set_name(section.name);
    for (const auto& card : section.cards) {
      auto* c = out->add_cards();
      c->set_card(card.card);
      c->set_count(card.count);
    }
  }
  auto list = r.next();
  list.mutable_list_decks();
  auto get = r.next();
  get.mutable_get_deck()->set_deck_id(1);
  auto del = r.next();
  del.mutable_delete_deck()->set_deck_id(1);
  auto join = r.join("#0", v1::PLAYER);
  join.mutable_join_room()->set_deck_id(7);
  s.frame(0, save).frame(0, list).frame(0, get).frame(0, del).frame(0, r.create_room("eve_genesis", 2)).frame(0, join);
  return s.bytes();
}

std::string refusals() {
  Requests r;
  DispatchScript s;
  auto ping = r.next();
  ping.mutable_ping()->set_nonce(42);
  auto old = r.next();
  old.mutable_hello()->set_min_version(2);
  old.mutable_hello()->set_max_version(3);
  auto no_body = r.next();
  s.frame(0, ping).frame(0, old).frame(0, r.hello()).frame(0, ping).frame(0, no_body);
  s.raw(0, "\xff\xff\xff garbage").raw(0, "{\"hello\":{}}", true).raw(0, "");
  s.frame(0, r.create_room("everzone", 2)).frame(0, r.join("nope", v1::PLAYER));
  return s.bytes();
}

}  // namespace

DispatchScript& DispatchScript::raw(int slot, const std::string& bytes, bool text) {
  bytes_ += static_cast<char>(op(slot, text ? kOpText : kOpFrame));
  bytes_ += static_cast<char>(bytes.size() & 0xff);
  bytes_ += static_cast<char>((bytes.size() >> 8) & 0xff);
  bytes_ += bytes;
  return *this;
}

DispatchScript& DispatchScript::frame(int slot, const v1::ClientMessage& message) {
  return raw(slot, message.SerializeAsString());
}

DispatchScript& DispatchScript::login(int slot, std::uint8_t request_id, int player, bool resume) {
  bytes_ += static_cast<char>(op(slot, kOpLogin));
  bytes_ += static_cast<char>(request_id);
  bytes_ += static_cast<char>(player);
  bytes_ += static_cast<char>(resume ? 1 : 0);
  return *this;
}

DispatchScript& DispatchScript::close(int slot) {
  bytes_ += static_cast<char>(op(slot, kOpClose));
  return *this;
}

void write_dispatch_scripts(const std::function<void(const std::string&, const std::string&)>& write) {
  write("room-play", room_play());
  write("private-and-spectators", private_and_spectators());
  write("decks-and-accounts", decks_and_accounts());
  write("refusals", refusals());
}

}  // namespace concord::fuzz
