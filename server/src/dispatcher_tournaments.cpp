// Tournament requests that change something (protocol/README.md section 12):
// the organizer capability, creating and moving an event on, registering and
// dropping. The shape of each request is checked here; the director checks
// the event's state and does the work.
#include <spdlog/spdlog.h>

#include "capabilities.hpp"
#include "dispatcher.hpp"
#include "room_options.hpp"
#include "text_limits.hpp"
#include "tournament_director.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

std::string join_problems(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += (out.empty() ? "" : "; ") + line;
  return out;
}

}  // namespace

bool Dispatcher::is_tournament_change(v1::ClientMessage::BodyCase body) {
  return body >= v1::ClientMessage::kGrantOrganizer && body <= v1::ClientMessage::kDropEntrant;
}

void Dispatcher::route_tournament_change(const LinkPtr& link, const v1::ClientMessage& m, const PlayerRef& player) {
  const auto rid = m.request_id();
  auto* director = ctx_.tournaments;
  if (!director) return link->send(make_error(rid, "UNAVAILABLE", "this server runs no tournaments"));
  const bool admin = ctx_.capabilities.is_admin(player);
  switch (m.body_case()) {
    case v1::ClientMessage::kGrantOrganizer: return on_grant_organizer(link, rid, player, m.grant_organizer());
    case v1::ClientMessage::kCreateTournament: return on_create_tournament(link, rid, player, m.create_tournament());
    case v1::ClientMessage::kTournamentControl: {
      const auto action = m.tournament_control().action();
      if (action < v1::TournamentControl::OPEN_REGISTRATION || action > v1::TournamentControl::CANCEL) {
        return link->send(make_error(rid, "INVALID_REQUEST", "TournamentControl.action: 1-4"));
      }
      return director->control(player, admin, link, rid, m.tournament_control().tournament_id(), action);
    }
    case v1::ClientMessage::kRemoveEntrant: return on_remove_entrant(link, rid, player, m.remove_entrant());
    case v1::ClientMessage::kExtendMatchTime: {
      const auto& r = m.extend_match_time();
      if (r.table() < 1 || r.table() > 10000 || r.seconds() < 1 || r.seconds() > 3600) {
        return link->send(make_error(rid, "INVALID_REQUEST", "ExtendMatchTime: table >= 1, seconds 1-3600"));
      }
      return director->extend(player, admin || ctx_.capabilities.is_judge(player), link, rid, r.tournament_id(),
                              static_cast<int>(r.table()), static_cast<int>(r.seconds()));
    }
    case v1::ClientMessage::kRegisterEntrant: return on_register_entrant(link, rid, player, m.register_entrant());
    case v1::ClientMessage::kDropEntrant: return director->drop(player, link, rid, m.drop_entrant().tournament_id());
    default: link->send(make_error(rid, "BAD_FRAME", "message has no known body"));
  }
}

void Dispatcher::on_grant_organizer(const LinkPtr& link, std::uint64_t rid, const PlayerRef& admin,
                                    const v1::GrantOrganizer& request) {
  if (!ctx_.capabilities.is_admin(admin)) {
    return link->send(make_error(rid, "NOT_AN_ADMIN", "only the server's admins grant or revoke organizers"));
  }
  db_job(link, rid, [this, link, rid, admin, username = request.username(), grant = !request.revoke()](
                        pqxx::connection& conn) {
    const auto player = persistence::PlayerRepository(conn).find_by_username(username);
    if (!player) return link->send(make_error(rid, "UNKNOWN_PLAYER", "no account '" + username + "'"));
    persistence::TournamentRepository organizers(conn);
    if (grant) {
      organizers.grant_organizer(player->id, admin.id);
      ctx_.capabilities.grant_organizer(player->id);
    } else {
      organizers.revoke_organizer(player->id);
      ctx_.capabilities.revoke_organizer(player->id);
    }
    spdlog::info("{} {} the organizer capability of {}", admin.username, grant ? "granted" : "revoked",
                 player->username);
    link->send(make_ok(rid));
  });
}

// The settings' shape, the game and its options (as a two-seat room would
// take them); then the staff's accounts are looked up.
void Dispatcher::on_create_tournament(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                                      const v1::CreateTournament& request) {
  if (!ctx_.capabilities.is_organizer(player)) {
    return link->send(make_error(rid, "NOT_ORGANIZER", "creating a tournament needs the organizer capability"));
  }
  TournamentConfig config;
  const auto problems = config_from_wire(request.settings(), &config);
  if (!problems.empty()) return link->send(make_error(rid, "INVALID_SETTINGS", join_problems(problems)));
  const auto* game = ctx_.games.find(config.game);
  if (!game) return link->send(make_error(rid, "UNKNOWN_GAME", "no game '" + config.game + "'"));
  const auto& def = game->definition;
  if (!def.accepts_seats(2)) {
    return link->send(make_error(rid, "INVALID_SEATS", def.name + " is not played by two; tournaments pair two"));
  }
  auto split = split_room_options({config.options.begin(), config.options.end()});
  auto options = rules::resolve_options(def.options_for(2), split.game);
  options.errors.insert(options.errors.end(), split.errors.begin(), split.errors.end());
  if (options.ok() && def.check_room) {
    if (auto problem = def.check_room(options.values, 2)) options.errors.push_back(*problem);
  }
  if (!options.ok()) return link->send(make_error(rid, "INVALID_OPTIONS", join_problems(options.errors)));
  db_job(link, rid, [this, link, rid, player, config](pqxx::connection& conn) {
    std::vector<std::int64_t> staff;
    persistence::PlayerRepository players(conn);
    for (const auto& name : config.staff) {
      const auto judge = players.find_by_username(name);
      if (!judge) return link->send(make_error(rid, "UNKNOWN_PLAYER", "no account '" + name + "' (staff)"));
      staff.push_back(judge->id);
    }
    ctx_.tournaments->create(player, link, rid, config, std::move(staff));
  });
}

void Dispatcher::on_remove_entrant(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                                   const v1::RemoveEntrant& request) {
  const bool admin = ctx_.capabilities.is_admin(player);
  db_job(link, rid, [this, link, rid, player, admin, request](pqxx::connection& conn) {
    const auto entrant = persistence::PlayerRepository(conn).find_by_username(request.username());
    if (!entrant) return link->send(make_error(rid, "UNKNOWN_PLAYER", "no account '" + request.username() + "'"));
    ctx_.tournaments->remove(player, admin, link, rid, request.tournament_id(), {entrant->id, entrant->username});
  });
}

// The deck (if any) is read here, on a worker; the director checks it against
// the event's game and freezes a copy.
void Dispatcher::on_register_entrant(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                                     const v1::RegisterEntrant& request) {
  if (request.deck_id() == 0) {
    return ctx_.tournaments->register_entrant(player, link, rid, request.tournament_id(), std::nullopt);
  }
  db_job(link, rid, [this, link, rid, player, request](pqxx::connection& conn) {
    const auto record = persistence::DeckRepository(conn).get(player.id, request.deck_id());
    if (!record) {
      return link->send(make_error(rid, "DECK_NOT_FOUND", "you have no deck " + std::to_string(request.deck_id())));
    }
    auto deck = rules::Deck::from_text(record->body);
    if (!deck) return link->send(make_error(rid, "DECK_INVALID", "the stored deck could not be read"));
    ctx_.tournaments->register_entrant(player, link, rid, request.tournament_id(), std::move(deck));
  });
}

}  // namespace concord::server
