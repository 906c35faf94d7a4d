// Lobby requests: games, room creation and listing, joining.
#include "dispatcher.hpp"
#include "deck_checks.hpp"
#include "capabilities.hpp"
#include "passwords.hpp"
#include "room.hpp"
#include "room_options.hpp"
#include "text_limits.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += (out.empty() ? "" : "; ") + line;
  return out;
}

// JoinRoom.seat is 1-based with 0 = first free; the room wants 0-based, -1 = first free.
int preferred_seat(const v1::JoinRoom& request) { return request.seat() > 0 ? request.seat() - 1 : -1; }

std::string seat_counts_text(const rules::GameDefinition& def) {
  std::string out;
  const auto counts = def.accepted_seat_counts();
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (i > 0) out += i + 1 == counts.size() ? " or " : ", ";
    out += std::to_string(counts[i]);
  }
  return out;
}

}  // namespace

std::vector<rules::DeckViolation> deck_problems(const GameEntry& game, const std::optional<rules::Deck>& deck) {
  if (!deck) return {{"DECK_UNREADABLE", "the stored deck could not be read"}};
  if (deck->game != game.definition.id) return {{"WRONG_GAME", "that deck is for " + deck->game}};
  return rules::validate_deck(game.definition, *deck);
}

void Dispatcher::on_list_games(const LinkPtr& link, std::uint64_t rid) {
  v1::ServerMessage reply;
  reply.set_request_id(rid);
  auto* list = reply.mutable_game_list();
  for (const auto* entry : ctx_.games.all()) {
    const auto& def = entry->definition;
    auto* game = list->add_games();
    game->set_id(def.id);
    game->set_name(def.name);
    game->set_min_seats(static_cast<std::uint32_t>(def.min_seats));
    game->set_max_seats(static_cast<std::uint32_t>(def.max_seats));
    game->set_needs_deck(def.needs_deck);
    // The room options (spectators, spectator delay, seat holds) are accepted by every
    // room, whatever its seat count, after the game's own.
    for (const auto& spec : def.options) option_spec_to_wire(spec, game->add_options());
    for (const auto& spec : room_option_specs()) option_spec_to_wire(spec, game->add_options());
    for (const int seats : def.accepted_seat_counts()) {
      auto* entry = game->add_seat_options();
      entry->set_seats(static_cast<std::uint32_t>(seats));
      for (const auto& spec : def.options_for(seats)) option_spec_to_wire(spec, entry->add_options());
      for (const auto& spec : room_option_specs()) option_spec_to_wire(spec, entry->add_options());
    }
    for (const auto& deck : entry->starter_decks) deck_to_wire(deck, game->add_starter_decks());
  }
  link->send(reply);
}

void Dispatcher::on_create_room(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                                const v1::CreateRoom& request) {
  const auto* game = ctx_.games.find(request.game());
  if (!game) {
    link->send(make_error(rid, "UNKNOWN_GAME", "no game '" + request.game() + "'"));
    return;
  }
  const auto& def = game->definition;
  const int seats = request.seats() == 0 ? def.min_seats : static_cast<int>(request.seats());
  if (!def.accepts_seats(seats)) {
    link->send(make_error(rid, "INVALID_SEATS", def.name + " takes " + seat_counts_text(def) + " seats"));
    return;
  }
  auto split = split_room_options({request.options().begin(), request.options().end()});
  auto options = rules::resolve_options(def.options_for(seats), split.game);
  options.errors.insert(options.errors.end(), split.errors.begin(), split.errors.end());
  if (!options.ok()) {
    link->send(make_error(rid, "INVALID_OPTIONS", join_lines(options.errors)));
    return;
  }
  if (def.check_room) {
    if (auto problem = def.check_room(options.values, seats)) {
      link->send(make_error(rid, "INVALID_OPTIONS", *problem));
      return;
    }
  }
  if (ctx_.lobby.open_rooms_of(player.id) >= ctx_.config.max_rooms_per_player) {
    link->send(make_error(rid, "TOO_MANY_ROOMS", "you are already in the maximum number of rooms"));
    return;
  }
  RoomSettings settings{request.name().empty() ? player.username + "'s room" : utf8_prefix(request.name(), 64),
                        options.values, seats,
                        request.password().empty() ? std::string() : room_password_hash(request.password()),
                        player.id, {}, {}, std::move(split.room), {}, {}, {}, {}};
  settings.extra = settings_blob(settings);
  auto room = ctx_.lobby.create(*game, std::move(settings));
  v1::ServerMessage reply;
  reply.set_request_id(rid);
  *reply.mutable_room() = room->summary().info;
  link->send(reply);
}

