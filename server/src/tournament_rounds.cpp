// The director's rounds (tournament_director.hpp): pairing, one room per
// game with reserved seats, the no-show deadline, results as matches end,
// round time, standings after each round, the top cut, and recovery.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

#include "concord/tournament/standings.hpp"
#include "lobby.hpp"
#include "ratings.hpp"
#include "room.hpp"
#include "room_options.hpp"
#include "tournament_director.hpp"
#include "tournament_views.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string table_key(const char* kind, int round, int table) {
  return std::string(kind) + " " + std::to_string(round) + "/" + std::to_string(table);
}

bool running(const std::string& status) { return status == "running" || status == "top_cut"; }

}  // namespace

void TournamentDirector::arm(std::int64_t id, const std::string& key, std::int64_t at_unix_ms,
                             std::function<void()> fire) {
  auto* event = find(id);
  if (!event) return;
  if (auto old = event->timers.find(key); old != event->timers.end()) old->second->cancel();
  auto timer = std::make_shared<boost::asio::steady_timer>(strand_);
  timer->expires_after(std::chrono::milliseconds(std::max<std::int64_t>(0, at_unix_ms - now_ms())));
  event->timers[key] = timer;
  timer->async_wait([self = shared_from_this(), id, key, timer, fire](const boost::system::error_code& ec) {
    if (ec) return;
    auto* e = self->find(id);
    if (!e) return;
    if (auto it = e->timers.find(key); it != e->timers.end() && it->second == timer) e->timers.erase(it);
    self->enqueue(id, fire);
  });
}

// --- rounds -------------------------------------------------------------------

void TournamentDirector::pair_round(std::int64_t id) {
  auto* event = find(id);
  auto built = rebuild_tournament(event->data);
  auto* t = std::get_if<tournament::Tournament>(&built);
  if (!t) {
    spdlog::error("tournament {}: cannot rebuild: {}", id, std::get<rules::Rejection>(built).message);
    return step_done(id);
  }
  if (auto refused = t->pair_next_round()) {  // everyone dropped: the event ends
    spdlog::warn("tournament {}: no next round ({}); the event ends", id, refused->message);
    return finish_event(id, "finished");
  }
  const auto& round = t->rounds().back();
  const int seconds = event->data.config.round_seconds;
  std::vector<persistence::TableRecord> tables;
  for (std::size_t i = 0; i < round.pairings.size(); ++i) {
    const auto& p = round.pairings[i];
    tables.push_back({round.number, static_cast<int>(i) + 1, false, p.first, p.second,
                      seconds > 0 && p.second ? std::optional<std::int64_t>(now_ms() + seconds * 1000LL)
                                              : std::nullopt,
                      false});
  }
  store_round(id, std::move(tables), false, {}, {}, nullptr, 0);
}

void TournamentDirector::store_round(std::int64_t id, std::vector<persistence::TableRecord> tables, bool first,
                                     const std::string& seed_hex, const std::string& commitment, LinkPtr link,
                                     std::uint64_t request_id) {
  const bool top_cut = !tables.empty() && tables.front().top_cut;
  const bool first_cut_round = top_cut && !find(id)->data.top_cut_started();
  store(
      id,
      [id, tables, first, seed_hex, commitment, first_cut_round](pqxx::connection& conn) {
        persistence::TournamentRepository repo(conn);
        if (first) {
          repo.start(id, seed_hex, commitment, tables);
        } else {
          repo.add_round(id, tables);
          if (first_cut_round) repo.set_status(id, "top_cut");
        }
      },
      [this, id, tables, first, seed_hex, commitment, first_cut_round, link, request_id] {
        auto* event = find(id);
        auto& data = event->data;
        if (first) {
          data.record.status = "running";
          data.record.seed_hex = seed_hex;
          data.record.seed_commitment = commitment;
        }
        if (first_cut_round) data.record.status = "top_cut";
        data.tables.insert(data.tables.end(), tables.begin(), tables.end());
        reply_info(link, request_id, *event);
        round_started(id, tables.front().round);
        step_done(id);
      },
      link, request_id);
}

