// Client: typed helpers for decks, the lobby, rooms and matches.
#include "client/client.hpp"
#include "client/message_names.hpp"

namespace concord::client {

// --- decks ---------------------------------------------------------------------

std::int64_t Client::save_deck(const v1::Deck& deck) {
  v1::ClientMessage message;
  *message.mutable_save_deck()->mutable_deck() = deck;
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kDeckSaved);
  return reply.deck_saved().deck_id();
}

v1::DeckList Client::list_decks(const std::string& game) {
  v1::ClientMessage message;
  message.mutable_list_decks()->set_game(game);
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kDeckList);
  return reply.deck_list();
}

v1::DeckDetail Client::get_deck(std::int64_t deck_id) {
  v1::ClientMessage message;
  message.mutable_get_deck()->set_deck_id(deck_id);
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kDeck);
  return reply.deck();
}

void Client::delete_deck(std::int64_t deck_id) {
  v1::ClientMessage message;
  message.mutable_delete_deck()->set_deck_id(deck_id);
  call(std::move(message));
}

// --- lobby and rooms -------------------------------------------------------------

v1::GameList Client::list_games() {
  v1::ClientMessage message;
  message.mutable_list_games();
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kGameList);
  return reply.game_list();
}

v1::RoomList Client::list_rooms(const std::string& game) {
  v1::ClientMessage message;
  message.mutable_list_rooms()->set_game(game);
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kRoomList);
  return reply.room_list();
}

v1::RoomInfo Client::create_room(const v1::CreateRoom& spec) {
  v1::ClientMessage message;
  *message.mutable_create_room() = spec;
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kRoom);
  return reply.room();
}

v1::RoomInfo Client::create_room(const std::string& game, std::uint32_t seats) {
  v1::CreateRoom spec;
  spec.set_game(game);
  spec.set_seats(seats);
  return create_room(spec);
}

v1::RoomInfo Client::join_room(const v1::JoinRoom& spec) {
  v1::ClientMessage message;
  *message.mutable_join_room() = spec;
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kRoom);
  return reply.room();
}

v1::RoomInfo Client::join_room(const std::string& room, v1::Role role, std::int64_t deck_id,
                               const std::string& password) {
  v1::JoinRoom spec;
  spec.set_room_id(room);
  spec.set_role(role);
  spec.set_deck_id(deck_id);
  spec.set_password(password);
  return join_room(spec);
}

void Client::leave_room(const std::string& room) {
  v1::ClientMessage message;
  message.mutable_leave_room()->set_room_id(room);
  call(std::move(message));
}

v1::RoomInfo Client::set_ready(const std::string& room, bool ready) {
  v1::ClientMessage message;
  message.mutable_set_ready()->set_room_id(room);
  message.mutable_set_ready()->set_ready(ready);
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kRoom);
  return reply.room();
}

// --- matches -----------------------------------------------------------------------

namespace {

// 1.0 replies AnswerAccepted; 1.1 replies with the mover's MatchUpdate.
v1::AnswerAccepted acceptance_of(const v1::ServerMessage& reply) {
  if (!reply.has_match_update()) {
    expect_body(reply, v1::ServerMessage::kAnswerAccepted);
    return reply.answer_accepted();
  }
  v1::AnswerAccepted accepted;
  accepted.set_room_id(reply.match_update().room_id());
  accepted.set_command_index(reply.match_update().command_index());
  return accepted;
}

}  // namespace

v1::AnswerAccepted Client::submit_answer(const v1::MatchUpdate& update, const v1::Answer& answer) {
  v1::ClientMessage message;
  auto* submit = message.mutable_submit_answer();
  submit->set_room_id(update.room_id());
  submit->set_command_index(update.command_index());
  submit->set_prompt_id(update.prompt_id());
  *submit->mutable_answer() = answer;
  return acceptance_of(request(std::move(message)));
}

v1::AnswerAccepted Client::submit_answer(const std::string& room, std::uint64_t command_index,
                                         const v1::Answer& answer) {
  v1::MatchUpdate against;
  if (auto latest = matches_.latest(room)) against.set_prompt_id(latest->prompt_id());
  against.set_room_id(room);
  against.set_command_index(command_index);
  return submit_answer(against, answer);
}

void Client::concede(const std::string& room) {
  v1::ClientMessage message;
  message.mutable_concede()->set_room_id(room);
  call(std::move(message));
}

}  // namespace concord::client