void Dispatcher::on_list_rooms(const LinkPtr& link, std::uint64_t rid, const v1::ListRooms& request) {
  v1::ServerMessage reply;
  reply.set_request_id(rid);
  auto* list = reply.mutable_room_list();
  for (const auto& room : ctx_.lobby.list(request.game())) {
    auto summary = room->summary();
    if (!summary.closed) *list->add_rooms() = summary.info;
  }
  link->send(reply);
}

void Dispatcher::on_join_room(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                              const v1::JoinRoom& request) {
  auto room = room_or_error(link, rid, request.room_id());
  if (!room) return;
  const bool as_player = request.role() != v1::SPECTATOR && request.role() != v1::JUDGE;
  const auto summary = room->summary();
  const auto& seated = summary.seated_players;
  const bool seated_here = std::find(seated.begin(), seated.end(), player.id) != seated.end();
  if (as_player && !seated_here && ctx_.lobby.open_rooms_of(player.id) >= ctx_.config.max_rooms_per_player &&
      summary.creator != player.id) {
    link->send(make_error(rid, "TOO_MANY_ROOMS", "you are already in the maximum number of rooms"));
    return;
  }
  const auto* game = ctx_.games.find(room->game_id());
  if (request.seat() < 0 || request.seat() > game->definition.max_seats) {
    link->send(make_error(rid, "INVALID_SEATS", "seat is 0 (first free) or 1 to " +
                                                     std::to_string(game->definition.max_seats)));
    return;
  }
  remember_room(link, room->id(), true);
  JoinRequest join{rid, as_player ? v1::PLAYER : request.role(), request.password(), preferred_seat(request), {},
                   ctx_.capabilities.is_judge(player)};
  if (!as_player || seated_here || !game->definition.needs_deck || request.deck_id() == 0) {
    room->join(player, link, std::move(join));
    return;
  }
  join_with_deck(link, rid, player, request, room);
}

// Loads the player's deck on a database worker, checks it against the game's
// deck rules, then joins on the room's strand.
void Dispatcher::join_with_deck(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                                const v1::JoinRoom& request, const std::shared_ptr<Room>& room) {
  const auto* game = ctx_.games.find(room->game_id());
  db_job(link, rid, [link, rid, player, request, room, game](pqxx::connection& conn) {
    const auto record = persistence::DeckRepository(conn).get(player.id, request.deck_id());
    if (!record) {
      link->send(make_error(rid, "DECK_NOT_FOUND", "you have no deck " + std::to_string(request.deck_id())));
      return;
    }
    auto deck = rules::Deck::from_text(record->body);
    const auto problems = deck_problems(*game, deck);
    if (!problems.empty()) {
      auto reply = make_error(rid, "DECK_INVALID", problems.front().message);
      for (const auto& p : problems) {
        auto* v = reply.mutable_error()->add_violations();
        v->set_code(p.code);
        v->set_message(p.message);
      }
      link->send(reply);
      return;
    }
    JoinRequest join{rid, v1::PLAYER, request.password(), preferred_seat(request), std::move(deck), false};
    room->join(player, link, std::move(join));
  });
}

}  // namespace concord::server