// Everyone is told; each table's time starts; every game opens (reconcile).
void TournamentDirector::round_started(std::int64_t id, int round) {
  auto* event = find(id);
  spdlog::info("tournament {}: round {} paired", id, round);
  for (const auto& t : event->data.tables) {
    if (t.round != round) continue;
    for (const auto player : {std::optional<std::int64_t>(t.first_id), t.second_id}) {
      if (!player || !push_) continue;
      v1::ServerMessage push;
      auto* r = push.mutable_tournament_round();
      r->set_tournament_id(id);
      r->set_round(static_cast<std::uint32_t>(round));
      r->set_started(true);
      r->set_bye(!t.second_id);
      push_(*player, push);
    }
    if (t.ends_unix_ms && !t.ended) {
      const int table = t.table_no;
      arm(id, table_key("time", round, table), *t.ends_unix_ms, [this, id, round, table] { time_over(id, round, table); });
    }
  }
  reconcile_round(id);
}

// What the current round needs next: a game for every table whose match is
// not over and has none in progress; the round's end once every match is over.
// Queued as steps (each checks again when it runs).
void TournamentDirector::reconcile_round(std::int64_t id) {
  auto* event = find(id);
  if (!event || !running(event->data.record.status)) return;
  const int round = event->data.current_round();
  bool all_over = true;
  for (const auto& t : event->data.tables) {
    if (t.round != round || !t.second_id) continue;
    const bool in_progress = event->data.game_in_progress(round, t.table_no) != nullptr;
    const bool over = table_match(event->data, t).over();
    all_over = all_over && over && !in_progress;
    if (over || in_progress) continue;
    const int table = t.table_no;
    const int next_game = static_cast<int>(event->data.games_of(round, table).size()) + 1;
    event->steps.push_back([this, id, round, table, next_game] {
      auto* e = find(id);
      const auto* t2 = e ? e->data.table(round, table) : nullptr;
      if (!t2 || !running(e->data.record.status) || e->data.game_in_progress(round, table) ||
          table_match(e->data, *t2).over() ||
          static_cast<int>(e->data.games_of(round, table).size()) + 1 != next_game) {
        return step_done(id);
      }
      open_game(id, *t2, next_game);
    });
  }
  if (all_over) {
    event->steps.push_back([this, id, round] {
      auto* e = find(id);
      if (!e || !running(e->data.record.status) || e->data.current_round() != round) return step_done(id);
      finish_round(id);
    });
  }
}

// One game: a room with both seats kept for the table's players (the loser of
// the game before sits first), the event's options and judges, tagged.
void TournamentDirector::open_game(std::int64_t id, const persistence::TableRecord& table, int game_no) {
  auto* event = find(id);
  auto& data = event->data;
  const auto* game = ctx_.games.find(data.record.game);
  if (!game) {
    spdlog::error("tournament {}: game '{}' is not hosted any more", id, data.record.game);
    return step_done(id);
  }
  const std::int64_t first = first_seat_of(data, table, game_no);
  const std::int64_t second = first == table.first_id ? *table.second_id : table.first_id;
  auto split = split_room_options({data.config.options.begin(), data.config.options.end()});
  auto options = rules::resolve_options(game->definition.options_for(2), split.game);
  const GameTag tag{id, table.round, table.table_no, game_no};
  RoomSettings settings{data.record.name + " R" + std::to_string(table.round) + " T" + std::to_string(table.table_no) +
                            " G" + std::to_string(game_no),
                        options.values, 2, {}, 0, {}, {event->staff.begin(), event->staff.end()},
                        std::move(split.room), {}, {first, second}, {}, tag.text()};
  for (const auto player : {first, second}) {
    const auto* entrant = data.entrant(player);
    if (entrant && !entrant->deck_body.empty()) {
      settings.reserved_decks.push_back(rules::Deck::from_text(entrant->deck_body));
    } else {
      settings.reserved_decks.push_back(std::nullopt);
    }
  }
  settings.extra = settings_blob(settings);
  auto room = ctx_.lobby.create(*game, std::move(settings));
  persistence::TournamentGameRecord record{table.round, table.table_no, game_no, room->id(), std::nullopt, "", ""};
  store(
      id, [id, record](pqxx::connection& conn) { persistence::TournamentRepository(conn).start_game(id, record); },
      [this, id, record, first, second] {
        auto* e = find(id);
        auto& games = e->data.games;
        games.erase(std::remove_if(games.begin(), games.end(),
                                   [&](const auto& g) {
                                     return g.round == record.round && g.table_no == record.table_no &&
                                            g.game_no == record.game_no;
                                   }),
                    games.end());
        games.push_back(record);
        const std::int64_t deadline = now_ms() + e->data.config.no_show_seconds * 1000LL;
        const int round = record.round, table = record.table_no, game_no = record.game_no;
        arm(id, table_key("noshow", round, table), deadline,
            [this, id, round, table, game_no] { no_show(id, round, table, game_no); });
        spdlog::info("tournament {}: round {} table {} game {} in room {}", id, round, table, game_no, record.room_id);
        for (const auto& [player, opponent] : {std::pair{first, second}, std::pair{second, first}}) {
          if (!push_) break;
          v1::ServerMessage push;
          auto* ready = push.mutable_tournament_game_ready();
          ready->set_tournament_id(id);
          ready->set_round(static_cast<std::uint32_t>(round));
          ready->set_table(static_cast<std::uint32_t>(table));
          ready->set_game(static_cast<std::uint32_t>(game_no));
          ready->set_room_id(record.room_id);
          ready->set_opponent(e->data.name_of(opponent));
          ready->set_no_show_unix_ms(deadline);
          push_(player, push);
        }
        step_done(id);
      });
}

// The no-show deadline of a game: who is not seated loses it (a judge's game
// loss); nobody seated: a drawn game and the match ends as it stands (chosen:
// MTR gives both a game loss, which a two-sided game record cannot hold, and
// a table nobody plays at must not open game after game).
void TournamentDirector::no_show(std::int64_t id, int round, int table, int game_no) {
  auto* event = find(id);
  auto* game = event->data.game(round, table, game_no);
  const auto* t = event->data.table(round, table);
  if (!game || !t || !game->winner_side.empty() || !running(event->data.record.status)) return step_done(id);
  const std::int64_t first_seat = first_seat_of(event->data, *t, game_no);
  auto decide = [this, id, round, table, game_no, first_seat, first_id = t->first_id](std::vector<bool> present) {
    const bool seat0 = present.size() > 0 && present[0];
    const bool seat1 = present.size() > 1 && present[1];
    std::string side = "draw";
    if (seat0 != seat1) {
      const bool first_present = (first_seat == first_id) == seat0;
      side = first_present ? "first" : "second";
    }
    GameOutcome outcome;
    outcome.tag = {id, round, table, game_no};
    outcome.side = side;
    outcome.reason = "no-show";
    outcome.end_match = !seat0 && !seat1;
    record_game(id, std::move(outcome));
  };
  auto room = ctx_.lobby.find(game->room_id);
  if (!room) return decide({false, false});
  room->no_show_deadline([self = shared_from_this(), id, decide](Room::NoShowReport report) {
    self->on_strand([id, decide, report](TournamentDirector& d) {
      if (report.started) return d.step_done(id);
      decide(report.present);
    });
  });
}

namespace {

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

}  // namespace

void TournamentDirector::match_ended(const std::string& room_id, const std::string& tag, std::int64_t match_id,
                                     const rules::MatchResult& result) {
  const auto parsed = GameTag::parse(tag);
  if (!parsed) return;
  on_strand([room_id, game_tag = *parsed, match_id, result](TournamentDirector& d) {
    const auto id = game_tag.tournament;
    if (!d.find(id)) return;
    d.enqueue(id, [&d, id, room_id, game_tag, match_id, result] { d.game_ended(id, room_id, game_tag, match_id, result); });
  });
}

// A judge's match loss or disqualification (section 11's penalties, whose
// result reason names them) gives the opponent the games they still need to
// win the match; a disqualified player is also dropped from the event.
void TournamentDirector::game_ended(std::int64_t id, const std::string& room_id, GameTag tag, std::int64_t match_id,
                                    const rules::MatchResult& result) {
  auto* e = find(id);
  auto* game = e->data.game(tag.round, tag.table, tag.game);
  const auto* t = e->data.table(tag.round, tag.table);
  if (!game || !t || game->room_id != room_id || !running(e->data.record.status)) return step_done(id);
  GameOutcome outcome;
  outcome.tag = tag;
  outcome.match_id = match_id;
  outcome.side = winner_side(*t, first_seat_of(e->data, *t, tag.game), result);
  outcome.reason = result.reason;
  if (game->winner_side == outcome.side) return step_done(id);  // told again (recovery)
  // Rated once, when first recorded; an aborted game is not rated.
  outcome.rate = game->winner_side.empty() && !starts_with(result.reason, "aborted");
  const bool dq = starts_with(result.reason, "judge: disqualification for ");
  if ((dq || starts_with(result.reason, "judge: match_loss for ")) && outcome.side != "draw") {
    const auto match = table_match(e->data, *t);
    const auto side = outcome.side == "first" ? tournament::Side::First : tournament::Side::Second;
    const int majority = e->data.config.best_of / 2 + 1;
    outcome.forfeit_games = std::max(0, majority - match.wins(side) - 1);
    if (dq) outcome.drop = outcome.side == "first" ? t->second_id : std::optional<std::int64_t>(t->first_id);
  }
  record_game(id, std::move(outcome));
}

// Stores a game's result (and the ratings it changes), then sees what the
// round needs next. A result that changes (a judge's override) replaces the
// one recorded; standings follow, pairings already made stay.
void TournamentDirector::record_game(std::int64_t id, GameOutcome outcome) {
  auto* event = find(id);
  const auto* t = event->data.table(outcome.tag.round, outcome.tag.table);
  const bool rate = outcome.rate && outcome.match_id && !event->data.config.unrated && t && t->second_id;
  const std::int64_t first = t ? t->first_id : 0;
  const std::int64_t second = t ? t->second_id.value_or(0) : 0;
  const double first_score = outcome.side == "first" ? 1.0 : outcome.side == "second" ? 0.0 : 0.5;
  const std::string game = event->data.record.game;
  if (outcome.reason.size() > 200) outcome.reason.resize(200);
  store(
      id,
      [id, outcome, rate, game, first, second, first_score](pqxx::connection& conn) {
        const auto& tag = outcome.tag;
        persistence::TournamentRepository repo(conn);
        if (outcome.match_id) repo.set_game_match(id, tag.round, tag.table, tag.game, *outcome.match_id);
        repo.record_game(id, tag.round, tag.table, tag.game, outcome.side, outcome.reason);
        for (int k = 1; k <= outcome.forfeit_games; ++k) {
          repo.start_game(id, {tag.round, tag.table, tag.game + k, "", std::nullopt, "", ""});
          repo.record_game(id, tag.round, tag.table, tag.game + k, outcome.side, outcome.reason);
        }
        if (outcome.end_match) repo.end_table(id, tag.round, tag.table);
        if (outcome.drop) repo.set_dropped(id, *outcome.drop);
        if (rate) rate_match(conn, game, first, second, first_score, *outcome.match_id);
      },
      [this, id, outcome] { apply_game(id, outcome); });
}

void TournamentDirector::apply_game(std::int64_t id, const GameOutcome& outcome) {
  auto* e = find(id);
  const auto& tag = outcome.tag;
  if (outcome.end_match) e->data.table(tag.round, tag.table)->ended = true;
  if (auto* g = e->data.game(tag.round, tag.table, tag.game)) {
    g->winner_side = outcome.side;
    g->reason = outcome.reason;
    if (outcome.match_id) g->match_id = outcome.match_id;
  }
  for (int k = 1; k <= outcome.forfeit_games; ++k) {
    e->data.games.push_back({tag.round, tag.table, tag.game + k, "", std::nullopt, outcome.side, outcome.reason});
  }
  for (auto& entrant : e->data.entrants) {
    if (outcome.drop && entrant.player_id == *outcome.drop) entrant.dropped = true;
  }
  if (auto it = e->timers.find(table_key("noshow", tag.round, tag.table)); it != e->timers.end()) {
    it->second->cancel();
    e->timers.erase(it);
  }
  spdlog::info("tournament {}: round {} table {} game {}: {} ({})", id, tag.round, tag.table, tag.game, outcome.side,
               outcome.reason);
  reconcile_round(id);
  step_done(id);
}

// The table's time ran out: no further game starts, and the game being played
// ends by the end-of-round procedure (Room::call_time: `extra_turns` more
// turns, then a draw).
void TournamentDirector::time_over(std::int64_t id, int round, int table) {
  auto* event = find(id);
  const auto* t = event->data.table(round, table);
  if (!t || t->ended || !running(event->data.record.status) || table_match(event->data, *t).over()) {
    return step_done(id);
  }
  store(
      id, [id, round, table](pqxx::connection& conn) { persistence::TournamentRepository(conn).end_table(id, round, table); },
      [this, id, round, table] {
        auto* e = find(id);
        e->data.table(round, table)->ended = true;
        spdlog::info("tournament {}: time in round {} at table {}", id, round, table);
        if (const auto* game = e->data.game_in_progress(round, table)) {
          if (auto room = ctx_.lobby.find(game->room_id)) {
            room->call_time({e->data.record.organizer_id, e->data.record.organizer}, e->data.config.extra_turns,
                            "round " + std::to_string(round) + " ended");
          }
        }
        reconcile_round(id);
        step_done(id);
      });
}

std::vector<tournament::PlayerId> TournamentDirector::ranked_players(const Event& event) const {
  std::vector<tournament::PlayerId> ranked;
  auto built = rebuild_tournament(event.data);
  if (const auto* t = std::get_if<tournament::Tournament>(&built)) {
    for (const auto& s : tournament::compute_standings(*t)) {
      if (!s.dropped) ranked.push_back(s.player);
    }
  }
  return ranked;
}

// Every match of the round is over: standings are published (Swiss and round
// robin), then the next round, the top cut, or the end.
void TournamentDirector::finish_round(std::int64_t id) {
  auto* event = find(id);
  const int round = event->data.current_round();
  const auto* any_table = event->data.table(round, 1);
  const bool in_cut = any_table && any_table->top_cut;
  auto built = rebuild_tournament(event->data);
  auto* t = std::get_if<tournament::Tournament>(&built);
  if (!t) return step_done(id);
  if (in_cut) {
    auto cut = rebuild_top_cut(event->data);
    v1::ServerMessage push;
    push.mutable_tournament_round()->set_tournament_id(id);
    push.mutable_tournament_round()->set_round(static_cast<std::uint32_t>(round));
    push_to_entrants(*event, push);
    if (!cut || cut->champion()) return finish_event(id, "finished");
    return start_top_cut_round(id, {});
  }
  const auto standings = standings_to_wire(id, round, tournament::compute_standings(*t), names_of(event->data));
  const auto body = standings_to_json(standings);
  store(
      id, [id, round, body](pqxx::connection& conn) { persistence::TournamentRepository(conn).save_standings(id, round, body); },
      [this, id, round] {
        auto* e = find(id);
        v1::ServerMessage push;
        push.mutable_tournament_round()->set_tournament_id(id);
        push.mutable_tournament_round()->set_round(static_cast<std::uint32_t>(round));
        push_to_entrants(*e, push);
        auto rebuilt = rebuild_tournament(e->data);
        auto* tt = std::get_if<tournament::Tournament>(&rebuilt);
        if (!tt || !tt->finished()) return pair_round(id);
        const auto ranked = ranked_players(*e);
        const int cut = e->data.config.top_cut;
        if (cut >= 2 && static_cast<int>(ranked.size()) >= cut) return start_top_cut_round(id, ranked);
        finish_event(id, "finished");
      });
}

void TournamentDirector::start_top_cut_round(std::int64_t id, const std::vector<tournament::PlayerId>& ranked) {
  auto* event = find(id);
  std::optional<tournament::TopCut> cut = rebuild_top_cut(event->data);
  if (!cut) {
    auto created = tournament::TopCut::create(ranked, event->data.config.top_cut);
    if (!std::holds_alternative<tournament::TopCut>(created)) return finish_event(id, "finished");
    cut = std::get<tournament::TopCut>(std::move(created));
  }
  const int round = event->data.current_round() + 1;
  const int seconds = event->data.config.round_seconds;
  std::vector<persistence::TableRecord> tables;
  const auto& matches = cut->current_round();
  for (std::size_t i = 0; i < matches.size(); ++i) {
    tables.push_back({round, static_cast<int>(i) + 1, true, matches[i].higher_seed, matches[i].lower_seed,
                      seconds > 0 ? std::optional<std::int64_t>(now_ms() + seconds * 1000LL) : std::nullopt,
                      false});
  }
  store_round(id, std::move(tables), false, {}, {}, nullptr, 0);
}

void TournamentDirector::finish_event(std::int64_t id, const std::string& status) {
  store(
      id, [id, status](pqxx::connection& conn) { persistence::TournamentRepository(conn).set_status(id, status); },
      [this, id, status] {
        auto* e = find(id);
        e->data.record.status = status;
        for (auto& [key, timer] : e->timers) timer->cancel();
        e->timers.clear();
        spdlog::info("tournament {}: {} (seed {})", id, status, e->data.record.seed_hex);
        step_done(id);
      });
}

// --- recovery -----------------------------------------------------------------

void TournamentDirector::load(pqxx::connection& conn) {
  persistence::TournamentRepository repo(conn);
  persistence::PlayerRepository players(conn);
  for (auto& record : repo.list(true)) {
    auto config = config_from_text(record.settings);
    if (!config) {
      spdlog::error("tournament {}: unreadable settings; left as it is", record.id);
      continue;
    }
    auto event = std::make_unique<Event>();
    event->data.record = record;
    event->data.config = *config;
    event->data.entrants = repo.entrants(record.id);
    event->data.tables = repo.tables(record.id);
    event->data.games = repo.games(record.id);
    for (const auto& name : config->staff) {
      if (auto p = players.find_by_username(name)) event->staff.push_back(p->id);
    }
    events_[record.id] = std::move(event);
  }
  spdlog::info("recovery: {} tournament(s) loaded", events_.size());
}

// After the matches were recovered: a game whose room is gone either ended
// before the crash (its match's stored result is recorded now) or had not
// started (a new room; its players are told when they ask for the pairings).
void TournamentDirector::resume(pqxx::connection& conn) {
  persistence::TournamentRepository repo(conn);
  for (auto& [id, event] : events_) {
    if (!running(event->data.record.status)) continue;
    const int round = event->data.current_round();
    for (auto& game : event->data.games) {
      if (game.round != round || !game.winner_side.empty() || ctx_.lobby.find(game.room_id)) continue;
      const auto* t = event->data.table(game.round, game.table_no);
      const auto stored = repo.latest_match_in_room(game.room_id);
      if (!stored) continue;  // not started: reopened below (reconcile sees no game in progress)
      const auto result = result_from_text(stored->result_text);
      std::string side = "draw", reason = "aborted";
      if (stored->status == "finished" && result) {
        side = winner_side(*t, first_seat_of(event->data, *t, game.game_no), *result);
        reason = result->reason;
      }
      repo.set_game_match(id, game.round, game.table_no, game.game_no, stored->match_id);
      repo.record_game(id, game.round, game.table_no, game.game_no, side, reason);
      game.match_id = stored->match_id;
      game.winner_side = side;
      game.reason = reason;
    }
    // Games that never started lost their rooms: they are opened again
    // (reconcile sees no game in progress at their tables).
    auto& games = event->data.games;
    const auto before = games.size();
    games.erase(std::remove_if(games.begin(), games.end(),
                               [&](const persistence::TournamentGameRecord& g) {
                                 return g.round == round && g.winner_side.empty() && !ctx_.lobby.find(g.room_id);
                               }),
                games.end());
    const auto reopened = before - games.size();
    const auto key = id;
    on_strand([key, round](TournamentDirector& d) {
      auto* e = d.find(key);
      if (!e) return;
      for (const auto& t : e->data.tables) {
        if (t.round == round && t.ends_unix_ms && !t.ended) {
          const int table = t.table_no;
          d.arm(key, table_key("time", round, table), *t.ends_unix_ms,
                [&d, key, round, table] { d.time_over(key, round, table); });
        }
      }
      for (const auto& g : e->data.games) {
        if (g.round != round || !g.winner_side.empty()) continue;
        const int table = g.table_no, game_no = g.game_no;
        d.arm(key, table_key("noshow", round, table), now_ms() + e->data.config.no_show_seconds * 1000LL,
              [&d, key, round, table, game_no] { d.no_show(key, round, table, game_no); });
      }
      d.enqueue(key, [&d, key] {
        d.reconcile_round(key);
        d.step_done(key);
      });
    });
    spdlog::info("recovery: tournament {} resumes in round {} ({} game(s) reopened)", id, round, reopened);
  }
}

}  // namespace concord::server
